import type { ServerArea } from '../../platform/area.ts';
import { dialThroughLists, registerDialThroughRoutes } from './dial-through.routes.ts';
import * as m019 from './migrations/019-dial-through.ts';

export const area: ServerArea = {
  name: 'dial-through',
  migrations: { '019-dial-through': m019 },
  lists: dialThroughLists,
  routes: registerDialThroughRoutes,
};
