import type { ServerArea } from '../../platform/area.ts';
import { callMonitoringLists, registerCallMonitoringRoutes } from './call-monitoring.routes.ts';
import * as m021 from './migrations/021-call-monitoring.ts';

export const area: ServerArea = {
  name: 'call-monitoring',
  migrations: { '021-call-monitoring': m021 },
  lists: callMonitoringLists,
  routes: registerCallMonitoringRoutes,
};
