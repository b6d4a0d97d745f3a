/** The Kysely instance: PGlite (embedded, persisted in DATA_DIR) or PostgreSQL (DATABASE_URL). */
import fs from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type CompiledQuery, Kysely, type LogEvent, PGliteDialect, sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import pg from 'pg';
import { BeginCoalescingPostgresDialect } from './begin-coalescing.ts';
import type { Database } from './schema.ts';
import { CROSS_ACCOUNT_ROLE } from './tenancy-sql.ts';

export type DB = Kysely<Database>;

class StaticMigrations implements MigrationProvider {
  readonly #migrations: Record<string, Migration>;
  constructor(migrations: Record<string, Migration>) {
    this.#migrations = migrations;
  }
  async getMigrations(): Promise<Record<string, Migration>> {
    return this.#migrations;
  }
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /**
   * PostgreSQL: the cross-account login's URL (db/logins.ts), a pool of its own whose connections
   * are the cross-account role from their first statement; unset: the named uses share the one pool
   * (the owner's connection of migrations, or a development server's privileged login).
   */
  crossAccountUrl?: string | undefined;
  /** PostgreSQL: statements running longer are cancelled (and so is an idle open transaction). */
  statementTimeoutMs?: number;
  /** PostgreSQL: how long making a connection may take. */
  connectTimeoutMs?: number;
  /** Folder for PGlite; 'memory' for an in-memory database. */
  dataDir: string;
  /** Told of errors of idle pooled connections (PostgreSQL); they are otherwise ignored. */
  onPoolError?: (error: Error) => void;
  /** A PGlite data dump to start from (tests: a migrated, seeded template, in memory or unpacked to a folder). */
  loadDataDir?: Blob | File | undefined;
  /** PGlite's shared buffers (PostgreSQL's setting, e.g. '32MB'); default PGLITE_SHARED_BUFFERS. */
  sharedBuffers?: string | undefined;
  /** Told of every statement sent, as sent (after every plugin): benchmarks, debugging. */
  onQuery?: ((query: CompiledQuery) => void) | undefined;
}

