/**
 * Benchmark: the cost of row-level security on a list of 20,000 rows. The same page queries run
 * (a) in a tenant transaction (on PostgreSQL as the tenant login, as production serves), where the
 * policy scopes the rows, and (b) with no row-level security
 * at all — as the database's superuser (the benchmark's own connection; superusers bypass the
 * policies) with the account filter written out — alternating A/B so both see the same machine
 * load. (The escape hatch is no baseline: its role has a policy too, so its queries pay the same.)
 * Prints medians and the ratio for PGlite and, when a PostgreSQL server answers, PostgreSQL.
 * Not a test: it asserts nothing.
 *   node bench/rls.bench.ts   (BENCH_PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 */
import { performance } from 'node:perf_hooks';
import { type Kysely, sql } from 'kysely';
import { migrateAll } from '../apps/server/src/areas.ts';
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { field, fieldMap } from '../apps/server/src/platform/fields.ts';
import { type AnyQuery, pagedList } from '../apps/server/src/platform/list.ts';
import { createTenancy, type Tenancy, type Tx } from '../apps/server/src/platform/tenancy.ts';
import { addBenchAccessLists, onEachDatabaseAsTenant } from './databases.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const ACCOUNT = 30000;

const fields = fieldMap<{ id: number; name: string; description: string; numEntries: number }>('access_lists', {
  id: field.id(),
  name: field.text('name', { sortable: true, searchable: true }),
  description: field.text('description', { sortable: true, searchable: true }),
  numEntries: field.computed(
    '(select count(*)::int from access_list_entries e where e.access_list_id = access_lists.id)',
    'number',
    { sortable: true },
  ),
});

const CASES: Array<{ label: string; options: Parameters<typeof pagedList>[4] }> = [
  { label: 'first page of 15', options: { offset: 0, limit: 15 } },
  { label: 'page at offset 10,000', options: { offset: 10_000, limit: 15 } },
  { label: 'sort by description desc', options: { offset: 0, limit: 15, sortBy: 'description', direction: 'desc' } },
  { label: 'search "number 1234"', options: { offset: 0, limit: 15, search: 'number 1234' } },
];

async function load(tenancy: Tenancy): Promise<void> {
  await tenancy.crossAccount('seed', async (tx) => {
    await addBenchAccessLists(tx, ACCOUNT, ROWS);
    // Another account's rows, so the policy has something to keep out.
    const others = Array.from({ length: 5000 }, (_, i) => ({
      account_no: 30001,
      name: `Other ${i}`,
      description: `Not account ${ACCOUNT}`,
      prompt_id: null,
    }));
    await tx.insertInto('access_lists').values(others).execute();
  });
  await tenancy.crossAccount('seed', (tx) => sql`analyze`.execute(tx));
}

const query = (tx: Tx): AnyQuery => (tx as unknown as Kysely<never>).selectFrom('access_lists' as never) as AnyQuery;

async function run(name: string, handle: DatabaseHandle, served: DatabaseHandle): Promise<void> {
  await migrateAll(handle.db);
  await seedDemo(createTenancy(handle.db));
  await load(createTenancy(handle.db));
  // The tenant transactions as production runs them: on PostgreSQL the tenant login's.
  const tenancy = createTenancy(served.db, undefined, served.cross);
  console.log(`\n${name}: ${ROWS} rows of account ${ACCOUNT} (+5,000 of another), ${RUNS} runs each, A/B alternating`);
  console.log(
    `${'query'.padEnd(28)} ${'row-level security'.padStart(20)} ${'no RLS, filter'.padStart(18)} ${'ratio'.padStart(8)}`,
  );
  for (const c of CASES) {
    const rls: number[] = [];
    const plain: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let t0 = performance.now();
      const a = await tenancy.tenant(
        ACCOUNT,
        (tx) => pagedList(query(tx), fields, 'access_lists.id', { field: 'name', direction: 'asc' }, c.options),
        { readOnly: true },
      );
      rls.push(performance.now() - t0);
      t0 = performance.now();
      const b = await handle.db
        .transaction()
        .execute((tx) =>
          pagedList(
            query(tx).where('access_lists.account_no', '=', ACCOUNT),
            fields,
            'access_lists.id',
            { field: 'name', direction: 'asc' },
            c.options,
          ),
        );
      plain.push(performance.now() - t0);
      if (a.totalRecords !== b.totalRecords) throw new Error(`${c.label}: ${a.totalRecords} ≠ ${b.totalRecords}`);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] as number;
    const ra = median(rls);
    const rb = median(plain);
    console.log(
      `${c.label.padEnd(28)} ${`${ra.toFixed(2)} ms`.padStart(20)} ${`${rb.toFixed(2)} ms`.padStart(18)} ${(ra / rb).toFixed(3).padStart(8)}`,
    );
  }
  await handle.close();
}

await onEachDatabaseAsTenant(run);
