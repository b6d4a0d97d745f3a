import type { AreaPages } from '../../platform/areas.ts';
import { timeProfilesArea } from './area.ts';

export const timeProfilesPages: AreaPages = {
  area: timeProfilesArea,
  routes: [
    { path: '', load: () => import('./time-profiles-list-page.tsx') },
    { path: ':id', load: () => import('./time-profiles-detail-page.tsx') },
    { path: ':timeProfileId/calendars/:id', load: () => import('./calendar-entry-page.tsx') },
  ],
};