/**
 * PGlite's shared buffers unless configured. PostgreSQL's default (128MB) is memory PGlite fills at
 * start-up, every byte resident, while its data files are read through the operating system's
 * cache anyway: 32MB holds the working set of an account of a few thousand seats and keeps ~95 MB
 * out of the idle server (issue 11; bench:scale prints both).
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

export interface DatabaseHandle {
  /** The tenant transactions' connections (on PGlite: the one connection). */
  db: DB;
  /** The cross-account uses' connections: a pool of the cross-account login, or `db` itself. */
  cross: DB;
  kind: 'pglite' | 'postgres';
  pglite?: PGlite;
  /** PostgreSQL: the pool under Kysely (the job queue's statements, platform/jobs.ts). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // int8 (count(*), bigserial) as numbers: our counts and ids stay far below 2^53.
    pg.types.setTypeParser(20, (v) => Number(v));
    const tenant = postgres(options.databaseUrl, options);
    const cross = options.crossAccountUrl
      ? postgres(options.crossAccountUrl, options, ` -c role=${CROSS_ACCOUNT_ROLE}`)
      : tenant;
    const close = async () => {
      await tenant.db.destroy();
      if (cross !== tenant) await cross.db.destroy();
    };
    // The job queue works across accounts: on the cross-account login's pool.
    return { db: tenant.db, cross: cross.db, kind: 'postgres', pool: cross.pool, close };
  }
  // Trigram indexes for the lists' searches (migration 013). Relaxed durability: a query answers
  // without waiting for the data dir's flush (which follows at once); a crash can lose the last
  // moment's writes, not corrupt the data dir.
  const sharedBuffers = options.sharedBuffers ?? PGLITE_SHARED_BUFFERS;
  if (!/^\d+(kB|MB|GB)$/.test(sharedBuffers)) throw new Error(`Not a size for shared buffers: '${sharedBuffers}'`);
  const base: PGliteOptions = {
    extensions: { pg_trgm },
    relaxedDurability: true,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
  };
  let pglite: PGlite;
  if (options.dataDir === 'memory') {
    pglite = new PGlite(options.loadDataDir ? { ...base, loadDataDir: options.loadDataDir } : base);
  } else {
    fs.mkdirSync(options.dataDir, { recursive: true });
    pglite = new PGlite(
      `${options.dataDir}/pgdata`,
      options.loadDataDir ? { ...base, loadDataDir: options.loadDataDir } : base,
    );
  }
  await pglite.waitReady;
  // int8 as numbers, as for pg above.
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), ...logged(options) });
  return { db, cross: db, kind: 'pglite', pglite, close: () => db.destroy() };
}

/** A pool of connections to `url`, its statements bounded in time; `settings`: more server settings. */
function postgres(url: string, options: DatabaseOptions, settings = ''): { db: DB; pool: pg.Pool } {
  const statementTimeout = options.statementTimeoutMs ?? 15_000;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    // A silent database cannot hang a request forever: the server cancels a long statement, the
    // client gives up a little later, and a transaction left idle is ended.
    statement_timeout: statementTimeout,
    query_timeout: statementTimeout + 5_000,
    idle_in_transaction_session_timeout: statementTimeout * 2,
    // No JIT compilation for the application's statements: a list's page is milliseconds of work,
    // and the planner's cost estimate of a computed column over a large account made PostgreSQL
    // compile it first (issue 25: a seats status filter at 80,000 seats 595 ms, 205 of them JIT;
    // 47 ms without). PGlite is built without JIT.
    options: `-c jit=off${settings}`,
  });
  // A connection the server drops (a restart, a failover, an administrator ending sessions) is an
  // event, not a crash. The pool listens on its idle connections; a connection in use had no
  // listener, and its 'error' event was an uncaught exception that ended the process. Every
  // connection gets one for its whole life: the query in flight fails (the request is answered
  // 503) and the pool throws the connection away when it is released.
  pool.on('error', (error) => options.onPoolError?.(error));
  pool.on('connect', (client) => {
    client.on('error', (error) => options.onPoolError?.(error));
  });
  return {
    db: new Kysely<Database>({ dialect: new BeginCoalescingPostgresDialect({ pool }), ...logged(options) }),
    pool,
  };
}

/** Kysely's log, when `onQuery` listens: each statement as the driver sent it. */
function logged({ onQuery }: DatabaseOptions): { log?: (event: LogEvent) => void } {
  return onQuery ? { log: (event) => event.level === 'query' && onQuery(event.query) } : {};
}

/** Runs `migrations` (every area's, src/areas.ts allMigrations()) in name order. */
export async function migrate(db: DB, migrations: Record<string, Migration>): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticMigrations(migrations) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (failed || error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
}

/** Where the database is, for messages (no password). */
export function describeDatabase(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return `PGlite in ${dataDir}`;
  try {
    const url = new URL(databaseUrl);
    return `PostgreSQL at ${url.hostname}:${url.port || '5432'}`;
  } catch {
    return 'PostgreSQL';
  }
}

/**
 * Waits until the database answers (PostgreSQL may start after the panel, or be restarting):
 * retries with back-off up to `maxWaitMs`, saying each time what it waits for.
 */
export async function waitForDatabase(
  db: DB,
  where: string,
  log: (message: string) => void,
  maxWaitMs = 5 * 60_000,
): Promise<void> {
  const started = Date.now();
  for (let delay = 500; ; delay = Math.min(delay * 2, 10_000)) {
    try {
      await sql`select 1`.execute(db);
      return;
    } catch (error) {
      if (Date.now() - started + delay > maxWaitMs) throw error;
      log(`cannot reach ${where} (${(error as Error).message}) — retrying in ${Math.round(delay / 1000)} s`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
