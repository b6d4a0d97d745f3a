import { registrationExpiryJob } from '../../modules/endpoints/index.ts';
import type { ServerArea } from '../../platform/area.ts';
import * as m004 from './migrations/004-seats.ts';
import * as m008 from './migrations/008-seat-access.ts';
import * as m053 from './migrations/053-seat-registration-status.ts';
import * as m056 from './migrations/056-seat-destination-label.ts';
import * as m057 from './migrations/057-seat-location.ts';
import * as m093 from './migrations/093-seat-outbound-clis.ts';
import { registerSeatRoutes, seatLists } from './seats.routes.ts';

export const area: ServerArea = {
  name: 'seats',
  migrations: {
    '004-seats': m004,
    '008-seat-access': m008,
    '053-seat-registration-status': m053,
    '056-seat-destination-label': m056,
    '057-seat-location': m057,
    '093-seat-outbound-clis': m093,
  },
  lists: seatLists,
  routes: registerSeatRoutes,
  // Registrations that expire turn their seat's stored status off (migration 053).
  jobs: (platform) => [registrationExpiryJob(platform.tenancy, 'seat_registrations')],
};
