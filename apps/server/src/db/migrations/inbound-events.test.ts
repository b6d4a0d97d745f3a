/**
 * Migrations 070 and 071 on a database from before them: identity's applied events move into the
 * inbound-webhook pipeline's table as applied (a late redelivery stays a duplicate), and the old
 * table goes.
 */
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { allMigrations } from '../../areas.ts';
import { type DatabaseHandle, migrate, openDatabase } from '../database.ts';

let handle: DatabaseHandle | undefined;
afterAll(async () => handle?.close());

describe('identity events into inbound_events (migrations 070, 071)', () => {
  it('keeps every applied event, applied, and drops identity_events', async () => {
    handle = await openDatabase({ dataDir: 'memory' });
    const db = handle.db;
    const all = allMigrations();
    const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < '070'));
    const migrator = new Migrator({ db, provider: { getMigrations: async () => before } });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await sql`insert into accounts (account_no, parent, account_type, account_kind) values (40000, 10000, 'postpay', 'retail')`.execute(
      db,
    );
    await sql`insert into identity_events (event_id, account_no, type, received_at)
      values ('evt_1', 40000, 'identity.verification_session.verified', '2026-01-02T03:04:05Z'),
        ('evt_2', 40000, 'identity.verification_session.processing', '2026-01-02T03:00:00Z')`.execute(db);

    await migrate(db, all);
    const moved = await sql<{
      provider: string;
      event_id: string;
      state: string;
      outcome: string;
      applied_at: Date;
      payload: unknown;
    }>`select provider, event_id, state, outcome, applied_at, payload from inbound_events order by event_id`.execute(
      db,
    );
    expect(moved.rows).toMatchObject([
      { provider: 'stripe-identity', event_id: 'evt_1', state: 'applied', outcome: 'applied' },
      { provider: 'stripe-identity', event_id: 'evt_2', state: 'applied', outcome: 'applied' },
    ]);
    expect(new Date(moved.rows[0]?.applied_at ?? 0).toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(moved.rows[0]?.payload).toMatchObject({ eventId: 'evt_1', accountNo: 40000 });
    // Redelivered now: stored once already.
    const again =
      await sql`insert into inbound_events (provider, event_id, payload) values ('stripe-identity', 'evt_1', '{}')
      on conflict (provider, event_id) do nothing returning id`.execute(db);
    expect(again.rows).toEqual([]);
    const old = await sql<{ t: string | null }>`select to_regclass('identity_events')::text as t`.execute(db);
    expect(old.rows[0]?.t).toBeNull();
  }, 180_000); // Migrates a database from scratch: slow on a loaded machine.
});
