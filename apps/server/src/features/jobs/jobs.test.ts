/** The Jobs page's calls: provider admins only; a failed job listed with its error, and its retry. */
import type { JobRecord } from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Jobs } from '../../platform/jobs.ts';
import { createTestContext, json, type TestContext, until } from '../../test/harness.ts';
import { sandboxProbeJob } from './jobs.routes.ts';

interface Page {
  records: JobRecord[];
  totalRecords: number;
  lastPage: boolean;
}

describe('the Jobs page', () => {
  let t: TestContext;
  let admin: Record<string, string>;
  /** A worker of the probe's queue (the test app's own queue only takes jobs, it runs none). */
  let worker: Jobs;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.login('admin');
    worker = new Jobs(t.database);
    worker.declare(sandboxProbeJob);
    await worker.start({ work: true, pollSeconds: 0.5 });
  });
  afterAll(async () => {
    await worker?.stop(2000);
    await t?.close();
  });

  const list = async (body: object = {}) => {
    const res = await t.api('POST', '/jobs/0/50', admin, body);
    expect(res.statusCode, res.body).toBe(200);
    return json<Page>(res);
  };

  it('lists a failed job with its error and attempts; Retry runs it again', async () => {
    const res = await t.api('POST', '/jobs/sandbox-probe', admin);
    expect(res.statusCode, res.body).toBe(200);
    const { id } = json<{ id: string }>(res);
    const failed = await until(async () =>
      (await list({ filters: { state: 'failed' } })).records.find((j) => j.id === id),
    );
    expect(failed).toMatchObject({
      name: 'sandbox-probe',
      state: 'failed',
      attempts: 1,
      retryLimit: 0,
      lastError: 'The sandbox probe fails its first run on purpose; a retry succeeds.',
    });
    expect(failed.started).not.toBeNull();
    expect(failed.completed).not.toBeNull();
    // The default list is the queued, running and failed ones: the failed job is there.
    expect((await list()).records.map((j) => j.id)).toContain(id);
    expect((await list({ search: 'probe' })).records.map((j) => j.id)).toContain(id);
    expect((await list({ search: 'no-such-job' })).records).toEqual([]);

    const retry = await t.api('POST', `/jobs/${id}/retry`, admin);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(json(retry)).toMatchObject({ success: true, message: 'Job sandbox-probe queued to run again' });
    const done = await until(async () =>
      (await list({ filters: { state: 'completed' } })).records.find((j) => j.id === id),
    );
    expect(done.attempts).toBe(2);
    expect((await list({ filters: { state: 'failed' } })).records.map((j) => j.id)).not.toContain(id);
    // A job that has not failed is not retried.
    expect((await t.api('POST', `/jobs/${id}/retry`, admin)).statusCode).toBe(404);
  });

  it('is for provider admins only', async () => {
    for (const user of ['prepay', 'retail', 'reseller', 'viewer']) {
      const who = await t.login(user);
      expect((await t.api('POST', '/jobs/0/50', who, {})).statusCode).toBe(403);
      expect((await t.api('POST', '/jobs/00000000-0000-0000-0000-000000000000/retry', who)).statusCode).toBe(403);
      expect((await t.api('POST', '/jobs/sandbox-probe', who)).statusCode).toBe(403);
    }
  });

  it('refuses what it cannot answer with a 4xx', async () => {
    expect((await t.api('POST', '/jobs/0/50', admin, { filters: { state: 'lost' } })).statusCode).toBe(400);
    expect((await t.api('POST', '/jobs/0/50', admin, { filters: { accountNo: 1 } })).statusCode).toBe(400);
    expect((await t.api('POST', '/jobs/0/50', admin, { sortBy: 'name' })).statusCode).toBe(400);
    expect((await t.api('POST', '/jobs/not-a-uuid/retry', admin)).statusCode).toBe(400);
    expect((await t.api('POST', '/jobs/00000000-0000-0000-0000-000000000000/retry', admin)).statusCode).toBe(404);
  });
});
