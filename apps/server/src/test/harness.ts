/**
 * Test harness: one real database per test file — PGlite in memory, or a throw-away database on
 * the PostgreSQL server of TEST_DATABASE_URL when TEST_DB=postgres — holding the migrated demo
 * data (a copy of the run's template database, template.ts), and the real app built over it.
 */
import fs from 'node:fs';
import { FEATURES, MASK } from '@switchboard/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type CompiledQuery, sql, type Transaction } from 'kysely';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, type DB, openDatabase } from '../db/database.ts';
import { crossAccountUrl, TENANT_LOGIN, withUser } from '../db/logins.ts';
import type { Database } from '../db/schema.ts';
import { DEMO_PASSWORD, moveDemoClock } from '../demo/seed.ts';
import { createTenancy } from '../platform/tenancy.ts';
import { createPostgresDatabase, migrateAndSeed } from './template.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TestContext {
  app: FastifyInstance;
  /**
   * The test's own way into the database, for fixtures and checks: on PostgreSQL the test server's
   * superuser (no policy binds it), on PGlite the one connection.
   */
  database: DatabaseHandle;
  /** What the app serves on: on PostgreSQL the tenant and cross-account logins (db/logins.ts). */
  appDatabase: DatabaseHandle;
  /** Signs in and returns headers carrying the session cookie. */
  login: (username: string, password?: string) => Promise<Record<string, string>>;
  /** A call to the API (the /api/v1 prefix is added) as the holder of `headers`. */
  api: (
    method: Method,
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => Promise<LightMyRequestResponse>;
  /** The statements the database was sent while `fn` ran, as sent (openDatabase's onQuery). */
  statements: (fn: () => Promise<unknown>) => Promise<CompiledQuery[]>;
  close: () => Promise<void>;
}

/**
 * This file's database: a copy of the run's template (template.ts, made by global-setup.ts), or,
 * when no template was provided (a run without the server projects' globalSetup), one migrated
 * and seeded here.
 */
async function openTestDatabase(
  onQuery: (query: CompiledQuery) => void,
): Promise<{ handle: DatabaseHandle; app: DatabaseHandle; drop: () => Promise<void> }> {
  const provided = inject('serverTemplate');
  const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const template = provided?.kind === kind ? provided : undefined;
  let handle: DatabaseHandle;
  let app: DatabaseHandle;
  let drop: () => Promise<void>;
  if (kind === 'postgres') {
    const database = await createPostgresDatabase(
      'sb_test',
      template?.kind === 'postgres' ? template.database : undefined,
    );
    handle = await openDatabase({ databaseUrl: database.url, dataDir: 'memory' });
    const served = withUser(database.url, TENANT_LOGIN);
    app = await openDatabase({
      databaseUrl: served,
      crossAccountUrl: crossAccountUrl(served),
      dataDir: 'memory',
      onQuery,
    });
    drop = async () => {
      await app.close();
      await handle.close();
      // In the background: the worker's next file need not wait for the connections to end and the
      // database to go (up to seconds); the run's teardown drops any copy still left (template.ts).
      void database.drop().catch(() => undefined);
    };
  } else {
    handle = await openDatabase({ dataDir: 'memory', loadDataDir: pgliteTemplateDump(), onQuery });
    app = handle;
    drop = () => handle.close();
  }
  if (template) await moveDemoClock(createTenancy(handle.db), Date.now() - template.seededAt);
  else await migrateAndSeed(handle);
  return { handle, app, drop };
}

/**
 * The run's PGlite template as a dump to load, when the run has one: a database that opens without
 * initdb (seconds of it), for a test that needs an embedded database but not an empty one.
 */
export function pgliteTemplateDump(): Blob | undefined {
  const provided = inject('serverTemplate');
  return provided?.kind === 'pglite' ? new Blob([fs.readFileSync(provided.file)]) : undefined;
}

export async function createTestContext(overrides: Parameters<typeof loadConfig>[1] = {}): Promise<TestContext> {
  let recording: CompiledQuery[] | undefined;
  const { handle, app: appDatabase, drop } = await openTestDatabase((query) => recording?.push(query));
  const statements = async (fn: () => Promise<unknown>) => {
    recording = [];
    try {
      await fn();
      return recording;
    } finally {
      recording = undefined;
    }
  };
  // Sandboxes chosen explicitly (the PostgreSQL leg too): the tests pay, verify and mail through them.
  const config = loadConfig({}, { webDist: undefined, logLevel: 'silent', sandboxProviders: true, ...overrides });
  const app = await buildApp(config, { database: appDatabase, logger: false });
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
    appDatabase,
    login,
    api,
    statements,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** `headers` with an update's If-Match: based on the record's `version` as read. */
export const basedOn = (headers: Record<string, string>, version: unknown): Record<string, string> => ({
  ...headers,
  'if-match': `"${String(version)}"`,
});

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

/** The balance of `accountNo` in pence (accounts.balance_pence), read through `db`. */
async function readBalance(db: DB, accountNo: number): Promise<number> {
  const { balance_pence } = await db
    .selectFrom('accounts')
    .select('balance_pence')
    .where('account_no', '=', accountNo)
    .executeTakeFirstOrThrow();
  return balance_pence;
}

/** The balance of `accountNo` in pence, read as the test (no policy binds it). */
export const balanceOf = (t: TestContext, accountNo: number): Promise<number> => readBalance(t.database.db, accountNo);

/**
 * The balance of `accountNo` and the sum of its ledger entries, read in one transaction of the
 * app's cross-account login: the two agree wherever every change of the balance is on the ledger.
 */
export async function ledgerOf(t: TestContext, accountNo: number): Promise<{ balance: number; sum: number }> {
  return t.app.platform.tenancy.crossAccount('seed', async (tx) => {
    const balance = await readBalance(tx, accountNo);
    const { sum } = await tx
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_pence'), eb.lit(0)).as('sum'))
      .where('account_no', '=', accountNo)
      .executeTakeFirstOrThrow();
    return { balance, sum: Number(sum) };
  });
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
  /** What the open transaction does once the call waits, before it commits. */
  whileWaiting?: (trx: Transaction<Database>) => Promise<unknown>,
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
      if (Number(rows[0]?.n ?? 0) > 0) {
        await whileWaiting?.(trx);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
  return pending as Promise<T>;
}

/** Polls `check` every 200 ms until it answers something truthy (that value), or fails after `ms`. */
export async function until<T>(check: () => Promise<T | undefined | null | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
