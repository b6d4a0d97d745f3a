import type { ServerArea } from '../../platform/area.ts';
import { registerAccountRoutes } from './account.routes.ts';
import { registerEmailChangeRoutes } from './email-change.routes.ts';
import * as m028 from './migrations/028-account-lifecycle.ts';

export const area: ServerArea = {
  name: 'account',
  migrations: { '028-account-lifecycle': m028 },
  routes: (api, platform) => {
    registerAccountRoutes(api, platform);
    registerEmailChangeRoutes(api, platform);
  },
};
