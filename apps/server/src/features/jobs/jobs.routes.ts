/**
 * The Jobs page's calls (provider admins only): the job queue's jobs listed by state, a failed one
 * run again, and — with sandbox providers — a probe job to try that with.
 */
import {
  isProviderAdmin,
  JOB_STATES,
  type JobRecord,
  type JobStateName,
  jobRoutes,
  type ListFilters,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError, validationError } from '../../platform/errors.ts';
import { type JobDefinition, type JobRow, type JobState, job } from '../../platform/jobs.ts';
import { recordChange } from '../../platform/outbox.ts';
import type { Platform } from '../../platform/platform.ts';
import { openRoute } from '../../platform/routes.ts';

/** pg-boss's states behind each of the page's. */
const QUEUE_STATES: Record<JobStateName, readonly JobState[]> = {
  queued: ['created', 'retry'],
  running: ['active'],
  failed: ['failed'],
  completed: ['completed'],
};

const stateName = (state: JobState): JobStateName =>
  JOB_STATES.find((name) => QUEUE_STATES[name].includes(state)) ?? 'completed';

function jobRecord(row: JobRow): JobRecord {
  return {
    id: row.id,
    name: row.name,
    state: stateName(row.state),
    attempts: row.attempts,
    retryLimit: row.retryLimit,
    lastError: row.lastError,
    created: row.createdOn.toISOString(),
    runAfter: row.startAfter.toISOString(),
    started: row.startedOn?.toISOString() ?? null,
    completed: row.completedOn?.toISOString() ?? null,
  };
}

/** The pg-boss states a list asks for: its state filter's, or queued, running and failed. */
function statesOf(filters: ListFilters | undefined, sortBy: string | undefined): JobState[] {
  const { state, ...others } = filters ?? {};
  const unknown = Object.keys(others)[0];
  if (unknown !== undefined) throw validationError({ [`filters.${unknown}`]: `Jobs cannot be filtered by ${unknown}` });
  if (sortBy !== undefined && sortBy !== 'created') throw validationError({ sortBy: 'Jobs are listed newest first' });
  if (state === undefined) return [...QUEUE_STATES.queued, ...QUEUE_STATES.running, ...QUEUE_STATES.failed];
  const name = JOB_STATES.find((s) => s === state);
  if (!name) throw validationError({ 'filters.state': `The state is one of ${JOB_STATES.join(', ')}` });
  return [...QUEUE_STATES[name]];
}

/** The sandbox's probe: its first run fails on purpose, a retry succeeds. */
export const sandboxProbeJob: JobDefinition = job(
  'sandbox-probe',
  async (_data, { attempt }) => {
    if (attempt === 1) throw new Error('The sandbox probe fails its first run on purpose; a retry succeeds.');
  },
  { retry: 0 },
);

export function registerJobRoutes(api: FastifyInstance, platform: Platform): void {
  const allow = isProviderAdmin;
  openRoute(api, platform, jobRoutes.list, {
    allow,
    changesState: false,
    handler: async (_ctx, { params, body }) => {
      const states = statesOf(body.filters, body.sortBy);
      const search = body.search?.trim() ? body.search.trim() : undefined;
      const { records, totalRecords } = await platform.jobs.list({ ...params, states, search });
      const lastPage = params.limit === -1 || params.offset + params.limit >= totalRecords;
      return { records: records.map(jobRecord), totalRecords, lastPage };
    },
  });

  openRoute(api, platform, jobRoutes.retry, {
    allow,
    handler: async ({ auth, request }, { params }) => {
      const retried = await platform.jobs.retry(params.id);
      if (!retried || !auth) throw new HttpError(404, 'No failed job has that id');
      await platform.tenancy.tenant(auth.accountNo, (tx) =>
        recordChange(tx, auth, request.ip, { area: 'jobs', recordId: null, kind: 'retry', label: retried }),
      );
      return { success: true, message: `Job ${retried} queued to run again` };
    },
  });

  if (!platform.config.sandboxProviders) return;
  openRoute(api, platform, jobRoutes.probe, {
    allow,
    handler: async () => ({ id: await platform.jobs.enqueue(null, sandboxProbeJob.name, null) }),
  });
}
