/**
 * Benchmark: keyset paging (issue 26 item 6) on a 5,000,000-row append-only table. Fills the demo
 * account 30000's audit log with BENCH_KEYSET_ROWS rows (generate_series, one statement; two rows to
 * each second, so the key has ties) on a throw-away PostgreSQL database, and times, side by side in
 * one run, the app's pages against the raw keyset SQL returning the same rows and values the page
 * shows (its time, who, area, verb, record, changes, IP):
 *   select id, to_char(at ...), ... from audit_log where (at, id) < ($1, $2) order by at desc, id desc limit 50
 * each in a tenant transaction (row-level security, as the app's). Figures per page: the request
 * through the real app (median, p95), "app SQL" — the list builder's statements the request sent
 * (its total, its page) timed alone in one tenant transaction — and the raw SQL; medians of
 * BENCH_RUNS runs. Not a test: it asserts only that the app answers 200 with the raw SQL's rows.
 *   npm run bench:keyset -w @switchboard/bench
 *   BENCH_KEYSET_ROWS=500000 BENCH_RUNS=31 BENCH_SLOW_RUNS=5 BENCH_DATABASE_URL=postgres://... npm run bench:keyset -w @switchboard/bench
 *   BENCH_KEEP=1 keeps the database (its name is printed), BENCH_KEYSET_DB=<that name> measures it again
 *   without filling; BENCH_EXPLAIN=1 prints the app SQL's plans.
 */
import { performance } from 'node:perf_hooks';
import { CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely';
import pg from 'pg';
import { migrateAll } from '../apps/server/src/areas.ts';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { createTenancy } from '../apps/server/src/platform/tenancy.ts';
import { signedInApp } from './signed-in-app.ts';
import { median, timeInTurns as timedInTurns } from './timing.ts';

const ROWS = Number(process.env.BENCH_KEYSET_ROWS ?? 5_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 31);
/** Runs of the pages that walk half the index (hundreds of ms each). */
const SLOW_RUNS = Number(process.env.BENCH_SLOW_RUNS ?? 5);
const ACCOUNT = 30000;
const LIMIT = 50;

/** `fns` timed in turns, BENCH_RUNS runs unless told. */
const timeInTurns = (fns: Array<() => Promise<unknown>>, runs = RUNS) => timedInTurns(fns, runs);
const p95 = (times: number[]) =>
  [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * 0.95))] as number;

/** The bench rows, as the owner: one INSERT of generate_series (the count trigger runs once). */
async function fill(handle: DatabaseHandle) {
  const t0 = performance.now();
  await sql
    .raw(`insert into audit_log (account_no, user_id, action, details, ip, at)
      select ${ACCOUNT}, null, 'seats.update',
        jsonb_build_object('label', 'Seat ' || (i % 5000), 'recordId', i % 5000,
          'changes', jsonb_build_object('nickname', jsonb_build_object('from', 'a', 'to', 'b'))),
        '192.0.2.1', timestamptz '2020-01-01 00:00:00+00' + (i / 2) * interval '1 second'
      from generate_series(1, ${ROWS}) i`)
    .execute(handle.db);
  const filled = performance.now();
  // The steady state autovacuum reaches after a bulk load (visibility map set, statistics).
  await sql`vacuum analyze audit_log`.execute(handle.db);
  console.error(
    `  filled ${ROWS.toLocaleString('en-GB')} rows in ${((filled - t0) / 1000).toFixed(0)} s, ` +
      `vacuum analyze ${((performance.now() - filled) / 1000).toFixed(0)} s`,
  );
}

interface Figure {
  label: string;
  app: number;
  appP95: number;
  appSql: number;
  raw: number;
  /** The database's own time (planning + execution, EXPLAIN ANALYZE without timing) of the app SQL and the raw. */
  appDb: number;
  rawDb: number;
}

/** Planning + execution ms the database reports for `query` (EXPLAIN (ANALYZE, TIMING OFF)). */
async function databaseTime(tx: Kysely<Database>, query: CompiledQuery): Promise<number> {
  const { rows } = await tx.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`explain (analyze, timing off, summary on) ${query.sql}`, [...query.parameters]),
  );
  return rows
    .map((r) => /^(?:Planning|Execution) Time: ([\d.]+) ms/.exec(r['QUERY PLAN'].trim())?.[1])
    .reduce((sum, ms) => sum + (ms ? Number(ms) : 0), 0);
}

