import type { ServerArea } from '../../platform/area.ts';
import * as m087 from './migrations/087-porting-requests.ts';
import { registerPortingRoutes } from './porting.routes.ts';

/** Advice of transfer: porting-away requests, the public /AOT page's calls, the provider admin's raise and cancel. */
export const area: ServerArea = {
  name: 'porting',
  migrations: { '087-porting-requests': m087 },
  routes: registerPortingRoutes,
};
