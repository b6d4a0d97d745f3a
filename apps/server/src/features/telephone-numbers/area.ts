import type { ServerArea } from '../../platform/area.ts';
import * as m006 from './migrations/006-telephone-numbers.ts';
import { registerTelephoneNumberRoutes, telephoneNumberLists } from './telephone-numbers.routes.ts';

export const area: ServerArea = {
  name: 'telephone-numbers',
  migrations: {
    '006-telephone-numbers': m006,
  },
  lists: telephoneNumberLists,
  routes: registerTelephoneNumberRoutes,
  // The sandbox emergency registry answers the submissions that are due on a short timer.
  start: (platform) => platform.providers.ems.start(),
};
