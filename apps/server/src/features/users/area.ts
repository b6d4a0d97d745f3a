import type { ServerArea } from '../../platform/area.ts';
import * as m024 from './migrations/024-user-versions.ts';
import * as m048 from './migrations/048-email-change.ts';
import { registerUserRoutes } from './users.routes.ts';

export const area: ServerArea = {
  name: 'users',
  migrations: { '024-user-versions': m024, '048-email-change': m048 },
  routes: registerUserRoutes,
};
