import { billingRunJob } from '../../modules/billing/index.ts';
import type { ServerArea } from '../../platform/area.ts';
import { registerInvoiceRoutes } from './invoices.routes.ts';
import * as m026 from './migrations/026-invoices.ts';
import * as m086 from './migrations/086-invoice-notes.ts';
import './rentals.ts';

/** Invoices: the monthly billing run's schedule and rentals, the list, detail, PDFs and the void. */
export const area: ServerArea = {
  name: 'invoices',
  migrations: { '026-invoices': m026, '086-invoice-notes': m086 },
  routes: registerInvoiceRoutes,
  jobs: (platform, log) => [billingRunJob(platform.tenancy, log)],
};
