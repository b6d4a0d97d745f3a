import type { ServerArea } from '../../platform/area.ts';
import { registerTeamsRoutes } from './teams.routes.ts';

export const area: ServerArea = {
  name: 'teams',
  routes: registerTeamsRoutes,
};
