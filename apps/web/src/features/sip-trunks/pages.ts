import { type AreaPages, listAndRecord } from '../../platform/areas.ts';
import { sipTrunksArea } from './area.ts';

export const sipTrunksPages: AreaPages = {
  area: sipTrunksArea,
  routes: listAndRecord(
    () => import('./sip-trunks-list-page.tsx'),
    () => import('./sip-trunks-detail-page.tsx'),
  ),
};
