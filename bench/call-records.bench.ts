/**
 * Benchmark: call records at volume (issue 28), on a throw-away PostgreSQL database, the app served
 * on the tenant login (row-level security, as production serves), the demo account 30000 signed in.
 * Fills (generate_series, one statement each, as the owner) January 2025 with BENCH_CDR_ROWS calls
 * (5,000,000) and February 2025 with BENCH_CDR_EXPORT_ROWS (1,000,000), then vacuum analyze.
 *
 * (a) The CSV download of February (1,000,000 rows) from the server run as production runs it
 *     (main.ts, its own process, on the tenant login), through a socket, read as it arrives —
 *     uncompressed, with fetch's own Accept-Encoding (gzip) and brotli only (BENCH_CDR_ENCODINGS),
 *     each from a fresh server process: the time to the first byte and to the first row, the total
 *     time, the bytes, and the server process's memory increase (its peak RSS during the download
 *     minus before it, read from /proc every 20 ms).
 * (b) The list page at offset 0 and offset 2,500,000 of January beside the raw SQL of the same page
 *     (the values the page shows, `order by started_at desc, id desc offset … limit 50`, and the
 *     month's kept count the page answers, migration 105), in a tenant transaction: medians of
 *     BENCH_RUNS runs; the page's total checked against the month's count(*), whose time is printed.
 *
 *   npm run bench:call-records -w @switchboard/bench
 *   BENCH_CDR_ROWS=500000 BENCH_CDR_EXPORT_ROWS=100000 BENCH_RUNS=5 npm run bench:call-records -w @switchboard/bench
 *   BENCH_KEEP=1 keeps the database (its name printed); BENCH_CDR_DB=<name> measures it again unfilled.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { migrateAll } from '../apps/server/src/areas.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database.ts';
import { crossAccountUrl, setUpLogins, TENANT_LOGIN, withUser } from '../apps/server/src/db/logins.ts';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/demo/seed.ts';
import { createTenancy, type Tx } from '../apps/server/src/platform/tenancy.ts';
import { median, timeInTurns } from './timing.ts';

const ROWS = Number(process.env.BENCH_CDR_ROWS ?? 5_000_000);
const EXPORT_ROWS = Number(process.env.BENCH_CDR_EXPORT_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
/** The downloads' Accept-Encoding, one download each (BENCH_CDR_ENCODINGS, separated by '|'; 'none': no download). */
const ENCODINGS = (process.env.BENCH_CDR_ENCODINGS ?? 'identity|gzip, deflate, br|br')
  .split('|')
  .filter((e) => e !== 'none');
const ACCOUNT = 30000;
const LIMIT = 50;
const MB = 1024 * 1024;

/** `rows` calls of the month starting `first` (UTC), evenly spread over `days`, as the owner. */
async function fillMonth(owner: DatabaseHandle, first: string, days: number, rows: number) {
  await sql`select call_records_partition(${first}::timestamptz)`.execute(owner.db);
  await sql
    .raw(`insert into call_records (account_no, call_id, started_at, source, destination, direction,
        inbound_number, seconds, answered, tps_status, rejected_reason, restricted_reason, cost_pence, rate_name)
      select ${ACCOUNT}, 'bench-${first.slice(0, 7)}-' || i,
        timestamptz '${first}' + (i::float8 * ${days} * 86400 / ${rows}) * interval '1 second',
        (201 + i % 12)::text, '07700' || lpad((i % 1000000)::text, 6, '0'),
        case i % 3 when 0 then 'inbound' when 1 then 'outbound' else 'internal' end,
        case i % 3 when 0 then '01214960000' else '' end, i % 900, i % 11 <> 0,
        case when i % 97 = 0 then 'TPS registered' else '' end,
        case when i % 211 = 0 then 'Anonymous call rejection' else '' end, '',
        case i % 3 when 1 then i % 50 else 0 end, case i % 3 when 1 then 'UK Mobile' else '' end
      from generate_series(1, ${rows}) i`)
    .execute(owner.db);
}

