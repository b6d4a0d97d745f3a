import { type AreaPages, listAndRecord } from '../../platform/areas.ts';
import { mobileArea } from './area.ts';

export const mobilePages: AreaPages = {
  area: mobileArea,
  routes: listAndRecord(
    () => import('./mobile-list-page.tsx'),
    () => import('./mobile-detail-page.tsx'),
  ),
};
