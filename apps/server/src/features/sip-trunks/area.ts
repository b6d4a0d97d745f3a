import type { ServerArea } from '../../platform/area.ts';
import * as m005 from './migrations/005-sip-trunks.ts';
import { registerSipTrunkRoutes, sipTrunkLists } from './sip-trunks.routes.ts';

export const area: ServerArea = {
  name: 'sip-trunks',
  migrations: { '005-sip-trunks': m005 },
  lists: sipTrunkLists,
  routes: registerSipTrunkRoutes,
};
