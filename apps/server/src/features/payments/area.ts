import { offSessionJob, sandboxPayPalJobs } from '../../modules/billing/index.ts';
import type { ServerArea } from '../../platform/area.ts';
import * as m030 from './migrations/030-payments.ts';
import * as m033 from './migrations/033-paypal.ts';
import * as m034 from './migrations/034-invoice-auto-pay.ts';
import * as m035 from './migrations/035-saved-cards.ts';
import * as m036 from './migrations/036-paypal-webhooks.ts';
import { registerPaymentRoutes } from './payments.routes.ts';

/** Card and PayPal payments: top-ups, invoice payments, the provider's webhook and the sandbox's card form. */
export const area: ServerArea = {
  name: 'payments',
  migrations: {
    '030-payments': m030,
    '033-paypal': m033,
    '034-invoice-auto-pay': m034,
    '035-saved-cards': m035,
    '036-paypal-webhooks': m036,
  },
  routes: registerPaymentRoutes,
  jobs: (platform) => [offSessionJob(platform), ...sandboxPayPalJobs(platform)],
};
