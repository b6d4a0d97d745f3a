import { type AreaPages, listAndRecord } from '../../platform/areas.ts';
import { userManagerArea } from './area.ts';

export const userManagerPages: AreaPages = {
  area: userManagerArea,
  routes: listAndRecord(
    () => import('./user-manager-list-page.tsx'),
    () => import('./user-detail-page.tsx'),
  ),
};
