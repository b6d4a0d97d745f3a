import type { ServerArea } from '../../platform/area.ts';
import { registerCallFlowRoutes } from './call-flow.routes.ts';

/** Call flow: the trace of a call through the account's routing (no tables of its own). */
export const area: ServerArea = {
  name: 'call-flow',
  routes: registerCallFlowRoutes,
};
