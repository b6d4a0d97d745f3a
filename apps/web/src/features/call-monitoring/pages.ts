import { type AreaPages, listAndRecord } from '../../platform/areas.ts';
import { callMonitoringArea } from './area.ts';

export const callMonitoringPages: AreaPages = {
  area: callMonitoringArea,
  routes: listAndRecord(
    () => import('./call-monitoring-list-page.tsx'),
    () => import('./call-monitoring-detail-page.tsx'),
  ),
};
