import type { ServerArea } from '../../platform/area.ts';
import { registerIdentityRoutes } from './identity.routes.ts';
import * as m037 from './migrations/037-identity.ts';

/** Identity checks of account holders (Stripe Identity or its sandbox): start, the signed result, the status. */
export const area: ServerArea = {
  name: 'identity',
  migrations: { '037-identity': m037 },
  routes: registerIdentityRoutes,
};
