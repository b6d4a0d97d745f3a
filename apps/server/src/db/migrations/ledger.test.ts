/**
 * Migration 022 on a database from before it: each stored balance becomes one opening entry, so
 * nothing changes for users; after it the balance moves only with a posting.
 */
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { allMigrations } from '../../areas.ts';
import { type DatabaseHandle, migrate, openDatabase } from '../database.ts';

let handle: DatabaseHandle | undefined;
afterAll(async () => handle?.close());

describe('the money ledger (migration 022)', () => {
  // Migrates an empty database from scratch (the template clone the other tests start from cannot be used): slow.
  it('opens each stored balance as an entry, then keeps the balance the sum of the entries', {
    timeout: 120_000,
  }, async () => {
    handle = await openDatabase({ dataDir: 'memory' });
    const db = handle.db;
    const all = allMigrations();
    const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < '022'));
    const migrator = new Migrator({ db, provider: { getMigrations: async () => before } });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await sql`insert into accounts (account_no, parent, account_type, account_kind, balance_pence) values
      (40000, 10000, 'prepay', 'standard', 1234), (40001, 10000, 'prepay', 'standard', -250),
      (40002, 10000, 'postpay', 'retail', 0)`.execute(db);

    await migrate(db, all);
    const entries = await sql<{ account_no: number; kind: string; amount_pence: number; balance_after_pence: number }>`
      select account_no, kind, amount_pence, balance_after_pence from ledger_entries order by account_no`.execute(db);
    expect(entries.rows).toEqual([
      { account_no: 40000, kind: 'opening', amount_pence: 1234, balance_after_pence: 1234 },
      { account_no: 40001, kind: 'opening', amount_pence: -250, balance_after_pence: -250 },
    ]);
    const balances = await sql<{
      balance_pence: number;
    }>`select balance_pence from accounts order by account_no`.execute(db);
    expect(balances.rows.map((r) => r.balance_pence)).toEqual([1234, -250, 0]);

    await sql`insert into ledger_entries (account_no, kind, amount_pence, description) values (40000, 'charge', -34, 'Calls')`.execute(
      db,
    );
    const after = await sql<{
      balance_pence: number;
    }>`select balance_pence from accounts where account_no = 40000`.execute(db);
    expect(after.rows[0]?.balance_pence).toBe(1200);
    await expect(sql`update accounts set balance_pence = 0 where account_no = 40000`.execute(db)).rejects.toThrow(
      /only by a ledger posting/,
    );
    await expect(
      sql`insert into accounts (account_no, parent, account_type, account_kind, balance_pence) values (40003, 10000, 'prepay', 'standard', 100)`.execute(
        db,
      ),
    ).rejects.toThrow(/zero balance/);
    await expect(sql`delete from ledger_entries`.execute(db)).rejects.toThrow(/append-only/);
  });
});
