import type { ServerArea } from '../../platform/area.ts';
import { registerPlatformServerRoutes } from './platform-servers.routes.ts';

/** The provider's servers and their credentials (the table is the platform's: migration 095). */
export const area: ServerArea = {
  name: 'platform-servers',
  routes: registerPlatformServerRoutes,
};
