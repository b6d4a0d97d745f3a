import type { ServerArea } from '../../platform/area.ts';
import { conferenceListFields, registerConferenceRoutes } from './conferencing.routes.ts';
import * as m020 from './migrations/020-conference.ts';

export const area: ServerArea = {
  name: 'conferencing',
  migrations: { '020-conference': m020 },
  lists: [conferenceListFields],
  routes: registerConferenceRoutes,
};
