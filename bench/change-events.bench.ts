/**
 * Benchmark: what the change-event guard (migration 064) costs a write. The same tenant transaction
 * runs (a) guarded, its event recorded after the write (each row written queues a deferred check,
 * run at COMMIT), (b) guarded, its event recorded first (the trigger's WHEN sees the flag: nothing
 * is queued), (c) with the table's guard trigger disabled — alternating, so all see the same machine
 * load — on one row (a form's save) and on a bulk update of many rows. Then the row-event tables
 * (migration 066): a bulk insert of off-session charge rows, each recording its own event, against
 * the same insert with that trigger disabled.
 * Prints medians for PGlite and, when a PostgreSQL server answers, PostgreSQL. Asserts nothing.
 *   node bench/change-events.bench.ts   (BENCH_PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres;
 *   BENCH_ROWS, default 20,000)
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { migrateAll } from '../apps/server/src/areas.ts';
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { recordChange } from '../apps/server/src/platform/outbox.ts';
import { createTenancy, type Tenancy, type Tx } from '../apps/server/src/platform/tenancy.ts';
import { addBenchAccessLists, onEachDatabaseAsTenant } from './databases.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const ACCOUNT = 30000;
const actor = { accountNo: ACCOUNT, userId: null };

async function load(tenancy: Tenancy): Promise<void> {
  await tenancy.crossAccount('seed', (tx) => addBenchAccessLists(tx, ACCOUNT, ROWS));
  await tenancy.crossAccount('seed', (tx) => sql`analyze`.execute(tx));
}

const event = (tx: Tx) => recordChange(tx, actor, null, { area: 'access-lists', kind: 'update', recordId: null });
/** One transaction of `write`, with its event after or before it; answers its milliseconds. */
async function timed(tenancy: Tenancy, write: (tx: Tx) => Promise<unknown>, eventFirst: boolean): Promise<number> {
  const t0 = performance.now();
  await tenancy.tenant(ACCOUNT, async (tx) => {
    if (eventFirst) await event(tx);
    await write(tx);
    if (!eventFirst) await event(tx);
  });
  return performance.now() - t0;
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] as number;
const ms = (x: number) => `${x.toFixed(2)} ms`.padStart(12);

async function guardCase(handle: DatabaseHandle, tenancy: Tenancy, label: string, write: (tx: Tx) => Promise<unknown>) {
  // A toggle is DDL: the next statement plans afresh, so an untimed write follows each one.
  const toggle = async (on: boolean) => {
    await sql
      .raw(`alter table access_lists ${on ? 'enable' : 'disable'} trigger access_lists_change_event`)
      .execute(handle.db);
    await timed(tenancy, write, true);
  };
  const after: number[] = [];
  const first: number[] = [];
  const none: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    after.push(await timed(tenancy, write, false));
    first.push(await timed(tenancy, write, true));
    await toggle(false);
    none.push(await timed(tenancy, write, false));
    await toggle(true);
  }
  const [a, b, c] = [median(after), median(first), median(none)];
  console.log(
    `${label.padEnd(34)} ${ms(a)} ${ms(b)} ${ms(c)}   +${(a - c).toFixed(2)} ms (${((a / c - 1) * 100).toFixed(1)}%)`,
  );
}

async function rowEventCase(handle: DatabaseHandle, tenancy: Tenancy): Promise<void> {
  const n = Math.min(ROWS, 5000);
  const insert = () =>
    tenancy.crossAccount('payments', async (tx) => {
      const t0 = performance.now();
      await sql`insert into auto_top_up_charges (account_no, amount_pence, state)
        select ${ACCOUNT}, 1000, 'failed' from generate_series(1, ${n})`.execute(tx);
      const took = performance.now() - t0;
      await sql`delete from auto_top_up_charges where account_no = ${ACCOUNT}`.execute(tx);
      return took;
    });
  const toggle = (on: boolean) =>
    sql
      .raw(`alter table auto_top_up_charges ${on ? 'enable' : 'disable'} trigger auto_top_up_charges_row_event`)
      .execute(handle.db);
  const withEvents: number[] = [];
  const without: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    withEvents.push(await insert());
    await toggle(false);
    without.push(await insert());
    await toggle(true);
  }
  const [a, c] = [median(withEvents), median(without)];
  console.log(
    `${`insert ${n} charge rows (row events)`.padEnd(34)} ${ms(a)} ${''.padStart(12)} ${ms(c)}   ${(a / n).toFixed(3)} ms a row`,
  );
}

async function run(name: string, handle: DatabaseHandle, served: DatabaseHandle): Promise<void> {
  await migrateAll(handle.db);
  await seedDemo(createTenancy(handle.db));
  await load(createTenancy(handle.db));
  // The tenant transactions as production runs them: on PostgreSQL the tenant login's.
  const tenancy = createTenancy(served.db, undefined, served.cross);
  console.log(`\n${name}: ${ROWS} access lists in account ${ACCOUNT}, ${RUNS} runs each, medians`);
  console.log(
    `${'write'.padEnd(34)} ${'event after'.padStart(12)} ${'event first'.padStart(12)} ${'no guard'.padStart(12)}`,
  );
  const one = await tenancy.tenant(ACCOUNT, (tx) =>
    tx.selectFrom('access_lists').select('id').orderBy('id').executeTakeFirstOrThrow(),
  );
  await guardCase(handle, tenancy, 'update 1 row (a save)', (tx) =>
    tx.updateTable('access_lists').set({ description: 'one' }).where('id', '=', one.id).execute(),
  );
  await guardCase(handle, tenancy, `update ${ROWS} rows (bulk)`, (tx) =>
    tx.updateTable('access_lists').set({ description: sql`description` }).where('name', 'like', 'Bench %').execute(),
  );
  await rowEventCase(handle, tenancy);
  await handle.close();
}

await onEachDatabaseAsTenant(run);
