import type { ServerArea } from '../../platform/area.ts';
import { mobileLists, registerMobileRoutes } from './mobile.routes.ts';

export const area: ServerArea = {
  name: 'mobile',
  lists: mobileLists,
  routes: registerMobileRoutes,
};
