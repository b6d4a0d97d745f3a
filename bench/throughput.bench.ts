/**
 * Benchmark: how many seats pages a second the server serves under concurrent load, beside the same
 * page's SQL sent by a bare `pg` client at the same concurrency (issue 25 item 8). The server is
 * the real app listening on a port; each load runs in a process of its own (bench/load.ts) so it
 * does not share the server's event loop. Same estate as bench:scale (20,000 seats by default).
 * PostgreSQL: the app's page rate as a share of the raw SQL's. PGlite (one connection: requests
 * queue): each request's latency beside the page statement's own time, i.e. how long a request
 * waits behind the others.
 *   npm run bench:throughput -w @switchboard/bench
 *   BENCH_SEATS=20000 BENCH_SECONDS=10 BENCH_CONNECTIONS=64 BENCH_PGLITE_CONNECTIONS=16 BENCH_DB=postgres|pglite
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { migrateAll } from '../apps/server/src/areas.ts';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { vacuumEmbedded } from '../apps/server/src/platform/housekeeping.ts';
import { createTenancy } from '../apps/server/src/platform/tenancy.ts';
import { loadEstate } from './estate.ts';
import type { HttpTarget, LoadResult, SqlTarget, Statement } from './load.ts';
import { signedInApp } from './signed-in-app.ts';

const SEATS = Number(process.env.BENCH_SEATS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const PGLITE_CONNECTIONS = Number(process.env.BENCH_PGLITE_CONNECTIONS ?? 16);
const node = path.resolve(import.meta.dirname, '../node_modules/.bin/node');
/** The seats page as the panel first asks for it: the first 15 seats by extension. */
const PAGE = { url: '/api/v1/seat/0/15', body: {} };

/** Told of each statement the database sends (openDatabase's onQuery). */
let onSent: ((query: CompiledQuery) => void) | undefined;
const onQuery = (query: CompiledQuery) => onSent?.(query);

function runLoad(kind: 'http' | 'sql', target: HttpTarget | SqlTarget, connections: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      node,
      [path.join(import.meta.dirname, 'load.ts'), kind, JSON.stringify(target), String(connections), String(SECONDS)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`${kind} load: exit ${code}`)),
    );
  });
}

/** The app listening on a port, signed in; the statements one seats page sends (its setting and its page). */
async function servedApp(handle: DatabaseHandle) {
  const { app, headers } = await signedInApp(handle);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const sent: CompiledQuery[] = [];
  onSent = (query) => sent.push(query);
  const res = await app.inject({ method: 'POST', url: PAGE.url, headers, payload: PAGE.body });
  onSent = undefined;
  if (res.statusCode !== 200) throw new Error(`seats page: ${res.statusCode} ${res.body.slice(0, 200)}`);
  const setup = sent.find((q) => q.sql.includes("set_config('role'"))?.sql.replace(/^begin;\s*/i, '');
  const page = sent.find((q) => q.sql.includes('"__total"'));
  if (!setup || !page) throw new Error('the seats page statement was not seen');
  const target: HttpTarget = { url: `http://127.0.0.1:${port}${PAGE.url}`, headers, body: JSON.stringify(PAGE.body) };
  return { app, target, setup, page: { sql: page.sql, parameters: page.parameters } satisfies Statement };
}

const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;
const rate = (r: LoadResult) =>
  `${r.perSecond.toFixed(0).padStart(6)}/s  p50 ${ms(r.p50)}  p99 ${ms(r.p99)}${r.errors ? `  ${r.errors} errors` : ''}`;

async function postgres(): Promise<void> {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `sb_throughput_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(base);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory', onQuery });
    await migrateAll(handle.db);
    await seedDemo(createTenancy(handle.db));
    await loadEstate(createTenancy(handle.db), SEATS, 5_000);
    await sql`vacuum analyze`.execute(handle.db);
    const { app, target, setup, page } = await servedApp(handle);
    const raw = await runLoad('sql', { databaseUrl: url.toString(), setup, page }, CONNECTIONS);
    const served = await runLoad('http', target, CONNECTIONS);
    await app.close();
    await handle.close();
    console.log(`\nPostgreSQL, ${SEATS.toLocaleString('en-GB')} seats, ${CONNECTIONS} connections, ${SECONDS} s each`);
    console.log(`  the page's SQL, bare pg client  ${rate(raw)}`);
    console.log(`  the seats page, the app         ${rate(served)}`);
    console.log(`  the app's rate / the SQL's      ${((100 * served.perSecond) / raw.perSecond).toFixed(0)} %`);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function pglite(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-throughput-'));
  try {
    const handle = await openDatabase({ dataDir: dir, onQuery });
    await migrateAll(handle.db);
    await seedDemo(createTenancy(handle.db));
    await loadEstate(createTenancy(handle.db), SEATS, 5_000);
    await vacuumEmbedded(handle.db);
    const { app, target, setup, page } = await servedApp(handle);
    // The page statement's own time, alone (median of 20): what a request costs the one connection.
    const alone: number[] = [];
    for (let i = 0; i < 21; i++) {
      const t = performance.now();
      await handle.db.transaction().execute(async (tx) => {
        await tx.executeQuery(CompiledQuery.raw(setup, []));
        await tx.executeQuery(CompiledQuery.raw(page.sql, [...page.parameters]));
      });
      if (i > 0) alone.push(performance.now() - t);
    }
    const statement = alone.sort((a, b) => a - b)[10] ?? 0;
    const served = await runLoad('http', target, PGLITE_CONNECTIONS);
    await app.close();
    await handle.close();
    console.log(`\nPGlite, ${SEATS.toLocaleString('en-GB')} seats, ${PGLITE_CONNECTIONS} connections, ${SECONDS} s`);
    console.log(`  the page's statement alone     ${ms(statement)}`);
    console.log(`  the seats page, the app        ${rate(served)}`);
    console.log(
      `  a request's wait beyond its own statement: p50 ${ms(served.p50 - statement)}, p99 ${ms(served.p99 - statement)}`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const only = process.env.BENCH_DB;
console.log(
  `bench:throughput ${new Date().toISOString()}  load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}  ${os.cpus().length} cores`,
);
if (only !== 'pglite') await postgres();
if (only !== 'postgres') await pglite();
