import { type AreaPages, listAndRecord } from '../../platform/areas.ts';
import { callGroupsArea } from './area.ts';

export const callGroupsPages: AreaPages = {
  area: callGroupsArea,
  routes: listAndRecord(
    () => import('./call-groups-list-page.tsx'),
    () => import('./call-groups-detail-page.tsx'),
  ),
};
