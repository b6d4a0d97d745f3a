import { type AreaPages, listAndRecord } from '../../platform/areas.ts';
import { pickupGroupsArea } from './area.ts';

export const pickupGroupsPages: AreaPages = {
  area: pickupGroupsArea,
  routes: listAndRecord(
    () => import('./pickup-groups-list-page.tsx'),
    () => import('./pickup-groups-detail-page.tsx'),
  ),
};
