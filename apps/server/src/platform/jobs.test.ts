import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, until } from '../test/harness.ts';
import { type JobRow, Jobs, job } from './jobs.ts';
import { createTenancy } from './tenancy.ts';

/** Waits until `check` answers something truthy (or fails after `ms`). */
describe('the job queue (pg-boss)', () => {
  let ctx: TestContext;
  let jobs: Jobs;
  const runs: Record<string, unknown[]> = {
    scheduled: [],
    every: [],
    flaky: [],
    doomed: [],
    committed: [],
    'rolled-back': [],
  };
  let doomedFails = true;
  const errors: unknown[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    jobs = new Jobs(ctx.database);
    jobs.declare(
      job('test-scheduled', async () => runs.scheduled?.push(Date.now()), { schedule: '* * * * * *', singleton: true }),
      job(
        'test-every',
        async () => {
          runs.every?.push(Date.now());
          // Every other run fails: its successor is enqueued all the same.
          if ((runs.every?.length ?? 0) % 2 === 0) throw new Error('an every job fails');
        },
        { every: 1, singleton: true },
      ),
      job(
        'test-flaky',
        async (data: { n: number }, { attempt }) => {
          runs.flaky?.push({ ...data, attempt });
          if (attempt === 1) throw new Error('first attempt fails');
        },
        { retry: 2, backoff: 1 },
      ),
      job(
        'test-doomed',
        async (_data, { attempt }) => {
          runs.doomed?.push(attempt);
          if (doomedFails) throw new Error(`boom on attempt ${attempt}`);
        },
        { retry: 1, backoff: false },
      ),
      job('test-committed', async (data: { marker: string }) => runs.committed?.push(data.marker)),
      job('test-rolled-back', async (data: { marker: string }) => runs['rolled-back']?.push(data.marker)),
    );
    await jobs.start({
      work: true,
      pollSeconds: 0.5,
      cronCheckSeconds: 2,
      log: { info: () => undefined, error: (e) => errors.push(e) },
    });
  });
  afterAll(async () => {
    await jobs?.stop(2000);
    await ctx?.close();
  });

  const find = async (id: string): Promise<JobRow | undefined> => {
    const { records } = await jobs.list({
      states: ['created', 'retry', 'active', 'completed', 'failed'],
      offset: 0,
      limit: -1,
    });
    return records.find((r) => r.id === id);
  };

  it('runs a scheduled job on its schedule', async () => {
    await until(async () => (runs.scheduled?.length ?? 0) >= 1, 25_000);
  });

  it('runs an `every` job again and again, one queued at a time, a failed run followed all the same', async () => {
    await until(async () => (runs.every?.length ?? 0) >= 4, 20_000);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
      where name = 'test-every' and state in ('created', 'retry')`.execute(ctx.database.db);
    expect(rows[0]?.n).toBeLessThanOrEqual(1);
    // An enqueue while one is queued is dropped (singleton): of two in a row at most one is taken (the
    // job's own next run may be the one queued, or be fetched between them), and never two wait.
    const twice = [
      await jobs.enqueue(null, 'test-every', null, { startAfter: 30 }),
      await jobs.enqueue(null, 'test-every', null, { startAfter: 30 }),
    ];
    expect(twice.filter((id) => id !== null).length).toBeLessThanOrEqual(1);
    const queued = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
      where name = 'test-every' and state in ('created', 'retry')`.execute(ctx.database.db);
    expect(queued.rows[0]?.n).toBeLessThanOrEqual(1);
    const failed = await jobs.list({ states: ['failed'], offset: 0, limit: 50, search: 'test-every' });
    expect(failed.records[0]?.lastError).toBe('an every job fails');
  });

  it('retries a failed run after its back-off, and the retry succeeds', async () => {
    const id = await jobs.enqueue(null, 'test-flaky', { n: 7 });
    expect(id).toBeTruthy();
    const done = await until(async () => {
      const row = await find(String(id));
      return row?.state === 'completed' ? row : undefined;
    });
    expect(runs.flaky).toEqual([
      { n: 7, attempt: 1 },
      { n: 7, attempt: 2 },
    ]);
    expect(done.attempts).toBe(2);
  });

  it('keeps a job that failed every attempt with its error; a retry runs it again', async () => {
    const id = String(await jobs.enqueue(null, 'test-doomed', {}));
    const dead = await until(async () => {
      const row = await find(id);
      return row?.state === 'failed' ? row : undefined;
    });
    expect(runs.doomed).toEqual([1, 2]);
    expect(dead.lastError).toBe('boom on attempt 2');
    expect(dead.attempts).toBe(2);
    const failed = await jobs.list({ states: ['failed'], offset: 0, limit: 10 });
    expect(failed.records.map((r) => r.id)).toContain(id);

    doomedFails = false;
    expect(await jobs.retry(id)).toBe('test-doomed');
    await until(async () => (await find(id))?.state === 'completed');
    expect(runs.doomed?.length).toBe(3);
    // Only a failed job is retried.
    expect(await jobs.retry(id)).toBeNull();
    expect(await jobs.retry('00000000-0000-0000-0000-000000000000')).toBeNull();
  });

  it('runs a job enqueued in a committed transaction (as the tenant), never one whose transaction rolled back', async () => {
    const tenancy = createTenancy(ctx.database.db);
    const kept = await tenancy.tenant(1, (tx) => jobs.enqueue(tx, 'test-committed', { marker: 'kept' }));
    const lost = await tenancy
      .crossAccount('outbox', async (tx) => {
        await jobs.enqueue(tx, 'test-rolled-back', { marker: 'lost' });
        throw new Error('the change fails');
      })
      .catch((error: Error) => error.message);
    expect(lost).toBe('the change fails');
    // The handler's run, then pg-boss's completion of the job (a statement after it).
    await until(async () => (await find(String(kept)))?.state === 'completed');
    expect(runs.committed).toContain('kept');
    // The committed one has run; the rolled-back one left no row to run.
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from pgboss.job where name = 'test-rolled-back'`.execute(ctx.database.db);
    expect(rows[0]?.n).toBe(0);
    expect(runs['rolled-back']).toEqual([]);
  });

  it("never slips its own statements into a transaction held open meanwhile (PGlite's one connection)", async () => {
    const tenancy = createTenancy(ctx.database.db);
    const before = errors.filter((e) => !String(e).includes('an every job fails')).length;
    // The workers poll every half second; the tenant's transaction stays open for longer. A poll sent
    // into it would run as the tenant role, which may not read the job table: an error.
    const outcome = await tenancy
      .tenant(1, async (tx) => {
        await jobs.enqueue(tx, 'test-rolled-back', { marker: 'held' });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await sql`select 1`.execute(tx);
        throw new Error('rolled back');
      })
      .catch((error: Error) => error.message);
    expect(outcome).toBe('rolled back');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(errors.filter((e) => !String(e).includes('an every job fails')).slice(before)).toEqual([]);
    expect(runs['rolled-back']).toEqual([]);
  });

  it('refuses a job nobody declared', async () => {
    await expect(jobs.enqueue(null, 'test-unknown', {})).rejects.toThrow('No job is declared as test-unknown');
  });
});
