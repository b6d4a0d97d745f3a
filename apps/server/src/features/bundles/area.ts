import type { ServerArea } from '../../platform/area.ts';
import { registerBundleRoutes } from './bundles.routes.ts';
import * as m031 from './migrations/031-bundles.ts';

/** Bundles: the catalogue, the account's enabled bundles and their usage; charged by the billing run. */
export const area: ServerArea = {
  name: 'bundles',
  migrations: { '031-bundles': m031 },
  routes: registerBundleRoutes,
};