async function measure(handle: DatabaseHandle, caught: { on: boolean; queries: CompiledQuery[] }) {
  const tenancy = createTenancy(handle.db);
  const tenant = <T>(fn: (tx: Parameters<Parameters<typeof tenancy.tenant>[1]>[0]) => Promise<T>) =>
    tenancy.tenant(ACCOUNT, fn, { readOnly: true });
  const { app, headers } = await signedInApp(handle);
  const total = Number(
    (await sql<{ n: string }>`select count(*) as n from audit_log where account_no = ${ACCOUNT}`.execute(handle.db))
      .rows[0]?.n,
  );
  /** The row at a position of the list (0 = newest), as the owner: the raw SQL's boundary. */
  const rowAt = async (position: number) =>
    (
      await sql<{ at: Date; id: string }>`select at, id from audit_log where account_no = ${ACCOUNT}
        order by at desc, id desc offset ${position} limit 1`.execute(handle.db)
    ).rows[0] as { at: Date; id: string };
  /** The raw SQL of a page: the values the audit page shows, as a person would select them. */
  const rawKeyset = (after: { at: Date; id: string } | undefined): RawBuilder<{ id: string }> =>
    sql`select id, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at_text,
        coalesce(details->>'user', (select u.name || ' ' || u.surname || ' (' || u.username || ')'
          from users u where u.id = audit_log.user_id), '') as user_label,
        coalesce(details->>'actingAs', '') as acting_as, split_part(action, '.', 1) as area,
        split_part(action, '.', 2) as verb, (details->>'recordId')::int as record_id,
        coalesce(details->>'label', '') as record, coalesce(details->'changes', '{}') as changes,
        coalesce(ip, '') as ip
      from audit_log ${after ? sql`where (at, id) < (${after.at}, ${after.id})` : sql``}
      order by audit_log.at desc, audit_log.id desc limit ${LIMIT}`;
  const request = async (path: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url: `/api/v1/audit/${path}`, headers, payload });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json() as { records: Array<{ id: number }>; nextCursor?: string | null };
  };
  const figures: Figure[] = [];
  const add = async (label: string, path: string, payload: object, raw: RawBuilder<{ id: string }>, runs = RUNS) => {
    caught.queries = [];
    caught.on = true;
    const reply = await request(path, payload);
    caught.on = false;
    const rawRows = (await tenant((tx) => raw.execute(tx))).rows;
    if (JSON.stringify(reply.records.map((r) => r.id)) !== JSON.stringify(rawRows.map((r) => Number(r.id)))) {
      throw new Error(`${label}: the app's rows are not the raw SQL's`);
    }
    const statements = caught.queries;
    if (process.env.BENCH_EXPLAIN) await explain(label, statements, tenant);
    const rawQuery = raw.compile(handle.db);
    const appDb: number[] = [];
    const rawDb: number[] = [];
    const [app = [], appSql = [], rawTimes = []] = await timeInTurns(
      [
        () => request(path, payload),
        // In order, as the request sends them.
        () =>
          tenant(async (tx) => {
            for (const q of statements) await tx.executeQuery(q);
          }),
        () => tenant((tx) => raw.execute(tx)),
        async () => {
          appDb.push(
            await tenant(async (tx) =>
              (await Promise.all(statements.map((q) => databaseTime(tx, q)))).reduce((a, b) => a + b, 0),
            ),
          );
          rawDb.push(await tenant((tx) => databaseTime(tx, rawQuery)));
        },
      ],
      runs,
    );
    const figure = {
      label,
      app: median(app),
      appP95: p95(app),
      appSql: median(appSql),
      raw: median(rawTimes),
      appDb: median(appDb),
      rawDb: median(rawDb),
    };
    figures.push(figure);
    console.error(
      `  ${label}: app ${figure.app.toFixed(1)} ms, app SQL ${figure.appSql.toFixed(2)} ms (${statements.length} statements), raw ${figure.raw.toFixed(2)} ms; ` +
        `in the database ${figure.appDb.toFixed(2)} / ${figure.rawDb.toFixed(2)} ms`,
    );
  };

  await add('first page (offset 0)', `0/${LIMIT}`, {}, rawKeyset(undefined));
  const nearEnd = total - 100;
  const cursorPage = await request(`${nearEnd - LIMIT}/${LIMIT}`, {});
  await add(
    `by cursor at row ${nearEnd.toLocaleString('en-GB')}`,
    `0/${LIMIT}`,
    { cursor: cursorPage.nextCursor },
    rawKeyset(await rowAt(nearEnd - 1)),
  );
  await add(
    `offset ${nearEnd.toLocaleString('en-GB')} (near the end)`,
    `${nearEnd}/${LIMIT}`,
    {},
    rawKeyset(await rowAt(nearEnd - 1)),
  );
  const middle = Math.floor(total / 2);
  await add(
    `offset ${middle.toLocaleString('en-GB')} (the middle)`,
    `${middle}/${LIMIT}`,
    {},
    rawKeyset(await rowAt(middle - 1)),
    SLOW_RUNS,
  );
  await add(
    `offset ${middle.toLocaleString('en-GB')}, raw by offset`,
    `${middle}/${LIMIT}`,
    {},
    sql`select * from audit_log order by at desc, id desc offset ${middle} limit ${LIMIT}`, // the rows alone
    SLOW_RUNS,
  );
  await app.close();
  return { total, figures };
}

