import type { ServerArea } from '../../platform/area.ts';
import { registerMobileRoutes } from './mobile.routes.ts';

export const area: ServerArea = {
  name: 'mobile',
  routes: registerMobileRoutes,
};
