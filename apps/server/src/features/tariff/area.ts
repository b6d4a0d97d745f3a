import type { ServerArea } from '../../platform/area.ts';
import * as m080 from './migrations/080-tariff-rates.ts';
import * as m081 from './migrations/081-rate-deck.ts';
import { registerTariffRoutes } from './tariff.routes.ts';

/** Tariff and call costs: the provider's rate deck, the call-cost look-up, the tariff documents. */
export const area: ServerArea = {
  name: 'tariff',
  migrations: { '080-tariff-rates': m080, '081-rate-deck': m081 },
  routes: registerTariffRoutes,
};
