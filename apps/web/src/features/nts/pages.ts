import { type AreaPages, listAndRecord } from '../../platform/areas.ts';
import { ntsArea } from './area.ts';

export const ntsPages: AreaPages = {
  area: ntsArea,
  routes: listAndRecord(
    () => import('./nts-list-page.tsx'),
    () => import('./nts-detail-page.tsx'),
  ),
};
