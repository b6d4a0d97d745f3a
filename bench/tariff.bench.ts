/**
 * Benchmark: the call-cost look-up by longest prefix (issue 27) as the deck grows. The deck of the
 * checked-in file (282 rates), then with up to DECK_EXTRA more prefixes (default 20,000 made, 10,800
 * of them new: UK area codes 441000… and NANP area codes), the look-up of a tenant transaction — the number's ≤ 15 prefixes
 * read by the primary key, then the domain's `priceCall` — timed for numbers that match a long
 * prefix, a short one and none. Prints medians per database. Not a test: it asserts nothing.
 *   node bench/tariff.bench.ts   (BENCH_PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { migrateAll } from '../apps/server/src/areas.ts';
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { callCost } from '../apps/server/src/modules/billing/index.ts';
import { createTenancy, type Tenancy } from '../apps/server/src/platform/tenancy.ts';
import { onEachDatabase } from './databases.ts';

const EXTRA = Number(process.env.DECK_EXTRA ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const NUMBERS = { 'UK mobile (447)': '07700900123', 'France (33)': '0033145678901', 'no rate': '00999123456' };
const start = new Date('2026-11-24T10:00:00Z');

const RATES = {
  access: 0,
  on_peak: 120,
  on_peak_connection: 0,
  off_peak: 60,
  weekend_on_peak: 60,
  weekend_off_peak: 60,
  minimum: 0,
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function timeLookUps(tenancy: Tenancy): Promise<string[]> {
  const lines: string[] = [];
  for (const [label, number] of Object.entries(NUMBERS)) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await tenancy.tenant(30000, (db) => callCost(db, { number, start, seconds: 180 }), { readOnly: true });
      times.push(performance.now() - t0);
    }
    lines.push(`  ${label.padEnd(20)} ${median(times).toFixed(2).padStart(8)} ms`);
  }
  return lines;
}

/** EXTRA synthetic prefixes of 44 (UK area codes 441000…) and of 1 (NANP area codes), as a big deck has. */
async function grow(tenancy: Tenancy): Promise<void> {
  await tenancy.crossAccount('seed', async (tx) => {
    for (let from = 0; from < EXTRA; from += 1000) {
      const rows = Array.from({ length: Math.min(1000, EXTRA - from) }, (_, i) => {
        const n = from + i;
        const prefix =
          n % 2 === 0 ? `441${String(1000 + n / 2)}` : `1${String(200 + (((n - 1) / 2) % 800))}${(n - 1) % 10}`;
        return { prefix, category: 'geographic' as const, destination: `Bench ${n}`, ...RATES };
      });
      await tx
        .insertInto('tariff_rates')
        .values(rows)
        .onConflict((oc) => oc.column('prefix').doNothing())
        .execute();
    }
    await sql`analyze tariff_rates`.execute(tx);
  });
}

async function run(name: string, handle: DatabaseHandle): Promise<void> {
  await migrateAll(handle.db);
  const tenancy = createTenancy(handle.db);
  await seedDemo(tenancy);
  const count = async () =>
    tenancy.crossAccount('seed', async (tx) =>
      Number(
        (
          await tx
            .selectFrom('tariff_rates')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
  console.log(`\n${name}: the look-up (a tenant transaction, priced by the rating function), median of ${RUNS}`);
  console.log(` deck of ${await count()} rates`);
  for (const line of await timeLookUps(tenancy)) console.log(line);
  await grow(tenancy);
  console.log(` deck of ${await count()} rates`);
  for (const line of await timeLookUps(tenancy)) console.log(line);
  await handle.close();
}

await onEachDatabase(run);
