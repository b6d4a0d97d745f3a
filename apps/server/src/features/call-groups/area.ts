import type { ServerArea } from '../../platform/area.ts';
import { callGroupLists, registerCallGroupRoutes } from './call-groups.routes.ts';
import * as m013 from './migrations/013-call-groups.ts';
import * as m045 from './migrations/045-member-versions.ts';

export const area: ServerArea = {
  name: 'call-groups',
  migrations: { '013-call-groups': m013, '045-call-group-member-versions': m045 },
  lists: callGroupLists,
  routes: registerCallGroupRoutes,
};
