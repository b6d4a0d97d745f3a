/**
 * Benchmark: the generic list contract over a large access-list table, through the real app.
 * Prints median / p95 of page 1, a deep page, search and sort. Not a test: it asserts nothing.
 *   npm run bench -w @switchboard/bench            (PGlite in memory)
 *   DATABASE_URL=postgres://... npm run bench -w @switchboard/bench
 */
import { performance } from 'node:perf_hooks';
import { migrateAll } from '../apps/server/src/areas.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { createTenancy } from '../apps/server/src/platform/tenancy.ts';
import { signedInApp } from './signed-in-app.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory' });
await migrateAll(handle.db);
await seedDemo(createTenancy(handle.db));
const existing = await handle.db
  .selectFrom('access_lists')
  .select('id')
  .where('name', 'like', 'Bench %')
  .limit(1)
  .execute();
if (existing.length === 0) {
  for (let start = 0; start < ROWS; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, ROWS - start) }, (_, i) => ({
      account_no: 30000,
      name: `Bench ${String(start + i).padStart(6, '0')}`,
      description: `Benchmark list number ${start + i}`,
      prompt_id: null,
    }));
    await handle.db.insertInto('access_lists').values(rows).execute();
  }
}
const { app, headers } = await signedInApp(handle);

async function measure(label: string, url: string, payload: object) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'POST', url, headers, payload });
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] as number;
  const p95 = times[Math.floor(times.length * 0.95)] as number;
  console.log(`${label.padEnd(34)} median ${median.toFixed(2).padStart(8)} ms   p95 ${p95.toFixed(2).padStart(8)} ms`);
}

console.log(`access lists: ${ROWS} rows on ${handle.kind}, ${RUNS} runs each`);
await measure('first page of 15', '/api/v1/accesscontrol/0/15', {});
await measure('deep page (offset rows/2)', `/api/v1/accesscontrol/${Math.floor(ROWS / 2)}/15`, {});
await measure('sort by entries desc', '/api/v1/accesscontrol/0/15', { sortBy: 'numEntries', direction: 'desc' });
await measure('search "number 1234"', '/api/v1/accesscontrol/0/15', { search: 'number 1234' });
await app.close();
await handle.close();
