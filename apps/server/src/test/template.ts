/**
 * The server tests' template database: migrated and seeded with the demo data once per `vitest run`
 * (global-setup.ts), then copied for each test file (harness.ts) instead of migrating and seeding
 * every time.
 * - PGlite: a dump of the data directory in a temporary file, loaded by each file's in-memory PGlite.
 * - PostgreSQL: a database `sb_template_<run>` on the server of TEST_DATABASE_URL, each file's
 *   database (`sb_test_<run>_…`) made with `create database … template sb_template_<run>`; the
 *   template and any copy left are dropped at the end of the run.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type pg from 'pg';
import { migrateAll } from '../areas.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { withClient } from '../db/logins.ts';
import { seedDemo } from '../demo/seed.ts';
import { createTenancy } from '../platform/tenancy.ts';

/** What global-setup.ts hands the test files (vitest `provide` / `inject`). */
export type ServerTemplate =
  | { kind: 'pglite'; file: string; seededAt: number }
  | { kind: 'postgres'; database: string; seededAt: number };

declare module 'vitest' {
  export interface ProvidedContext {
    serverTemplate: ServerTemplate | undefined;
  }
}

/**
 * Migrates and seeds an empty database, as the first start of the panel does; answers the moment
 * the seed began (the demo's time-relative stamps are taken from it).
 */
export async function migrateAndSeed(handle: DatabaseHandle): Promise<number> {
  await migrateAll(handle.db);
  const seededAt = Date.now();
  await seedDemo(createTenancy(handle.db));
  return seededAt;
}

export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (the URL of any database on the test server)');
  return url;
}

/** The URL of database `name` on the server of `admin`. */
export function databaseUrl(admin: string, name: string): string {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

const withAdmin = withClient;

/**
 * Waits until no connection to database `name` is left: the pool resolves its end() while its
 * connections are still closing, and a database someone is connected to can be neither a template
 * nor dropped without cutting them off (an unhandled 57P01 in the test run).
 */
async function untilUnused(client: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 250; i++) {
    const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (Number(rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The names of the copies of template `sb_template_<run>` begin with this: `sb_test_<run>_`. */
const copiesOf = (template: string) => `${template.replace(/^sb_template_/, 'sb_test_')}_`;

/** Drops every copy of `template` still there (a file's database whose drop had not finished). */
async function dropCopies(template: string): Promise<void> {
  await withAdmin(adminUrl(), async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [copiesOf(template)],
    );
    for (const { datname } of rows) await c.query(`drop database if exists ${datname} with (force)`);
  });
}

/** A new empty database on the PostgreSQL server, copied from `template` when given. */
export async function createPostgresDatabase(
  prefix: 'sb_test' | 'sb_template',
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const admin = adminUrl();
  const name = template
    ? `${copiesOf(template)}${crypto.randomBytes(4).toString('hex')}`
    : `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  await withAdmin(admin, (c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  return {
    name,
    url: databaseUrl(admin, name),
    drop: () =>
      withAdmin(admin, async (c) => {
        await untilUnused(c, name);
        await c.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

/** Builds the template of this run; answers it and how to remove it. */
export async function buildTemplate(
  kind: ServerTemplate['kind'],
): Promise<{ template: ServerTemplate; remove: () => Promise<void> }> {
  if (kind === 'postgres') {
    const database = await createPostgresDatabase('sb_template');
    try {
      const handle = await openDatabase({ databaseUrl: database.url, dataDir: 'memory' });
      let seededAt: number;
      try {
        seededAt = await migrateAndSeed(handle);
      } finally {
        await handle.close();
      }
      // Copies are refused while anyone is still connected to the template.
      await withAdmin(adminUrl(), (c) => untilUnused(c, database.name));
      const remove = async () => {
        await dropCopies(database.name);
        await database.drop();
      };
      return { template: { kind, database: database.name, seededAt }, remove };
    } catch (error) {
      await database.drop();
      throw error;
    }
  }
  const handle = await openDatabase({ dataDir: 'memory' });
  try {
    const seededAt = await migrateAndSeed(handle);
    if (!handle.pglite) throw new Error('PGlite expected');
    // Written out first: a sequence's WAL record runs ahead of its value (by 32), and a dump whose
    // sequences are only in the WAL would start its copies with ids higher than a fresh seed's.
    await sql`checkpoint`.execute(handle.db);
    // Uncompressed: loading a gzipped dump takes longer than the smaller file saves.
    const dump = await handle.pglite.dumpDataDir('none');
    const file = path.join(os.tmpdir(), `sb-template-${process.pid}-${crypto.randomBytes(4).toString('hex')}.tar`);
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return { template: { kind, file, seededAt }, remove: async () => fs.rmSync(file, { force: true }) };
  } finally {
    await handle.close();
  }
}
