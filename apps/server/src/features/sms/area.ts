import type { ServerArea } from '../../platform/area.ts';
import * as m096 from './migrations/096-sms.ts';
import * as m097 from './migrations/097-sms-rates.ts';
import * as m106 from './migrations/106-sms-sender-ids.ts';
import { smsJobs } from './sms.jobs.ts';
import { registerSmsRoutes, smsLists } from './sms.routes.ts';

export const area: ServerArea = {
  name: 'sms',
  migrations: { '096-sms': m096, '097-sms-rates': m097, '106-sms-sender-ids': m106 },
  lists: smsLists,
  routes: registerSmsRoutes,
  jobs: smsJobs,
};
