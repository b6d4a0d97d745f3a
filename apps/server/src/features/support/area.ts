import type { ServerArea } from '../../platform/area.ts';
import * as m088 from './migrations/088-support-settings.ts';
import { registerSupportRoutes } from './support.routes.ts';

/** The support page and the provider's support settings. */
export const area: ServerArea = {
  name: 'support',
  migrations: { '088-support-settings': m088 },
  routes: registerSupportRoutes,
};
