import type { ServerArea } from '../../platform/area.ts';
import { callQueueLists, registerCallQueueRoutes } from './call-queues.routes.ts';
import * as m017 from './migrations/017-call-queues.ts';
import * as m046 from './migrations/046-member-versions.ts';

export const area: ServerArea = {
  name: 'call-queues',
  migrations: { '017-call-queues': m017, '046-queue-member-versions': m046 },
  lists: callQueueLists,
  routes: registerCallQueueRoutes,
};
