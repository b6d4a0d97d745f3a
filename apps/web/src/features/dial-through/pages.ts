import { type AreaPages, listAndRecord } from '../../platform/areas.ts';
import { dialThroughArea } from './area.ts';

export const dialThroughPages: AreaPages = {
  area: dialThroughArea,
  routes: listAndRecord(
    () => import('./dial-through-list-page.tsx'),
    () => import('./dial-through-detail-page.tsx'),
  ),
};