/** The app on the tenant and cross-account logins, listening on a port, and a session of 'retail'. */
async function servedApp(served: DatabaseHandle) {
  const config = { logLevel: 'silent', webDist: undefined, sandboxProviders: true };
  const app = await buildApp(loadConfig({}, config), { database: served, logger: false });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/users/auth/login',
    payload: { username: 'retail', password: DEMO_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in: ${login.statusCode} ${login.body}`);
  return { app, headers: { authorization: `Bearer ${login.json().token}` } };
}

/** The server's resident memory (MB), read from /proc. */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** The server as production runs it (apps/server/src/main.ts) on the tenant login, in a process of its own. */
async function serverProcess(ownerUrl: string, tenantUrl: string) {
  const port = Number(process.env.BENCH_CDR_PORT ?? 4399);
  // BENCH_CDR_NODE_OPTIONS: the server's own Node options (e.g. --max-old-space-size=96).
  const nodeOptions = process.env.BENCH_CDR_NODE_OPTIONS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeOptions, 'apps/server/src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: tenantUrl,
      CROSS_ACCOUNT_DATABASE_URL: crossAccountUrl(tenantUrl),
      MIGRATION_DATABASE_URL: ownerUrl,
      SEED_DEMO: 'false',
      SANDBOX_PROVIDERS: 'true',
      WEB_DIST: '',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(os.tmpdir(), `sb-cdr-bench-${process.pid}`),
      DB_STATEMENT_TIMEOUT_MS: '600000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/api/v1/panel/config`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 600) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const login = await fetch(`${base}/api/v1/users/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'retail', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  return { child, base, headers: { authorization: `Bearer ${token}` } };
}

/** Stops the server's process and waits for it to be gone. */
async function stopped(child: ReturnType<typeof spawn>): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await exited;
}

/**
 * (a) The month's CSV through a socket from the server's process, asked for with `encoding` as the
 * Accept-Encoding (fetch decompresses what comes): the first byte, the first row, the total, the
 * bytes of CSV, the server's RSS increase.
 */
async function exportFigures(server: Awaited<ReturnType<typeof serverProcess>>, encoding: string) {
  const pid = server.child.pid ?? 0;
  const headers: Record<string, string> = { ...server.headers, 'accept-encoding': encoding };
  // A first download (the demo's month, a few thousand calls): what any first request costs a fresh
  // process (code compiled, the compressor's buffers) is not the big export's.
  const warm = await fetch(`${server.base}/api/v1/callrecords/download?month=${new Date().toISOString().slice(0, 7)}`, {
    headers,
  });
  await warm.arrayBuffer();
  const before = await rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    void rssOf(pid).then((mb) => {
      peak = Math.max(peak, mb);
    });
  }, 20);
  const t0 = performance.now();
  const res = await fetch(`${server.base}/api/v1/callrecords/download?month=2025-02`, { headers });
  if (!res.ok || !res.body) throw new Error(`download: ${res.status}`);
  const sentAs = res.headers.get('content-encoding') ?? 'identity';
  let firstByte = 0;
  let firstRow = 0;
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    if (firstByte === 0) firstByte = performance.now() - t0;
    bytes += chunk.byteLength;
    for (const b of chunk) if (b === 10) lines++;
    if (firstRow === 0 && lines >= 2) firstRow = performance.now() - t0;
  }
  const total = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, await rssOf(pid));
  return { sentAs, firstByte, firstRow, total, bytes, lines, before, rss: peak - before };
}

/** The statements the app sends while `on` (the list's: its page, its total). */
const caught = { on: false, queries: [] as CompiledQuery[] };

const JANUARY = sql`started_at >= timestamptz '2025-01-01 00:00:00+00' and started_at < timestamptz '2025-02-01 00:00:00+00'`;

/** The raw SQL of a page — the values the page shows, as a person would select them — and the month's kept count. */
async function rawPage(tx: Tx, offset: number) {
  const { rows } = await sql<{ id: string }>`select id, call_id,
      to_char(started_at at time zone 'Europe/London', 'DD/MM/YYYY') as date,
      to_char(started_at at time zone 'Europe/London', 'HH24:MI:SS') as time, source, destination, direction,
      inbound_number, answered, seconds, tps_status, rejected_reason, restricted_reason, rate_name,
      to_char(cost_pence / 100.0, 'FM999999990.00') as cost
    from call_records where ${JANUARY} order by started_at desc, id desc offset ${offset} limit ${LIMIT}`.execute(tx);
  // The month's kept count (migration 105), as the page reads it.
  const count = await sql<{ n: string }>`select coalesce(sum(n), 0) as n from list_counts
    where table_name = 'call_records' and part = '2025-01'`.execute(tx);
  return { ids: rows.map((r) => Number(r.id)), total: Number(count.rows[0]?.n) };
}

/**
 * (b) The app's page beside the raw SQL of the same page and count, in tenant transactions: the
 * request through the app, "app SQL" (the list's statements the request sent, timed alone in one
 * tenant transaction: the app's SQL without the request's own cost — its session, its JSON) and the
 * raw SQL, timed in turns; the page's total checked against the month's count(*), whose time is kept.
 */
async function pageFigures(served: DatabaseHandle, app: Awaited<ReturnType<typeof servedApp>>) {
  const tenancy = createTenancy(served.db);
  const tenant = <T>(fn: (tx: Tx) => Promise<T>) => tenancy.tenant(ACCOUNT, fn, { readOnly: true });
  const counted = () =>
    tenant(async (tx) =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from call_records where ${JANUARY}`.execute(tx)).rows[0]?.n,
      ),
    );
  const page = async (offset: number) => {
    const res = await app.app.inject({
      method: 'POST',
      url: `/api/v1/callrecords/${offset}/${LIMIT}`,
      headers: app.headers,
      payload: { filters: { month: '2025-01' } },
    });
    if (res.statusCode !== 200) throw new Error(`page ${offset}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    const body = res.json() as { records: Array<{ id: number }>; totalRecords: number };
    return { ids: body.records.map((r) => r.id), total: body.totalRecords };
  };
  const figures = [];
  for (const offset of [0, Math.floor(ROWS / 2)]) {
    caught.queries = [];
    caught.on = true;
    const mine = await page(offset);
    caught.on = false;
    const statements = caught.queries;
    const [theirs, all] = [await tenant((tx) => rawPage(tx, offset)), await counted()];
    if (JSON.stringify(mine) !== JSON.stringify(theirs) || mine.total !== all)
      throw new Error(`offset ${offset}: the app's page is not the raw SQL's, or its total not the month's count`);
    const [app = [], appSql = [], raw = []] = await timeInTurns(
      [
        () => page(offset),
        () =>
          tenant(async (tx) => {
            for (const q of statements) await tx.executeQuery(q);
          }),
        () => tenant((tx) => rawPage(tx, offset)),
      ],
      RUNS,
    );
    figures.push({ offset, app: median(app), appSql: median(appSql), raw: median(raw), statements: statements.length });
  }
  const [count = []] = await timeInTurns([counted], Math.min(RUNS, 3));
  return { figures, count: median(count) };
}

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const kept = process.env.BENCH_CDR_DB;
const name = kept ?? `sb_cdr_${process.pid}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
if (!kept) await admin.query(`create database ${name}`);
const started = performance.now();
try {
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const owner = await openDatabase({ databaseUrl: dbUrl.toString(), dataDir: 'memory', statementTimeoutMs: 3_600_000 });
  if (!kept) {
    await migrateAll(owner.db);
    await seedDemo(createTenancy(owner.db));
    const t0 = performance.now();
    await fillMonth(owner, '2025-01-01 00:00:00+00', 31, ROWS);
    await fillMonth(owner, '2025-02-01 00:00:00+00', 28, EXPORT_ROWS);
    const filled = performance.now();
    await sql`vacuum analyze call_records`.execute(owner.db);
    console.error(
      `  filled ${(ROWS + EXPORT_ROWS).toLocaleString('en-GB')} calls in ${((filled - t0) / 1000).toFixed(0)} s, vacuum analyze ${((performance.now() - filled) / 1000).toFixed(0)} s`,
    );
  }
  await setUpLogins(url);
  const tenantUrl = withUser(dbUrl.toString(), TENANT_LOGIN);
  const served = await openDatabase({
    databaseUrl: tenantUrl,
    crossAccountUrl: crossAccountUrl(tenantUrl),
    dataDir: 'memory',
    statementTimeoutMs: 600_000,
    onQuery: (q) => {
      if (caught.on && (q.sql.includes('"__total"') || q.sql.includes('from list_counts'))) caught.queries.push(q);
    },
  });
  // Each download from a fresh server process: a heap grown by one would hide the next one's growth.
  const downloads = [];
  for (const encoding of ENCODINGS) {
    const server = await serverProcess(dbUrl.toString(), tenantUrl);
    downloads.push(await exportFigures(server, encoding).finally(() => stopped(server.child)));
  }
  const app = await servedApp(served);
  const pages = process.env.BENCH_CDR_PAGES === '0' ? undefined : await pageFigures(served, app);
  await app.app.close();
  await served.close();
  await owner.close();
  console.log(
    `\n(a) CSV download of ${EXPORT_ROWS.toLocaleString('en-GB')} call records (PostgreSQL, tenant login, over a socket; a fresh server process each)`,
  );
  for (const csv of downloads) {
    console.log(
      `  ${csv.sentAs.padEnd(8)} first byte ${csv.firstByte.toFixed(0)} ms, first row ${csv.firstRow.toFixed(0)} ms, ` +
        `total ${(csv.total / 1000).toFixed(1)} s, ${(csv.bytes / MB).toFixed(1)} MB of CSV, ${(csv.lines - 1).toLocaleString('en-GB')} rows; ` +
        `server RSS ${csv.before.toFixed(0)} MB before, peak increase ${csv.rss.toFixed(1)} MB`,
    );
  }
  console.log(
    `\n(b) list page of ${LIMIT} in a ${ROWS.toLocaleString('en-GB')}-call month, with its total; median of ${RUNS} runs, ms`,
  );
  console.log(
    `${'offset'.padEnd(12)}${'app'.padStart(10)}${'app SQL'.padStart(10)}${'raw SQL'.padStart(10)}  app SQL / raw  app / raw`,
  );
  for (const f of pages?.figures ?? []) {
    console.log(
      `${f.offset.toLocaleString('en-GB').padEnd(12)}${f.app.toFixed(1).padStart(10)}${f.appSql.toFixed(1).padStart(10)}` +
        `${f.raw.toFixed(1).padStart(10)}  ${(f.appSql / f.raw).toFixed(2).padStart(12)}x  ${(f.app / f.raw).toFixed(2)}x` +
        `  (${f.statements} statements)`,
    );
  }
  if (pages) console.log(`  (the month's count(*), which the kept count replaces: ${pages.count.toFixed(1)} ms)`);
} finally {
  if (process.env.BENCH_KEEP || kept) console.log(`PostgreSQL database kept: ${name}`);
  else await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
console.log(`bench took ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(0);
