import type { AreaPages } from '../../platform/areas.ts';
import { notificationsArea } from './area.ts';

export const notificationsPages: AreaPages = {
  area: notificationsArea,
  routes: [{ path: '', load: () => import('./notifications-page.tsx') }],
};
