import type { ServerArea } from '../../platform/area.ts';
import * as m030 from './migrations/030-payments.ts';
import { registerPaymentRoutes, startAutoTopUps } from './payments.routes.ts';

/** Card payments: top-ups, invoice payments, the provider's webhook and the sandbox's card form. */
export const area: ServerArea = {
  name: 'payments',
  migrations: { '030-payments': m030 },
  routes: registerPaymentRoutes,
  start: (platform, log) => startAutoTopUps(platform, log),
};
