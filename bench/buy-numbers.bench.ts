/**
 * Benchmark: buying numbers (issue 27) against a large stock. On each database (in-memory PGlite,
 * then a throw-away PostgreSQL database when one answers), with the demo seeded, times through the
 * real app (app.inject, signed in as the demo's retail user):
 * - the wizard's searches — the regions of a type and country (POST /numbering/available/ranges),
 *   a region's runs of 10 free numbers (POST /numbering/available/ranges/-1/-1) and the vanity
 *   search — first with the demo's stock (≈ 16,000 numbers), then with BENCH_STOCK more numbers
 *   (default 1,000,000: 100 ranges of 10,000) added, to show they do not grow with the stock;
 * - a purchase of 100 numbers (POST /numbering/available/allocate) as one range item, and as 100
 *   single numbers (100 items, each its own savepoint), each run buying numbers not yet sold.
 * Medians and p95 of BENCH_RUNS runs (default 15), after a warm-up. Not a test.
 *   npm run bench:buy-numbers -w @switchboard/bench
 *   BENCH_STOCK=200000 BENCH_RUNS=31 npm run bench:buy-numbers -w @switchboard/bench
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { migrateAll } from '../apps/server/src/areas.ts';
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { createTenancy } from '../apps/server/src/platform/tenancy.ts';
import { onEachDatabase } from './databases.ts';
import { signedInApp } from './signed-in-app.ts';

const STOCK = Number(process.env.BENCH_STOCK ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const PER_RANGE = 10_000;

const median = (t: number[]) => [...t].sort((a, b) => a - b)[Math.floor(t.length / 2)] as number;
const p95 = (t: number[]) =>
  [...t].sort((a, b) => a - b)[Math.min(t.length - 1, Math.floor(t.length * 0.95))] as number;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function timed(runs: number, fn: (run: number) => Promise<void>): Promise<number[]> {
  await fn(-1);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(i);
    times.push(performance.now() - t0);
  }
  return times;
}

/** BENCH_STOCK numbers in ranges of 10,000 ('0199' + area + number), as the owner, in one statement each. */
async function fill(handle: DatabaseHandle): Promise<number[]> {
  const t0 = performance.now();
  const ids: number[] = [];
  for (let r = 0; r < Math.ceil(STOCK / PER_RANGE); r++) {
    const first = `0199${String(r).padStart(3, '0')}0000`;
    const last = `0199${String(r).padStart(3, '0')}9999`;
    const { rows } = await sql<{
      id: number;
    }>`insert into number_ranges (number_type, country, name, prefix, first_number, last_number, source)
      values ('GEONUM', 'ENG', ${`Bench area ${r}`}, '0199', ${first}, ${last}, 'bench') returning id`.execute(
      handle.db,
    );
    const id = rows[0]?.id as number;
    ids.push(id);
    await sql`insert into number_stock (number, range_id)
      select lpad((${first}::bigint + g)::text, 11, '0'), ${id} from generate_series(0, ${PER_RANGE - 1}) g`.execute(
      handle.db,
    );
  }
  const filled = performance.now();
  await sql`vacuum analyze number_stock`.execute(handle.db);
  await sql`vacuum analyze number_ranges`.execute(handle.db);
  console.log(
    `  added ${STOCK.toLocaleString('en-GB')} numbers in ${((filled - t0) / 1000).toFixed(0)} s (vacuum analyze ${((performance.now() - filled) / 1000).toFixed(0)} s)`,
  );
  return ids;
}

async function run(name: string, handle: DatabaseHandle): Promise<void> {
  console.log(`\n${name}`);
  await migrateAll(handle.db);
  await seedDemo(createTenancy(handle.db));
  const { app, headers } = await signedInApp(handle);
  const post = async (url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const leeds = (await post('/numbering/available/ranges', { type: 'GEONUM', country: 'ENG' })).records.find(
    (r: { name: string }) => r.name === 'Leeds',
  ).numberRangeId as number;
  const searches = async (label: string) => {
    const regions = await timed(
      RUNS,
      async () => void (await post('/numbering/available/ranges', { type: 'GEONUM', country: 'ENG' })),
    );
    const blocks = await timed(
      RUNS,
      async () =>
        void (await post('/numbering/available/ranges/-1/-1', { numberRangeId: leeds, minimumRangeSize: 10 })),
    );
    const vanity = await timed(
      RUNS,
      async () => void (await post('/numbering/available/vanity', { numberRangeId: 699, filter: '5' })),
    );
    for (const [what, t] of [
      ['regions (GEONUM, ENG)', regions],
      ['runs of 10 in Leeds', blocks],
      ['vanity 0808 holding 5', vanity],
    ] as const) {
      console.log(`  search ${what}, ${label}: median ${ms(median(t))}, p95 ${ms(p95(t))}`);
    }
  };
  await searches('demo stock');
  const ranges = await fill(handle);
  await searches(`+${STOCK.toLocaleString('en-GB')} in stock`);
  const base = (run: number, offset: number) => BigInt(`0199${String(run + 1).padStart(3, '0')}0000`) + BigInt(offset);
  const num = (n: bigint) => n.toString().padStart(11, '0');
  const asRange = await timed(RUNS, async (i) => {
    const start = base(i, 0);
    const reply = await post('/numbering/available/allocate', {
      telephoneNumberRanges: [{ start: num(start), end: num(start + 99n) }],
    });
    if (!reply.success) throw new Error(reply.message);
  });
  const asNumbers = await timed(RUNS, async (i) => {
    const numbers = Array.from({ length: 100 }, (_, k) => num(base(i, 1000 + k)));
    const reply = await post('/numbering/available/allocate', { telephoneNumbers: numbers });
    if (!reply.success) throw new Error(reply.message);
  });
  console.log(`  purchase of 100 numbers as one range: median ${ms(median(asRange))}, p95 ${ms(p95(asRange))}`);
  console.log(`  purchase of 100 numbers one by one: median ${ms(median(asNumbers))}, p95 ${ms(p95(asNumbers))}`);
  console.log(`  (${ranges.length} bench ranges; ${RUNS} runs after a warm-up)`);
  await app.close();
  await handle.close();
}

await onEachDatabase(run);