async function explain(
  label: string,
  statements: CompiledQuery[],
  tenant: <T>(
    fn: (tx: Parameters<Parameters<ReturnType<typeof createTenancy>['tenant']>[1]>[0]) => Promise<T>,
  ) => Promise<T>,
) {
  for (const q of statements) {
    const plan = await tenant((tx) =>
      tx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain (analyze, buffers) ${q.sql}`, [...q.parameters]),
      ),
    );
    console.error(`  ${label}: ${q.sql}\n${plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
  }
}

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** BENCH_KEYSET_DB names a database an earlier run kept (BENCH_KEEP=1): measured again, not filled. */
const kept = process.env.BENCH_KEYSET_DB;
const name = kept ?? `sb_keyset_${process.pid}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
if (!kept) await admin.query(`create database ${name}`);
const started = performance.now();
try {
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  // The list builder's statements of a request: its page (aliased __total) and a total read alone.
  const caught = { on: false, queries: [] as CompiledQuery[] };
  const handle = await openDatabase({
    databaseUrl: dbUrl.toString(),
    dataDir: 'memory',
    statementTimeoutMs: 600_000,
    onQuery: (q) => {
      if (caught.on && (q.sql.includes('"__total"') || q.sql.includes('from list_counts'))) caught.queries.push(q);
    },
  });
  if (!kept) {
    await migrateAll(handle.db);
    await seedDemo(createTenancy(handle.db));
    await fill(handle);
  }
  const { total, figures } = await measure(handle, caught);
  await handle.close();
  console.log(
    `\naudit log of account ${ACCOUNT}: ${total.toLocaleString('en-GB')} rows on PostgreSQL, pages of ${LIMIT}, ` +
      `median of ${RUNS} runs, ms; app SQL = the list builder's statements of the request alone in a tenant ` +
      `transaction; in the database = the planning and execution time PostgreSQL reports for them (EXPLAIN ANALYZE, ` +
      `timing off: what a shared machine's scheduling does not blur); raw = select <the values the page shows> ... where (at, id) < ($1, $2) ` +
      `order by at desc, id desc limit ${LIMIT}, the same rows\n`,
  );
  console.log(
    `${'page'.padEnd(34)}${'app'.padStart(8)}${'p95'.padStart(8)}${'app SQL'.padStart(9)}${'raw'.padStart(8)}  app SQL / raw`,
  );
  for (const f of figures) {
    console.log(
      `${f.label.padEnd(34)}${f.app.toFixed(1).padStart(8)}${f.appP95.toFixed(1).padStart(8)}` +
        `${f.appSql.toFixed(2).padStart(9)}${f.raw.toFixed(2).padStart(8)}  ${(f.appSql / f.raw).toFixed(2)}x` +
        `  |                ${f.appDb.toFixed(2).padStart(8)}${f.rawDb.toFixed(2).padStart(8)}  ${(f.appDb / f.rawDb).toFixed(2)}x`,
    );
  }
} finally {
  if (process.env.BENCH_KEEP || kept) console.log(`PostgreSQL database kept: ${name}`);
  else await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
console.log(`bench took ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(0);
