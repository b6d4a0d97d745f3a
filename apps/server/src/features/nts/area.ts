import type { ServerArea } from '../../platform/area.ts';
import * as m014 from './migrations/014-nts.ts';
import { ntsListFields, registerNtsRoutes } from './nts.routes.ts';

export const area: ServerArea = {
  name: 'nts',
  migrations: { '014-nts': m014 },
  lists: [ntsListFields],
  routes: registerNtsRoutes,
};
