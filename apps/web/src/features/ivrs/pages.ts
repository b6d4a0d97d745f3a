import { type AreaPages, listAndRecord } from '../../platform/areas.ts';
import { ivrsArea } from './area.ts';

export const ivrsPages: AreaPages = {
  area: ivrsArea,
  routes: listAndRecord(
    () => import('./ivrs-list-page.tsx'),
    () => import('./ivrs-detail-page.tsx'),
  ),
};
