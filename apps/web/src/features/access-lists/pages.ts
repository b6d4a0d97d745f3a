import { type AreaPages, listAndRecord } from '../../platform/areas.ts';
import { accessListsArea } from './area.ts';

export const accessListsPages: AreaPages = {
  area: accessListsArea,
  routes: listAndRecord(
    () => import('./access-lists-list-page.tsx'),
    () => import('./access-lists-detail-page.tsx'),
  ),
};
