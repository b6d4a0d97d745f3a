import { collectionsJobs } from '../../modules/billing/index.ts';
import type { ServerArea } from '../../platform/area.ts';
import { registerDirectDebitRoutes } from './direct-debit.routes.ts';
import * as m032 from './migrations/032-direct-debits.ts';
import * as m039 from './migrations/039-direct-debit-collections.ts';

/** Direct debit: the account's mandate, the bank-name and address look-ups, and the collection run. */
export const area: ServerArea = {
  name: 'direct-debit',
  migrations: { '032-direct-debits': m032, '039-direct-debit-collections': m039 },
  routes: registerDirectDebitRoutes,
  jobs: collectionsJobs,
};
