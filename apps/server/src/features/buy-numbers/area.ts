import { releaseQuarantined } from '../../modules/numbering/index.ts';
import type { ServerArea } from '../../platform/area.ts';
import { job } from '../../platform/jobs.ts';
import { registerBuyNumberRoutes } from './buy-numbers.routes.ts';
import * as m077 from './migrations/077-number-stock.ts';
import * as m078 from './migrations/078-number-stock-events.ts';

export const area: ServerArea = {
  name: 'buy-numbers',
  migrations: { '077-number-stock': m077, '078-number-stock-events': m078 },
  routes: registerBuyNumberRoutes,
  // Numbers given back return to stock once their quarantine has passed (checked hourly).
  jobs: (platform) => [
    job('number-quarantine', () => platform.tenancy.crossAccount('numbering', (tx) => releaseQuarantined(tx)), {
      schedule: '23 * * * *',
      singleton: true,
    }),
  ],
};
