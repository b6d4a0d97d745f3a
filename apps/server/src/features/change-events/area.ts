import type { ServerArea } from '../../platform/area.ts';
import { registerChangeEventRoutes } from './change-events.routes.ts';

/** The Change Events page (provider admins): each consumer's dead events, and Retry. */
export const area: ServerArea = {
  name: 'change-events',
  routes: registerChangeEventRoutes,
};
