import type { ServerArea } from '../../platform/area.ts';
import { callRecordingLists, registerCallRecordingRoutes } from './call-recording.routes.ts';
import * as m100 from './migrations/100-call-recordings.ts';
import * as m101 from './migrations/101-call-recording-settings.ts';
import { retentionJobs } from './retention.ts';

export const area: ServerArea = {
  name: 'call-recording',
  migrations: { '100-call-recordings': m100, '101-call-recording-settings': m101 },
  lists: callRecordingLists,
  routes: registerCallRecordingRoutes,
  jobs: retentionJobs,
};
