import { type AreaPages, listAndRecord } from '../../platform/areas.ts';
import { usersArea } from './area.ts';

export const usersPages: AreaPages = {
  area: usersArea,
  routes: listAndRecord(
    () => import('./users-list-page.tsx'),
    () => import('./user-detail-page.tsx'),
  ),
};
