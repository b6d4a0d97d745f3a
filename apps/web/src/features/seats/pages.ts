import { type AreaPages, listAndRecord } from '../../platform/areas.ts';
import { seatsArea } from './area.ts';

export const seatsPages: AreaPages = {
  area: seatsArea,
  routes: listAndRecord(
    () => import('./seats-list-page.tsx'),
    () => import('./seats-detail-page.tsx'),
  ),
};
