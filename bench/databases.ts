/**
 * A benchmark's databases: `run` on an in-memory PGlite, then on a throw-away database of the
 * PostgreSQL server at BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) when
 * one answers, dropped afterwards.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database.ts';
import { crossAccountUrl, setUpLogins, TENANT_LOGIN, withUser } from '../apps/server/src/db/logins.ts';
import type { Tx } from '../apps/server/src/platform/tenancy.ts';

export async function onEachDatabase(run: (name: string, handle: DatabaseHandle) => Promise<void>): Promise<void> {
  await run('PGlite', await openDatabase({ dataDir: 'memory' }));
  const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    console.log(`\nPostgreSQL: no server answered at ${adminUrl}; skipped`);
    return;
  }
  const dbName = `sb_bench_${crypto.randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  try {
    await run('PostgreSQL', await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory' }));
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

/** `count` access lists of `account` named 'Bench 000000'…, in batches of 1,000 (the seed's transaction `tx`). */
export async function addBenchAccessLists(tx: Tx, account: number, count: number): Promise<void> {
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, i) => ({
      account_no: account,
      name: `Bench ${String(start + i).padStart(6, '0')}`,
      description: `Benchmark list number ${start + i}`,
      prompt_id: null,
    }));
    await tx.insertInto('access_lists').values(rows).execute();
  }
}

/**
 * As `onEachDatabase`, and as production serves (issue 26): `owner` is the benchmark's own
 * connection (it migrates, loads, and is the no-row-level-security baseline), `served` the tenant
 * login and its cross-account login (db/logins.ts, made here when missing) on PostgreSQL; on PGlite,
 * one user, both are the one connection.
 */
export async function onEachDatabaseAsTenant(
  run: (name: string, owner: DatabaseHandle, served: DatabaseHandle) => Promise<void>,
): Promise<void> {
  let adminUrl: string | undefined;
  await onEachDatabase(async (name, owner) => {
    if (owner.kind === 'pglite') return run(name, owner, owner);
    adminUrl ??= process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    await setUpLogins(adminUrl);
    const database = await owner.db.selectNoFrom(sql<string>`current_database()`.as('name')).executeTakeFirstOrThrow();
    const url = new URL(adminUrl);
    url.pathname = `/${database.name}`;
    const tenantUrl = withUser(url.toString(), TENANT_LOGIN);
    const served = await openDatabase({
      databaseUrl: tenantUrl,
      crossAccountUrl: crossAccountUrl(tenantUrl),
      dataDir: 'memory',
    });
    try {
      await run(name, owner, served);
    } finally {
      await served.close();
    }
  });
}
