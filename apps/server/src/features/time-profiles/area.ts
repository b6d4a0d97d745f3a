import type { ServerArea } from '../../platform/area.ts';
import * as m003 from './migrations/003-time-profiles.ts';
import { registerTimeProfileRoutes } from './time-profiles.routes.ts';

export const area: ServerArea = {
  name: 'time-profiles',
  migrations: { '003-time-profiles': m003 },
  routes: registerTimeProfileRoutes,
};
