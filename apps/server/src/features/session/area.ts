import type { ServerArea } from '../../platform/area.ts';
import { registerSessionRoutes } from './session.routes.ts';

export const area: ServerArea = {
  name: 'session',
  routes: registerSessionRoutes,
};
