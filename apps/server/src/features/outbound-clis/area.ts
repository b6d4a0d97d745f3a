import type { ServerArea } from '../../platform/area.ts';
import * as m092 from './migrations/092-outbound-clis.ts';
import { outboundCliLists, registerOutboundCliRoutes } from './outbound-clis.routes.ts';

export const area: ServerArea = {
  name: 'outbound-clis',
  migrations: { '092-outbound-clis': m092 },
  lists: outboundCliLists,
  routes: registerOutboundCliRoutes,
};
