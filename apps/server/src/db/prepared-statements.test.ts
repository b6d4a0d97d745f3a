/**
 * Named statements on PostgreSQL (db/prepared-statements.ts): parameterised statements are
 * prepared once a connection and reused, up to the cap; statements without parameters stay simple;
 * results and errors are what they were.
 */
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { BeginCoalescingPostgresDialect } from './begin-coalescing.ts';
import { preparingClient } from './prepared-statements.ts';
import type { Database } from './schema.ts';

const url = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

describe.skipIf(!url)('prepared statements on PostgreSQL', () => {
  let db: Kysely<Database> | undefined;
  afterEach(async () => db?.destroy());

  /** One connection (so every statement meets the same session) naming up to `max` texts. */
  const open = (max: number) => {
    const pool = new pg.Pool({ connectionString: url, max: 1, Client: preparingClient(max) });
    db = new Kysely<Database>({ dialect: new BeginCoalescingPostgresDialect({ pool }) });
    return db;
  };
  const prepared = async (k: Kysely<Database>) =>
    (
      await sql<{ statement: string }>`select statement from pg_prepared_statements order by prepare_time`.execute(k)
    ).rows.map((r) => r.statement);

  it('prepares a parameterised statement once and answers it each time', async () => {
    const k = open(10);
    for (const n of [1, 2, 3]) {
      const { rows } = await sql<{ doubled: number }>`select ${n}::int * 2 as doubled`.execute(k);
      expect(rows).toEqual([{ doubled: n * 2 }]);
    }
    expect((await prepared(k)).filter((s) => s.includes('* 2 as doubled'))).toHaveLength(1);
    // A statement without parameters is not prepared.
    await sql`select 42 as plain`.execute(k);
    expect((await prepared(k)).some((s) => s.includes('42 as plain'))).toBe(false);
  });

  it('keeps at most the cap of texts prepared; the others still run', async () => {
    const k = open(2);
    for (const column of ['a', 'b', 'c', 'd']) {
      const { rows } = await sql<Record<string, number>>`select ${1}::int as ${sql.ref(column)}`.execute(k);
      expect(rows).toEqual([{ [column]: 1 }]);
    }
    expect(await prepared(k)).toHaveLength(2);
  });

  it('reports a failing statement as before, and runs it again afterwards', async () => {
    const k = open(10);
    const divide = (n: number) => sql<{ q: number }>`select 10 / ${n}::int as q`.execute(k);
    await expect(divide(0)).rejects.toThrow(/division by zero/);
    expect((await divide(5)).rows).toEqual([{ q: 2 }]);
    // A transaction rolled back leaves the statement usable.
    await expect(
      k.transaction().execute(async (tx) => {
        await sql`select 10 / ${0}::int as q`.execute(tx);
      }),
    ).rejects.toThrow(/division by zero/);
    expect((await divide(2)).rows).toEqual([{ q: 5 }]);
  });
});
