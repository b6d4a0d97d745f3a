/**
 * A benchmark's databases: `run` on an in-memory PGlite, then on a throw-away database of the
 * PostgreSQL server at BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) when
 * one answers, dropped afterwards.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database.ts';

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
