import { type AreaPages, listAndRecord } from '../../platform/areas.ts';
import { smsArea } from './area.ts';

export const smsPages: AreaPages = {
  area: smsArea,
  routes: listAndRecord(
    () => import('./sms-list-page.tsx'),
    () => import('./sms-detail-page.tsx'),
  ),
};
