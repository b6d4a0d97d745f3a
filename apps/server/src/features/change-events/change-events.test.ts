/**
 * The Change Events page's calls: each consumer's lag, its dead events with their errors, Retry (one
 * and all) that hands a dead event over once more, provider admins only; and the state machines' row
 * events naming who acted (migration 076).
 */
import type { ChangeConsumerRecord, DeadEventRecord } from '@switchboard/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumer, recordChange, type StoredChangeEvent } from '../../platform/outbox.ts';
import { createTestContext, json, type TestContext } from '../../test/harness.ts';

interface Page {
  records: DeadEventRecord[];
  totalRecords: number;
  lastPage: boolean;
}
type Reply = { success: boolean; message: string };

const ACCOUNT = 30000;
let t: TestContext;
let admin: Record<string, string>;
/** The labels the failing consumer refuses, and every event it was handed (by label). */
const refused = new Set<string>();
const handed: string[] = [];
const flaky = consumer(
  'test-flaky',
  async (_tx, event: StoredChangeEvent) => {
    if (!event.label?.startsWith('Dead ')) return;
    handed.push(event.label);
    if (refused.has(event.label)) throw new Error(`refused ${event.label}`);
  },
  { attempts: 2, backoffMs: () => 0 },
);

beforeAll(async () => {
  t = await createTestContext();
  t.app.platform.outbox.add(flaky);
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

/** An event of the account, as a request records one (a mobile's description). */
const record = (label: string) =>
  t.app.platform.tenancy.tenant(ACCOUNT, (tx) =>
    recordChange(tx, { accountNo: ACCOUNT, userId: null }, null, {
      area: 'mobile',
      kind: 'update',
      recordId: null,
      label,
    }),
  );
/** Delivers until every consumer has caught up (a failing one needs a run per attempt). */
const drain = async () => {
  for (let i = 0; i < 4; i++) await t.app.platform.outbox.drain(1_000_000);
};
const dead = async (body: object = { filters: { consumer: 'test-flaky' } }) => {
  const res = await t.api('POST', '/change-consumers/dead/0/50', admin, body);
  expect(res.statusCode, res.body).toBe(200);
  return json<Page>(res);
};
const consumers = async () =>
  json<{ consumers: ChangeConsumerRecord[] }>(await t.api('GET', '/change-consumers', admin)).consumers;

describe('the Change Events page', () => {
  it('lists each consumer with its lag, and the events it parked after its attempts with their errors', async () => {
    refused.add('Dead one');
    await record('Dead one');
    const waiting = (await consumers()).find((c) => c.name === 'test-flaky');
    expect(waiting?.lagEvents).toBeGreaterThan(0);
    expect(waiting?.lagSeconds).toBeGreaterThanOrEqual(0);
    await drain();
    expect(handed.filter((l) => l === 'Dead one')).toHaveLength(2); // its two attempts
    expect((await consumers()).map((c) => c.name)).toEqual(['audit', 'test-flaky']);
    expect((await consumers()).find((c) => c.name === 'test-flaky')).toMatchObject({ lagEvents: 0, dead: 1 });
    const page = await dead();
    expect(page.totalRecords).toBe(1);
    expect(page.records[0]).toMatchObject({
      consumer: 'test-flaky',
      attempts: 2,
      error: 'refused Dead one',
      requeuedAt: null,
      accountNo: ACCOUNT,
      area: 'mobile',
      kind: 'update',
      label: 'Dead one',
    });
    expect((await dead({ search: 'Dead one' })).records.map((d) => d.label)).toEqual(['Dead one']);
    expect((await dead({ search: 'nothing like it' })).records).toEqual([]);
    expect((await dead({ filters: { consumer: 'audit' } })).records).toEqual([]);
  });

  it('puts a dead event back for delivery once: delivered, it is no longer dead; failing, it stays with its new error', async () => {
    const [parked] = (await dead({ search: 'Dead one' })).records;
    if (!parked) throw new Error('no dead event');
    const url = `/change-consumers/test-flaky/dead/${parked.eventId}/retry`;
    // Still failing: one more attempt, kept with the error.
    const first = await t.api('POST', url, admin);
    expect(first.statusCode, first.body).toBe(200);
    expect(json<Reply>(first)).toEqual({
      success: true,
      message: `Event ${parked.eventId} put back for delivery to test-flaky`,
    });
    expect((await dead({ search: 'Dead one' })).records[0]?.requeuedAt).not.toBeNull();
    refused.add('Dead one');
    await drain();
    expect(handed.filter((l) => l === 'Dead one')).toHaveLength(3);
    expect((await dead({ search: 'Dead one' })).records[0]).toMatchObject({ attempts: 3, requeuedAt: null });
    // Mended: delivered once, and no longer dead.
    refused.delete('Dead one');
    expect((await t.api('POST', url, admin)).statusCode).toBe(200);
    await drain();
    expect(handed.filter((l) => l === 'Dead one')).toHaveLength(4);
    expect((await dead({ search: 'Dead one' })).records).toEqual([]);
    await drain();
    expect(handed.filter((l) => l === 'Dead one')).toHaveLength(4);
    // Nothing of it left to retry.
    const again = await t.api('POST', url, admin);
    expect(again.statusCode).toBe(404);
    expect(json<Reply>(again).message).toBe('No dead event of that consumer has that id');
    // The retry is a change event of the provider admin's.
    const events = await t.app.platform.tenancy.crossAccount('outbox', (tx) =>
      sql<{ kind: string; label: string; user_id: number | null }>`select kind, label, user_id from change_events
        where area = 'change-events' and record_id = ${parked.eventId} order by id`.execute(tx),
    );
    expect(events.rows).toHaveLength(2);
    expect(events.rows[0]).toMatchObject({ kind: 'retry', label: 'test-flaky' });
    expect(events.rows[0]?.user_id).not.toBeNull();
  });

  it('puts every dead event of a consumer back with Retry all', async () => {
    for (const label of ['Dead two', 'Dead three']) {
      refused.add(label);
      await record(label);
    }
    await drain();
    expect((await dead()).totalRecords).toBe(2);
    refused.clear();
    const all = await t.api('POST', '/change-consumers/test-flaky/retry', admin);
    expect(all.statusCode, all.body).toBe(200);
    expect(json<Reply>(all).message).toBe('2 dead events put back for delivery to test-flaky');
    await drain();
    expect(handed.filter((l) => l === 'Dead two' || l === 'Dead three')).toEqual([
      'Dead two',
      'Dead two',
      'Dead three',
      'Dead three',
      'Dead two',
      'Dead three',
    ]);
    expect((await dead()).records).toEqual([]);
    const none = await t.api('POST', '/change-consumers/test-flaky/retry', admin);
    expect(none.statusCode).toBe(404);
    expect(json<Reply>(none).message).toBe('The consumer has no dead events to retry');
  });

  it('refuses what it cannot answer with a 4xx', async () => {
    expect((await t.api('POST', '/change-consumers/no-such/retry', admin)).statusCode).toBe(404);
    expect((await t.api('POST', '/change-consumers/no-such/dead/1/retry', admin)).statusCode).toBe(404);
    expect((await t.api('POST', '/change-consumers/test-flaky/dead/x/retry', admin)).statusCode).toBe(400);
    expect((await t.api('POST', '/change-consumers/Bad_Name/retry', admin)).statusCode).toBe(400);
    expect((await t.api('POST', '/change-consumers/dead/0/50', admin, { filters: { area: 'x' } })).statusCode).toBe(
      400,
    );
    expect((await t.api('POST', '/change-consumers/dead/0/50', admin, { sortBy: 'error' })).statusCode).toBe(400);
  });

  it('is for provider admins only', async () => {
    for (const user of ['prepay', 'retail', 'reseller', 'viewer']) {
      const who = await t.login(user);
      expect((await t.api('GET', '/change-consumers', who)).statusCode).toBe(403);
      expect((await t.api('POST', '/change-consumers/dead/0/50', who, {})).statusCode).toBe(403);
      expect((await t.api('POST', '/change-consumers/test-flaky/retry', who)).statusCode).toBe(403);
      expect((await t.api('POST', '/change-consumers/test-flaky/dead/1/retry', who)).statusCode).toBe(403);
    }
  });
});

describe('row events name who acted (migration 076)', () => {
  const rowEvents = (kind: string) =>
    t.app.platform.tenancy.crossAccount('outbox', (tx) =>
      sql<{
        account_no: number;
        user_id: number | null;
        puppeteer: number | null;
      }>`select account_no, user_id, puppeteer
        from change_events where label = 'account_bundles' and kind = ${kind} order by id desc limit 1`.execute(tx),
    );
  const userId = async (username: string) =>
    (await sql<{ id: number }>`select id from users where username = ${username}`.execute(t.database.db)).rows[0]?.id;

  it('carries the session’s user, and the provider admin acting as the account, from a request’s transaction', async () => {
    const retail = await t.login('retail');
    const on = await t.api('POST', '/bundle', retail, { bundleId: 2 });
    expect(on.statusCode, on.body).toBe(200);
    expect((await rowEvents('row:insert')).rows[0]).toEqual({
      account_no: ACCOUNT,
      user_id: await userId('retail'),
      puppeteer: null,
    });
    const acting = await t.login('admin');
    expect((await t.api('POST', '/users/auth/disguise', acting, { accountNo: ACCOUNT })).statusCode).toBe(200);
    const id = json<{ id: number }>(on).id;
    expect((await t.api('DELETE', `/bundle/cease/${id}`, acting)).statusCode).toBe(200);
    const adminId = await userId('admin');
    expect((await rowEvents('row:update')).rows[0]).toEqual({
      account_no: ACCOUNT,
      user_id: adminId,
      puppeteer: adminId,
    });
  });

  it('shows in the audit log who wrote a row their request logged nothing else for; a row the act logged is not logged twice', async () => {
    const prepay = await t.login('prepay');
    const res = await t.api('POST', '/account/30001/topup', prepay, { amount: 20, autoTopup: false, threshold: 2 });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.platform.outbox.drain(1_000_000);
    const logged = async (account: number, action: string) =>
      (
        await sql<{ user_id: number | null; label: string }>`select user_id, details->>'label' as label from audit_log
          where account_no = ${account} and action = ${action} order by id`.execute(t.database.db)
      ).rows;
    expect(await logged(30001, 'payments.create')).toEqual([{ user_id: await userId('prepay'), label: 'payments' }]);
    // The bundle enabled above: its route's own event is logged, its row's is not.
    expect((await logged(ACCOUNT, 'bundles.create')).map((e) => e.label)).toEqual(['UK Minutes 3000']);
  });

  it('carries no one from a job’s or the system’s transaction', async () => {
    await t.app.platform.tenancy.tenant(ACCOUNT, (tx) =>
      tx.updateTable('account_bundles').set({ bundle_id: 2 }).where('account_no', '=', ACCOUNT).execute(),
    );
    expect((await rowEvents('row:update')).rows[0]).toEqual({ account_no: ACCOUNT, user_id: null, puppeteer: null });
  });
});
