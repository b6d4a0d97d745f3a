/** The Kysely instance: PGlite (embedded, persisted in DATA_DIR) or PostgreSQL (DATABASE_URL). */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import pg from 'pg';
import type { Database } from './schema.ts';

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
  /** Folder for PGlite; 'memory' for an in-memory database. */
  dataDir: string;
  /** A PGlite data dump to start from (tests: a migrated, seeded template). */
  loadDataDir?: Blob | File | undefined;
}

export interface DatabaseHandle {
  db: DB;
  kind: 'pglite' | 'postgres';
  pglite?: PGlite;
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // int8 (count(*), bigserial) as numbers: our counts and ids stay far below 2^53.
    pg.types.setTypeParser(20, (v) => Number(v));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let pglite: PGlite;
  if (options.dataDir === 'memory') {
    pglite = new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  } else {
    fs.mkdirSync(options.dataDir, { recursive: true });
    pglite = new PGlite(`${options.dataDir}/pgdata`);
  }
  await pglite.waitReady;
  // int8 as numbers, as for pg above.
  const db = new Kysely<Database>({
    dialect: new PGliteDialect({ pglite }),
  });
  return { db, kind: 'pglite', pglite, close: () => db.destroy() };
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
