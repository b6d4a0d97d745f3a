import type { ServerArea } from '../../platform/area.ts';
import { registerJobRoutes, sandboxProbeJob } from './jobs.routes.ts';

/** The job queue's page (provider admins): the jobs queued, running and failed, and Retry. */
export const area: ServerArea = {
  name: 'jobs',
  routes: registerJobRoutes,
  jobs: (platform) => (platform.config.sandboxProviders ? [sandboxProbeJob] : []),
};
