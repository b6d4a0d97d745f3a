/** The Kysely instance: PGlite (embedded, persisted in DATA_DIR) or PostgreSQL (DATABASE_URL). */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import pg from 'pg';
import * as m001 from './migrations/001-foundation.ts';
import * as m002 from './migrations/002-access-lists-mobile.ts';
import * as m003 from './migrations/003-time-profiles.ts';
import * as m004 from './migrations/004-seats.ts';
import * as m005 from './migrations/005-sip-trunks.ts';
import * as m006 from './migrations/006-telephone-numbers.ts';
import * as m007 from './migrations/007-teams.ts';
import * as m008 from './migrations/008-seat-access.ts';
import type { Database } from './schema.ts';

export type DB = Kysely<Database>;

const MIGRATIONS: Record<string, Migration> = {
  '001-foundation': m001,
  '002-access-lists-mobile': m002,
  '003-time-profiles': m003,
  '004-seats': m004,
  '005-sip-trunks': m005,
  '006-telephone-numbers': m006,
  '007-teams': m007,
  '008-seat-access': m008,
};

class StaticMigrations implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
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

export async function migrate(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticMigrations() });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === 'Error') throw new Error(`Migration ${r.migrationName} failed`);
  }
  if (error) throw error;
}
