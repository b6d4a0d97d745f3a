import type { ServerArea } from '../../platform/area.ts';
import { registerAccountRoutes } from './account.routes.ts';
import * as m028 from './migrations/028-account-lifecycle.ts';

export const area: ServerArea = {
  name: 'account',
  migrations: { '028-account-lifecycle': m028 },
  routes: registerAccountRoutes,
};
