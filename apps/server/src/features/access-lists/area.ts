import type { ServerArea } from '../../platform/area.ts';
import { registerAccessListRoutes } from './access-lists.routes.ts';
import * as m002 from './migrations/002-access-lists-mobile.ts';

export const area: ServerArea = {
  name: 'access-lists',
  migrations: { '002-access-lists-mobile': m002 },
  routes: registerAccessListRoutes,
};
