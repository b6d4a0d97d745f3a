import type { ServerArea } from '../../platform/area.ts';
import { registerDirectDebitRoutes } from './direct-debit.routes.ts';
import * as m032 from './migrations/032-direct-debits.ts';

/** Direct debit: the account's mandate, the bank-name and address look-ups. */
export const area: ServerArea = {
  name: 'direct-debit',
  migrations: { '032-direct-debits': m032 },
  routes: (api, platform) => registerDirectDebitRoutes(api, platform),
};
