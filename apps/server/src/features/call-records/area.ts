import type { ServerArea } from '../../platform/area.ts';
import { callRecordJobs } from './call-record-partitions.ts';
import { callRecordLists, registerCallRecordRoutes } from './call-records.routes.ts';
import * as m102 from './migrations/102-call-records.ts';
import * as m105 from './migrations/105-call-record-counts.ts';

export const area: ServerArea = {
  name: 'call-records',
  migrations: { '102-call-records': m102, '105-call-record-counts': m105 },
  lists: callRecordLists,
  routes: registerCallRecordRoutes,
  jobs: callRecordJobs,
};
