import type { ServerArea } from '../../platform/area.ts';
import { accessListLists, registerAccessListRoutes } from './access-lists.routes.ts';
import * as m002 from './migrations/002-access-lists-mobile.ts';
import * as m049 from './migrations/049-access-list-names.ts';

export const area: ServerArea = {
  name: 'access-lists',
  migrations: { '002-access-lists-mobile': m002, '049-access-list-names': m049 },
  lists: accessListLists,
  routes: registerAccessListRoutes,
};
