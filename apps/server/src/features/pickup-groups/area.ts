import type { ServerArea } from '../../platform/area.ts';
import * as m016 from './migrations/016-pickup-groups.ts';
import { pickupGroupLists, registerPickupGroupRoutes } from './pickup-groups.routes.ts';

export const area: ServerArea = {
  name: 'pickup-groups',
  migrations: { '016-pickup-groups': m016 },
  lists: pickupGroupLists,
  routes: registerPickupGroupRoutes,
};
