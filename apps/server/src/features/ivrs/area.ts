import type { ServerArea } from '../../platform/area.ts';
import { ivrListFields, registerIvrRoutes } from './ivrs.routes.ts';
import * as m015 from './migrations/015-ivrs.ts';

export const area: ServerArea = {
  name: 'ivrs',
  migrations: { '015-ivrs': m015 },
  lists: [ivrListFields],
  routes: registerIvrRoutes,
};
