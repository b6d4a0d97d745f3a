import type { ServerArea } from '../../platform/area.ts';
import { registerCallQueueRoutes } from './call-queues.routes.ts';
import * as m017 from './migrations/017-call-queues.ts';

export const area: ServerArea = {
  name: 'call-queues',
  migrations: { '017-call-queues': m017 },
  routes: registerCallQueueRoutes,
};
