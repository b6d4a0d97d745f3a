import type { ServerArea } from '../../platform/area.ts';
import * as m024 from './migrations/024-user-versions.ts';
import * as m048 from './migrations/048-email-change.ts';
import * as m050 from './migrations/050-usernames-per-account.ts';
import { registerUserRoutes, userLists } from './users.routes.ts';

export const area: ServerArea = {
  name: 'users',
  migrations: {
    '024-user-versions': m024,
    '048-email-change': m048,
    '050-usernames-per-account': m050,
  },
  lists: userLists,
  routes: registerUserRoutes,
};
