/**
 * Test harness: one real database per test file — PGlite in memory, or a throw-away database on
 * the PostgreSQL server of TEST_DATABASE_URL when TEST_DB=postgres — migrated and seeded with the
 * demo data, and the real app built over it.
 */
import crypto from 'node:crypto';
import { FEATURES, MASK } from '@switchboard/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql, type Transaction } from 'kysely';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { allMigrations } from '../areas.ts';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, type DB, migrate, openDatabase } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { DEMO_PASSWORD, seedDemo } from '../demo/seed.ts';
import { createTenancy } from '../platform/tenancy.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Signs in and returns headers carrying the session cookie. */
  login: (username: string, password?: string) => Promise<Record<string, string>>;
  /** A call to the API (the /api/v1 prefix is added) as the holder of `headers`. */
  api: (
    method: Method,
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

async function openTestDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `sb_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory' });
    return {
      handle,
      drop: async () => {
        await handle.close();
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        // The pool resolves its end() while its connections are still closing: wait for them to
        // go, since a forced drop would cut one off mid-close (an unhandled 57P01 in the test run).
        for (let i = 0; i < 100; i++) {
          const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (Number(rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const handle = await openDatabase({ dataDir: 'memory' });
  return { handle, drop: () => handle.close() };
}

export async function createTestContext(overrides: Parameters<typeof loadConfig>[1] = {}): Promise<TestContext> {
  const { handle, drop } = await openTestDatabase();
  await migrate(handle.db, allMigrations());
  await seedDemo(createTenancy(handle.db));
  const config = loadConfig({}, { webDist: undefined, logLevel: 'silent', ...overrides });
  const app = await buildApp(config, { database: handle, logger: false });
  await app.ready();
  const login = async (username: string, password = DEMO_PASSWORD) => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/users/auth/login', payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    return { authorization: `Bearer ${res.json().token as string}` };
  };
  const api: TestContext['api'] = (method, url, headers, payload) =>
    app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  return {
    app,
    database: handle,
    login,
    api,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

/**
 * A further user of `accountNo` with exactly `grants` (feature id, mask) plus panel access, with
 * the demo password; answers its id. (Tests that need a permission mix the demo users lack.)
 */
export async function addUser(
  db: DB,
  user: { username: string; accountNo: number; grants: Array<[number, number]> },
): Promise<number> {
  const { password_hash } = await db
    .selectFrom('users')
    .select('password_hash')
    .where('username', '=', 'viewer')
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('users')
    .values({
      account_no: user.accountNo,
      username: user.username,
      password_hash,
      name: 'Test',
      surname: 'User',
      email: `${user.username}@example.test`,
      enabled: true,
      is_holder: false,
      avatar: null,
      avatar_mime: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_permissions')
    .values(
      [[FEATURES.betaPanel, MASK.readOnly] as [number, number], ...user.grants].map(([feature_id, mask]) => ({
        user_id: id,
        feature_id,
        mask,
      })),
    )
    .execute();
  return id;
}

/** Whether these tests run on PostgreSQL: only there do two transactions overlap (PGlite runs one at a time). */
export const onPostgres = process.env.TEST_DB === 'postgres';

/**
 * PostgreSQL only. `hold` writes in a transaction left open while `race` (an API call) runs; once
 * `race` waits on a lock of that transaction (e.g. inserting the same unique key), it commits and
 * `race` goes on. So a test reaches what only concurrency reaches: the database refusing a write
 * whose check passed because the clashing row was not committed yet.
 */
export async function raceWithOpenTransaction<T>(
  db: DB,
  hold: (trx: Transaction<Database>) => Promise<unknown>,
  race: () => Promise<T>,
): Promise<T> {
  let pending: Promise<T> | undefined;
  let settled = false;
  await db.transaction().execute(async (trx) => {
    await hold(trx);
    pending = race().finally(() => {
      settled = true;
    });
    // Until the call waits on a lock (or answers without waiting: then its reply tells why).
    const until = Date.now() + 5000;
    while (!settled && Date.now() < until) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
      if (Number(rows[0]?.n ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
  return pending as Promise<T>;
}
