import type { ServerArea } from '../../platform/area.ts';
import * as m003 from './migrations/003-time-profiles.ts';
import { registerTimeProfileRoutes, timeProfileLists } from './time-profiles.routes.ts';

export const area: ServerArea = {
  name: 'time-profiles',
  migrations: { '003-time-profiles': m003 },
  lists: timeProfileLists,
  routes: registerTimeProfileRoutes,
};
