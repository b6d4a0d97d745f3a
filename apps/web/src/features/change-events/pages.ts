import type { AreaPages } from '../../platform/areas.ts';
import { changeEventsArea } from './area.ts';

export const changeEventsPages: AreaPages = {
  area: changeEventsArea,
  routes: [{ path: '', load: () => import('./change-events-page.tsx') }],
};
