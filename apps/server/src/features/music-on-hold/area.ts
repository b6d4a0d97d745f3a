import type { ServerArea } from '../../platform/area.ts';
import * as m012 from './migrations/012-music-on-hold.ts';
import { musicOnHoldLists, registerMusicOnHoldRoutes } from './music-on-hold.routes.ts';

export const area: ServerArea = {
  name: 'music-on-hold',
  migrations: { '012-music-on-hold': m012 },
  lists: musicOnHoldLists,
  routes: registerMusicOnHoldRoutes,
};
