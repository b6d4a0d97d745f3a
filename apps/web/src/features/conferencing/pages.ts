import { type AreaPages, listAndRecord } from '../../platform/areas.ts';
import { conferencingArea } from './area.ts';

export const conferencingPages: AreaPages = {
  area: conferencingArea,
  routes: listAndRecord(
    () => import('./conferencing-list-page.tsx'),
    () => import('./conferencing-detail-page.tsx'),
  ),
};
