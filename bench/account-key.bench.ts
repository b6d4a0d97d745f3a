/**
 * Benchmark: what the tenant's account costs since it is a token the database checks (issue 26
 * item 1; migrations 090, 091). Three copies of one table (20,000 rows of the account, 5,000 of
 * 100 others), the same queries, A/B/C alternating, in tenant transactions as production runs them (on
 * PostgreSQL as the tenant login):
 * - before: the setting as a plain number (the old setup statement and the old function's SQL);
 * - token, per row: the token checked by `app_account_no()`, the policy `account_no = app_account_no()`;
 * - token, once: the policy `account_no = (select app_account_no())` — what every policy is now.
 * Each figure is a whole transaction (BEGIN with the setup, the query, COMMIT) from the client.
 * Prints medians and the ratios to 'before', for PGlite and, when a server answers, PostgreSQL.
 * Not a test: it asserts nothing.
 *   node bench/account-key.bench.ts   (BENCH_ROWS, BENCH_RUNS, BENCH_PG_ADMIN_URL; BENCH_EXPLAIN=1: the plans)
 */
import { performance } from 'node:perf_hooks';
import { type RawBuilder, sql } from 'kysely';
import { migrateAll } from '../apps/server/src/areas.ts';
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';
import { TENANT_ROLE } from '../apps/server/src/db/tenancy-sql.ts';
import { createTenancy, type Tx } from '../apps/server/src/platform/tenancy.ts';
import { onEachDatabaseAsTenant } from './databases.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const ACCOUNT = 30000;
const OTHER = 30001;

const VARIANTS = {
  before: 'bench_account_no_before()',
  'token, per row': 'app_account_no()',
  'token, once': '(select app_account_no())',
} as const;
type Variant = keyof typeof VARIANTS;
const table = (v: Variant) => `bench_key_${Object.keys(VARIANTS).indexOf(v)}`;

async function runStatements(owner: DatabaseHandle['db'], ...statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(owner);
}

/** The three tables, alike but for their policy's reading of the account. */
async function load(owner: DatabaseHandle): Promise<void> {
  await runStatements(
    owner.db,
    // The function as it was before migration 090 (reading the number before a token's colon).
    `create or replace function bench_account_no_before() returns integer language sql stable as
      $f$ select nullif(split_part(current_setting('app.account_no', true), ':', 1), '')::integer $f$`,
  );
  for (const [variant, call] of Object.entries(VARIANTS) as Array<[Variant, string]>) {
    const t = table(variant);
    await runStatements(
      owner.db,
      `drop table if exists ${t}`,
      `create table ${t} (id serial primary key, account_no integer not null, name text not null, description text not null)`,
      `insert into ${t} (account_no, name, description)
        select ${ACCOUNT}, 'Bench ' || lpad(g::text, 6, '0'), 'Benchmark list number ' || g from generate_series(1, ${ROWS}) g`,
      // Other accounts' rows, over 100 accounts as on a platform of many (with two accounts in all
      // the planner takes an account for half the table and prefers a sequential scan).
      `insert into ${t} (account_no, name, description)
        select ${OTHER} + g % 100, 'Other ' || g, 'Not account ${ACCOUNT}' from generate_series(1, 5000) g`,
      `create index ${t}_list on ${t} (account_no, name)`,
      `alter table ${t} enable row level security`,
      `alter table ${t} force row level security`,
      `grant select on ${t} to ${TENANT_ROLE}`,
      `create policy ${t}_tenant on ${t} to ${TENANT_ROLE} using (account_no = ${call})`,
      `analyze ${t}`,
    );
  }
}

const QUERIES: Array<{ label: string; query: (t: string, id: number) => RawBuilder<unknown> }> = [
  { label: 'transaction alone', query: () => sql`select 1` },
  {
    label: 'page of 15 with total',
    query: (t) =>
      sql`select id, name, description, count(*) over () as total from ${sql.table(t)} order by name limit 15`,
  },
  {
    label: 'search %1234% (a filter)',
    query: (t) => sql`select id, name from ${sql.table(t)} where description ilike '%1234%' order by name limit 15`,
  },
  { label: 'one row by id', query: (t, id) => sql`select * from ${sql.table(t)} where id = ${id}` },
];

/** The setup statement before migration 090 (the coalescing dialect recognises the cross-account prefix). */
const OLD_SETUP = sql.raw(
  `select set_config('app.account_no', '', true), set_config('role', '${TENANT_ROLE}', true), set_config('app.account_no', '${ACCOUNT}', true)`,
);

/** Each variant's plan of `q`, as run (BENCH_EXPLAIN=1). */
async function explain(
  q: (typeof QUERIES)[number],
  inVariant: (variant: Variant, fn: (tx: Tx) => Promise<unknown>) => Promise<unknown>,
): Promise<void> {
  for (const variant of Object.keys(VARIANTS) as Variant[]) {
    const plan = await inVariant(variant, (tx) =>
      sql<Record<string, string>>`explain (analyze, costs off, timing off) ${q.query(table(variant), 1)}`
        .execute(tx)
        .then((r) => r.rows.map((row) => Object.values(row)[0]).join('\n')),
    );
    console.log(`-- ${q.label}, ${variant}\n${String(plan)}`);
  }
}

async function timed(name: string, owner: DatabaseHandle, served: DatabaseHandle): Promise<void> {
  await migrateAll(owner.db);
  await load(owner);
  const tenancy = createTenancy(served.db, undefined, served.cross);
  const inVariant = (variant: Variant, fn: (tx: Tx) => Promise<unknown>) =>
    variant === 'before'
      ? served.db.transaction().execute(async (tx) => {
          await OLD_SETUP.execute(tx);
          return fn(tx);
        })
      : tenancy.tenant(ACCOUNT, fn, { readOnly: true });
  console.log(`\n${name}: ${ROWS} rows of account ${ACCOUNT} (+5,000 of 100 others), ${RUNS} runs each, alternating`);
  const names = Object.keys(VARIANTS) as Variant[];
  console.log(
    `${'query'.padEnd(26)}${names.map((v) => v.padStart(16)).join('')}${'per row/before'.padStart(16)}${'once/before'.padStart(13)}`,
  );
  for (const q of QUERIES) {
    if (process.env.BENCH_EXPLAIN) await explain(q, inVariant);
    const times = new Map<Variant, number[]>(names.map((v) => [v, []]));
    const counts = new Map<Variant, number>();
    for (let i = 0; i < RUNS; i++) {
      for (const variant of names) {
        const id = 1 + ((i * 7919) % ROWS);
        const t0 = performance.now();
        const rows = await inVariant(variant, (tx) =>
          q
            .query(table(variant), id)
            .execute(tx)
            .then((r) => r.rows.length),
        );
        times.get(variant)?.push(performance.now() - t0);
        counts.set(variant, Number(rows));
      }
    }
    const seen = new Set(counts.values());
    if (seen.size !== 1) throw new Error(`${q.label}: the variants answered ${[...counts.entries()].join(' ')}`);
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] as number;
    const m = names.map((v) => median(times.get(v) ?? []));
    const [before, perRow, once] = m as [number, number, number];
    console.log(
      `${q.label.padEnd(26)}${m.map((x) => `${x.toFixed(3)} ms`.padStart(16)).join('')}${(perRow / before).toFixed(2).padStart(16)}${(once / before).toFixed(2).padStart(13)}`,
    );
  }
  await owner.close();
}

await onEachDatabaseAsTenant(timed);
