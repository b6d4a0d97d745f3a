import type { ServerArea } from '../../platform/area.ts';
import { registerIdentityRoutes } from './identity.routes.ts';
import * as m037 from './migrations/037-identity.ts';
import * as m071 from './migrations/071-identity-events-inbound.ts';

/** Identity checks of account holders (Stripe Identity or its sandbox): start, the signed result, the status. */
export const area: ServerArea = {
  name: 'identity',
  migrations: { '037-identity': m037, '071-identity-events-inbound': m071 },
  routes: registerIdentityRoutes,
};
