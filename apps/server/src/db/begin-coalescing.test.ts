/**
 * The coalescing dialect (PostgreSQL only): a tenancy transaction starts in one round trip, its
 * statements are what they were, and an error still rolls back.
 */
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenancy } from '../platform/tenancy.ts';
import { BeginCoalescingPostgresDialect } from './begin-coalescing.ts';
import type { Database } from './schema.ts';

const url = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

describe.skipIf(!url)('BEGIN coalescing on PostgreSQL', () => {
  let pool: pg.Pool;
  let db: Kysely<Database>;
  /** Each message a pooled client sent: its text. */
  const sent: string[] = [];

  /**
   * The run's empty database has no migrations: stand-ins for migration 090's functions (the
   * coalescing is what is tested here; account-key.test.ts tests the real ones), in a schema of their own.
   */
  const SCHEMA = 'begin_coalescing_probe';
  beforeAll(async () => {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    await setup.query(`create schema if not exists ${SCHEMA}`);
    await setup.query(`grant usage on schema ${SCHEMA} to public`);
    await setup.query(`create or replace function ${SCHEMA}.app_enter_account(n integer) returns void language sql
      as $f$ select set_config('app.account_no', n::text, true) $f$`);
    await setup.query(`create or replace function ${SCHEMA}.app_account_no() returns integer language sql stable
      as $f$ select nullif(current_setting('app.account_no', true), '')::integer $f$`);
    await setup.end();
    pool = new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${SCHEMA},public` });
    pool.on('connect', (client) => {
      const query = client.query.bind(client);
      // biome-ignore lint/suspicious/noExplicitAny: a spy over pg's overloaded query(): it passes every call on unchanged.
      (client as any).query = (...args: any[]) => {
        if (typeof args[0] === 'string') sent.push(args[0]);
        // biome-ignore lint/suspicious/noExplicitAny: as above.
        return (query as any)(...args);
      };
    });
    db = new Kysely<Database>({ dialect: new BeginCoalescingPostgresDialect({ pool }) });
  });
  afterAll(async () => {
    await db?.destroy();
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`drop schema if exists ${SCHEMA} cascade`);
    await cleanup.end();
  });

  it('starts a tenant transaction with its setup in one message, then its statements and the commit', async () => {
    sent.length = 0;
    const tenancy = createTenancy(db);
    const [row] = await tenancy.tenant(30000, async (tx) => {
      const { rows } = await sql<{
        account: string;
        role: string;
      }>`select app_account_no()::text as account, current_user as role`.execute(tx);
      return rows;
    });
    expect(row).toEqual({ account: '30000', role: 'switchboard_app' });
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatch(/^begin; select app_enter_account\(30000\), set_config\('role', 'switchboard_app', true\)/);
    expect(sent[2]).toBe('commit');
  });

  it('keeps read-only transactions read-only', async () => {
    sent.length = 0;
    const write = createTenancy(db).tenant(
      30000,
      (tx) => sql`create temporary table coalescing_probe (id int)`.execute(tx),
      { readOnly: true },
    );
    await expect(write).rejects.toThrow(/read-only transaction/);
    expect(sent[0]).toMatch(/^start transaction read only; select app_enter_account/);
    expect(sent.at(-1)).toBe('rollback');
  });

  it('sends a held BEGIN on its own before any other first statement, and nothing for an empty transaction', async () => {
    sent.length = 0;
    const n = await db
      .transaction()
      .execute(async (tx) => (await sql<{ n: number }>`select 1 as n`.execute(tx)).rows[0]?.n);
    expect(n).toBe(1);
    expect(sent).toEqual(['begin', 'select 1 as n', 'commit']);
    sent.length = 0;
    await db.transaction().execute(async () => undefined);
    expect(sent).toEqual([]);
  });

  it('rolls back what a failing transaction wrote', async () => {
    const tenancy = createTenancy(db);
    await expect(
      tenancy.crossAccount('seed', async (tx) => {
        await sql`create temporary table if not exists coalescing_probe (id int)`.execute(tx);
        await sql`insert into coalescing_probe values (1)`.execute(tx);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const left = await tenancy.crossAccount('seed', async (tx) => {
      await sql`create temporary table if not exists coalescing_probe (id int)`.execute(tx);
      return (await sql<{ n: number }>`select count(*)::int as n from coalescing_probe`.execute(tx)).rows[0]?.n;
    });
    expect(left).toBe(0);
  });
});
