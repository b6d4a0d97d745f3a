import type { ServerArea } from '../../platform/area.ts';
import { registerDestinationRoutes } from './destinations.routes.ts';

export const area: ServerArea = {
  name: 'destinations',
  routes: registerDestinationRoutes,
};
