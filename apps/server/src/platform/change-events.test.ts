/**
 * Every write is a change event (migration 064), and the consumers are durable (migration 065):
 * cursors, at-least-once across failures, back-off, dead events, lag, and the NOTIFY wake-up.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_EVENT_EXEMPT, ROW_EVENT_TABLES } from '../db/tenancy-sql.ts';
import { postToLedger } from '../modules/billing/ledger.ts';
import { createTestContext, json, onPostgres, type TestContext } from '../test/harness.ts';
import { adminUrl, databaseUrl } from '../test/template.ts';
import { listenForChanges, listenForChangesEmbedded } from './change-listener.ts';
import {
  type ChangeConsumer,
  consumer,
  exemptFromChangeEvents,
  Outbox,
  recordChange,
  type StoredChangeEvent,
} from './outbox.ts';
import type { Tenancy, Tx } from './tenancy.ts';

let t: TestContext;
let tenancy: Tenancy;
beforeAll(async () => {
  t = await createTestContext();
  tenancy = t.app.platform.tenancy;
});
afterAll(async () => t?.close());

const ACCOUNT = 30000;
const actor = { accountNo: ACCOUNT, userId: null };
/** A mobile's description written in a tenant transaction, with its event unless told otherwise. */
async function rename(description: string, options: { event?: boolean; exempt?: string } = {}): Promise<number> {
  return tenancy.tenant(ACCOUNT, async (tx) => {
    const mobile = await tx.selectFrom('mobiles').select('id').orderBy('id').executeTakeFirstOrThrow();
    await tx.updateTable('mobiles').set({ description }).where('id', '=', mobile.id).execute();
    if (options.exempt) await exemptFromChangeEvents(tx, options.exempt);
    if (options.event ?? true) {
      await recordChange(tx, actor, null, {
        area: 'mobile',
        kind: 'update',
        recordId: mobile.id,
        after: { mobileDescription: description },
        label: description,
      });
    }
    return mobile.id;
  });
}
/** The events a test consumer saw that this test made (labelled `prefix…`), in delivery order. */
const seenOf = (seen: StoredChangeEvent[], prefix: string) =>
  seen.filter((e) => e.label?.startsWith(prefix)).map((e) => e.label);
/** A consumer that remembers what it was handed; `fail(event)` says when it throws instead. */
function recorder(name: string, fail: (event: StoredChangeEvent) => boolean = () => false, attempts = 5) {
  const seen: StoredChangeEvent[] = [];
  const handled: StoredChangeEvent[] = [];
  const c: ChangeConsumer = consumer(
    name,
    async (_tx: Tx, event) => {
      seen.push(event);
      if (fail(event)) throw new Error(`${name} refused ${event.label}`);
      handled.push(event);
    },
    { attempts, backoffMs: () => 0 },
  );
  return { c, seen, handled };
}

describe('the change-event guard (migration 064)', () => {
  it('refuses to commit a write of a tenant table without its change event', async () => {
    await expect(rename('Guard: no event', { event: false })).rejects.toThrow(
      /a write to mobiles without its change event/,
    );
    const stored = await tenancy.tenant(ACCOUNT, (tx) =>
      tx.selectFrom('mobiles').select('description').where('description', '=', 'Guard: no event').execute(),
    );
    expect(stored).toEqual([]);
    // With its event, whether recorded after the write (here) or before it, the write commits.
    await rename('Guard: with event');
    await tenancy.tenant(ACCOUNT, async (tx) => {
      await recordChange(tx, actor, null, { area: 'mobile', kind: 'update', recordId: null, label: 'Guard: first' });
      await tx
        .updateTable('mobiles')
        .set({ description: 'Guard: event first' })
        .where('account_no', '=', ACCOUNT)
        .execute();
    });
  });

  it('lets a named exemption commit, and takes an event rolled back to a savepoint back with its write', async () => {
    await rename('Guard: exempt', { event: false, exempt: 'test fixture' });
    await expect(
      tenancy.tenant(ACCOUNT, async (tx) => {
        await tx
          .updateTable('mobiles')
          .set({ description: 'Guard: savepoint' })
          .where('account_no', '=', ACCOUNT)
          .execute();
        await sql`savepoint s`.execute(tx);
        await recordChange(tx, actor, null, { area: 'mobile', kind: 'update', recordId: null });
        await sql`rollback to savepoint s`.execute(tx);
      }),
    ).rejects.toThrow(/without its change event/);
  });

  it('guards every tenant table but the named exemptions, and writes by triggers or outside the platform not at all', async () => {
    const { rows } = await sql<{ table: string; guarded: boolean }>`select c.relname as table,
        exists (select from pg_trigger g where g.tgrelid = c.oid and g.tgname = c.relname || '_change_event') as guarded
      from pg_class c where c.relkind = 'r' and c.relforcerowsecurity and not c.relispartition order by 1`.execute(
      t.database.db,
    );
    const unguarded = rows.filter((r) => !r.guarded).map((r) => r.table);
    // The exempt, and those whose every row records its own event (migration 066). A partition has
    // its parent's trigger (cloned under the parent's name) and is written through the parent.
    expect(unguarded.sort()).toEqual([...Object.keys(CHANGE_EVENT_EXEMPT), ...Object.keys(ROW_EVENT_TABLES)].sort());
    expect(rows.filter((r) => r.guarded).length).toBeGreaterThan(25);
    // The owner's own connection (migrations, fixtures) is no platform transaction.
    await sql`update mobiles set description = description where account_no = ${ACCOUNT}`.execute(t.database.db);
  });
});

