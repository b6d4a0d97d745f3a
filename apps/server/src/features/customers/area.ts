import type { ServerArea } from '../../platform/area.ts';
import { registerCustomerRoutes } from './customers.routes.ts';

export const area: ServerArea = {
  name: 'customers',
  routes: registerCustomerRoutes,
};
