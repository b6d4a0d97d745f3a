import { type AreaPages, listAndRecord } from '../../platform/areas.ts';
import { musicOnHoldArea } from './area.ts';

export const musicOnHoldPages: AreaPages = {
  area: musicOnHoldArea,
  routes: listAndRecord(
    () => import('./music-list-page.tsx'),
    () => import('./music-detail-page.tsx'),
  ),
};
