/**
 * Migration 011 on a database from before it: a time profile that shares its number with a seat
 * moves to a free number, and what routed to it follows; after it the database refuses a clash.
 */
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { allMigrations } from '../../areas.ts';
import { type DatabaseHandle, migrate, openDatabase } from '../database.ts';

let handle: DatabaseHandle | undefined;
afterAll(async () => handle?.close());

describe('one numbering plan per account (migration 011)', () => {
  it('moves a clashing time profile and its routes, then refuses any clash', async () => {
    handle = await openDatabase({ dataDir: 'memory' });
    const db = handle.db;
    const all = allMigrations();
    const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < '011'));
    const migrator = new Migrator({ db, provider: { getMigrations: async () => before } });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await sql`insert into accounts (account_no, parent, account_type, account_kind) values (40000, 10000, 'postpay', 'retail')`.execute(
      db,
    );
    await sql`insert into seats (account_no, extension, name, secret, unique_string, restrictions, weekday_times, weekend_times)
      values (40000, 300, '40000*300', 's', 'u1', '{}', '{}', '{}')`.execute(db);
    await sql`insert into time_profiles (account_no, extension, name, days) values (40000, 300, 'Clash', '{}')`.execute(
      db,
    );
    await sql`insert into telephone_numbers (account_no, number, destination) values (40000, '01632960300', 'timeprofile:300')`.execute(
      db,
    );

    await migrate(db, all);
    const moved = await sql<{
      extension: number;
    }>`select extension from time_profiles where account_no = 40000`.execute(db);
    expect(moved.rows[0]?.extension).toBe(200);
    const routed = await sql<{
      destination: string;
    }>`select destination from telephone_numbers where account_no = 40000`.execute(db);
    expect(routed.rows[0]?.destination).toBe('timeprofile:200');
    const plan = await sql<{
      number: number;
      kind: string;
    }>`select number, kind from dial_plan where account_no = 40000 order by number`.execute(db);
    expect(plan.rows).toEqual([
      { number: 200, kind: 'timeprofile' },
      { number: 300, kind: 'seat' },
    ]);
    // The database itself now refuses a second object on a dialled number, and follows renumbering.
    await expect(
      sql`insert into time_profiles (account_no, extension, name, days) values (40000, 300, 'Again', '{}')`.execute(db),
    ).rejects.toMatchObject({ code: '23505' });
    await sql`update time_profiles set extension = 201 where account_no = 40000`.execute(db);
    await sql`delete from seats where account_no = 40000`.execute(db);
    const after = await sql<{ number: number }>`select number from dial_plan where account_no = 40000`.execute(db);
    expect(after.rows).toEqual([{ number: 201 }]);
  }, 180_000); // Migrates a database from scratch twice: slow on a loaded machine.
});
