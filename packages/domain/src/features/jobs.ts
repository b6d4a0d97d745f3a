/**
 * The job queue (issue 26 item 3), as provider admins see it: the Jobs page lists the jobs queued,
 * running and failed (and, when asked, completed) — name, state, attempts, last error, when it was
 * created, started and completed — and runs a failed one again.
 */
import { z } from 'zod';
import { pagedListRoute, route } from '../contract.ts';
import { saveReply } from '../paging.ts';

/** A job's state as the page names it (queued includes a failed run waiting for its retry). */
export const JOB_STATES = ['queued', 'running', 'failed', 'completed'] as const;
export type JobStateName = (typeof JOB_STATES)[number];

export const JOB_STATE_LABELS: Record<JobStateName, string> = {
  queued: 'Queued',
  running: 'Running',
  failed: 'Failed',
  completed: 'Completed',
};

export const jobRecord = z.object({
  /** pg-boss's id (a UUID). */
  id: z.string(),
  /** The job's name ('billing-run', 'registration-expiry-seat-registrations'). */
  name: z.string(),
  state: z.enum(JOB_STATES),
  /** Runs started so far. */
  attempts: z.number().int(),
  /** Runs allowed after the first before the job is kept as failed. */
  retryLimit: z.number().int(),
  /** The last failed run's error, if any. */
  lastError: z.string().nullable(),
  /** ISO 8601. */
  created: z.string(),
  /** When it may run (a retry's back-off, a job enqueued for later). */
  runAfter: z.string(),
  started: z.string().nullable(),
  completed: z.string().nullable(),
});
export type JobRecord = z.infer<typeof jobRecord>;

export const jobIdParam = z.object({ id: z.uuid({ error: 'Not a job id' }) });

const tag = 'jobs';

export const jobRoutes = {
  /** The jobs, newest first; `filters.state` one of JOB_STATES (default: queued, running and failed); `search` in the name. */
  list: pagedListRoute('/jobs', jobRecord, tag),
  /** Runs a failed job again. */
  retry: route({ method: 'POST', path: '/jobs/:id/retry', params: jobIdParam, reply: saveReply, tag }),
  /**
   * The sandbox's probe (sandbox providers only): a job whose first run fails on purpose and whose
   * retry succeeds — what the Jobs page's Retry is tried with.
   */
  probe: route({
    method: 'POST',
    path: '/jobs/sandbox-probe',
    reply: z.object({ id: z.string().nullable() }),
    tag,
  }),
};
