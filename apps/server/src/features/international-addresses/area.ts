import type { ServerArea } from '../../platform/area.ts';
import { internationalLists } from './addresses.ts';
import { registerInternationalRoutes } from './international-addresses.routes.ts';
import * as m083 from './migrations/083-international-stock.ts';
import * as m084 from './migrations/084-international-addresses.ts';
import * as m085 from './migrations/085-international-orders.ts';
import * as m094 from './migrations/094-us-states.ts';

/**
 * International addresses (issue 27): the provider's international stock and regulations, the
 * accounts' addresses, proof documents and linked numbers. Wholesale accounts and provider admins.
 */
export const area: ServerArea = {
  name: 'international-addresses',
  migrations: {
    '083-international-stock': m083,
    '084-international-addresses': m084,
    '085-international-orders': m085,
    '094-us-states': m094,
  },
  lists: internationalLists,
  routes: registerInternationalRoutes,
};