describe('money and the state machines emit too', () => {
  it('records a ledger posting’s event, and a state machine’s row records its own (migration 066)', async () => {
    // Postings are cross-account work (the tenant role may not write the ledger: migration 067).
    const entry = await tenancy.crossAccount('payments', (tx) =>
      postToLedger(tx, { accountNo: ACCOUNT, kind: 'top-up', amountPence: 123, description: 'Events: top-up' }),
    );
    // An auto top-up's charge failing, written as the job writes it, with no event of its own.
    await tenancy.tenant(ACCOUNT, async (tx) => {
      const charge = await tx
        .insertInto('auto_top_up_charges')
        .values({ account_no: ACCOUNT, amount_pence: 1000, state: 'pending' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.updateTable('auto_top_up_charges').set({ state: 'failed' }).where('id', '=', charge.id).execute();
    });
    const events = await tenancy.tenant(ACCOUNT, (tx) =>
      tx
        .selectFrom('change_events')
        .select(['area', 'kind', 'record_id', 'before', 'after', 'label'])
        .where((w) => w.or([w('area', '=', 'ledger'), w('label', '=', 'auto_top_up_charges')]))
        .where('kind', 'in', ['posting', 'row:update'])
        .orderBy('id', 'desc')
        .limit(2)
        .execute(),
    );
    expect(events[0]).toMatchObject({
      area: 'payments',
      kind: 'row:update',
      before: { state: 'pending' },
      after: { state: 'failed' },
    });
    expect(events[1]).toMatchObject({
      area: 'ledger',
      kind: 'posting',
      record_id: entry.id,
      label: 'Events: top-up',
      after: { amountPence: 123, balanceAfterPence: entry.balanceAfterPence },
    });
  });
});

describe('durable consumers (migration 065)', () => {
  it('delivers every event to each consumer at least once across a failing handler, with independent cursors', async () => {
    let failures = 0;
    const flaky = recorder('test-flaky', (e) => e.label === 'Durable 2' && failures++ < 2);
    const steady = recorder('test-steady');
    const outbox = new Outbox(tenancy, [flaky.c, steady.c]);
    for (const n of [1, 2, 3]) await rename(`Durable ${n}`);

    await outbox.drain();
    // The flaky one stopped at its failing event (rolled back, kept for a retry); the steady one went on.
    expect(seenOf(flaky.handled, 'Durable')).toEqual(['Durable 1']);
    expect(seenOf(steady.handled, 'Durable')).toEqual(['Durable 1', 'Durable 2', 'Durable 3']);
    const [flakyStatus, steadyStatus] = await outbox.status();
    expect(flakyStatus).toMatchObject({ name: 'test-flaky', attempts: 1, lastError: 'test-flaky refused Durable 2' });
    expect(flakyStatus?.lagEvents).toBe(2);
    expect(steadyStatus).toMatchObject({ name: 'test-steady', lagEvents: 0, attempts: 0, lastError: null });

    await outbox.drain(); // fails again
    await outbox.drain(); // recovers
    expect(seenOf(flaky.seen, 'Durable')).toEqual(['Durable 1', 'Durable 2', 'Durable 2', 'Durable 2', 'Durable 3']);
    expect(seenOf(flaky.handled, 'Durable')).toEqual(['Durable 1', 'Durable 2', 'Durable 3']);
    expect(seenOf(steady.seen, 'Durable')).toEqual(['Durable 1', 'Durable 2', 'Durable 3']);
    expect((await outbox.status())[0]).toMatchObject({ lagEvents: 0, attempts: 0, lastError: null, dead: 0 });
  });

  it('waits out the back-off before trying a failed event again', async () => {
    const slow = consumer(
      'test-backoff',
      async (_tx, e) => {
        if (e.label === 'Backoff') throw new Error('not yet');
      },
      { backoffMs: () => 60_000 },
    );
    const outbox = new Outbox(tenancy, [slow]);
    await rename('Backoff');
    await outbox.drain();
    const [first] = await outbox.status();
    expect(first?.attempts).toBe(1);
    expect(first?.retryAt?.getTime()).toBeGreaterThan(Date.now() + 50_000);
    await outbox.drain();
    expect((await outbox.status())[0]?.attempts).toBe(1); // not tried again yet
  });

  it('parks an event as dead after its attempts, with its error, and goes on', async () => {
    const doomed = recorder('test-doomed', (e) => e.label === 'Dead 1', 2);
    const outbox = new Outbox(tenancy, [doomed.c]);
    await rename('Dead 1');
    await rename('Dead 2');
    await outbox.drain();
    await outbox.drain();
    expect(seenOf(doomed.handled, 'Dead')).toEqual(['Dead 2']);
    expect((await outbox.status())[0]).toMatchObject({ dead: 1, lagEvents: 0, attempts: 0 });
    const dead = await tenancy.crossAccount('outbox', (tx) =>
      sql<{ error: string; attempts: number }>`select error, attempts from change_consumer_dead
        where consumer = 'test-doomed'`.execute(tx),
    );
    expect(dead.rows).toEqual([{ error: 'test-doomed refused Dead 1', attempts: 2 }]);
  });

  it('commits a handler’s writes with its cursor, so the audit log gets one entry however often it is delivered', async () => {
    await rename('Audit once');
    await t.app.platform.outbox.drain();
    // Delivered again (a cursor moved back, as after a crash between the handler and the commit).
    await tenancy.crossAccount('outbox', (tx) =>
      sql`update change_consumers set txid = '0', event_id = 0 where name = 'audit'`.execute(tx),
    );
    await t.app.platform.outbox.drain(1_000_000);
    const entries = await tenancy.tenant(ACCOUNT, (tx) =>
      tx.selectFrom('audit_log').select('id').where(sql`details->>'label'`, '=', 'Audit once').execute(),
    );
    expect(entries).toHaveLength(1);
  });

  it('shows provider admins each consumer with its lag', async () => {
    await rename('Lag 1');
    const admin = await t.login('admin');
    const res = await t.api('GET', '/change-consumers', admin);
    expect(res.statusCode, res.body).toBe(200);
    const audit = json<{ consumers: Array<{ name: string; lagEvents: number; lagSeconds: number }> }>(res).consumers;
    expect(audit.map((c) => c.name)).toEqual(['audit']);
    expect(audit[0]?.lagEvents).toBeGreaterThan(0);
    await t.app.platform.outbox.drain();
    const after = json<{ consumers: Array<{ lagEvents: number }> }>(await t.api('GET', '/change-consumers', admin));
    expect(after.consumers[0]?.lagEvents).toBe(0);
    expect((await t.api('GET', '/change-consumers', await t.login('retail'))).statusCode).toBe(403);
  });
});

/** A listener wakes its consumers once a transaction that recorded events commits, not before. */
async function expectWakeOnCommit(listen: (wake: () => void) => () => void): Promise<void> {
  let wakes = 0;
  let woken: () => void = () => undefined;
  const listening = new Promise<void>((resolve) => {
    woken = resolve;
  });
  let first = true;
  const stop = listen(() => {
    // The first call is the catch-up after connecting; then each NOTIFY.
    if (first) first = false;
    else {
      wakes++;
      woken();
    }
  });
  try {
    await expect.poll(() => first, { timeout: 10_000 }).toBe(false);
    await tenancy.tenant(ACCOUNT, async (tx) => {
      await recordChange(tx, actor, null, { area: 'mobile', kind: 'update', recordId: null, label: 'Wake' });
      await new Promise((r) => setTimeout(r, 200));
      expect(wakes).toBe(0); // not while the transaction is open
    });
    await listening;
    expect(wakes).toBeGreaterThan(0);
  } finally {
    stop();
  }
}

describe.runIf(onPostgres)('the wake-up (PostgreSQL)', () => {
  it('wakes the consumers when a transaction with events commits (LISTEN / NOTIFY), not before', async () => {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.database.db);
    const url = databaseUrl(adminUrl(), rows[0]?.name ?? '');
    await expectWakeOnCommit(
      listenForChanges(url, (error) => {
        throw error;
      }),
    );
  });
});

describe.runIf(!onPostgres)('the wake-up (PGlite)', () => {
  it('wakes the consumers when a transaction with events commits (its own NOTIFY, heard in-process), not before', async () => {
    const { pglite, db } = t.database;
    if (!pglite) throw new Error('The tests’ database is PGlite here');
    await expectWakeOnCommit(
      listenForChangesEmbedded(pglite, db, (error) => {
        throw error;
      }),
    );
  });
});
