import type { ServerArea } from '../../platform/area.ts';
import { registerRoutingHealthRoutes } from './routing-health.routes.ts';

/** Routing health: the lint of the account's routing, and the loop check of its saves (no tables of its own). */
export const area: ServerArea = {
  name: 'routing-health',
  routes: registerRoutingHealthRoutes,
};
