/**
 * Benchmark: the routing engine on a large account (issue 29) — the demo account 30000 with 2,000
 * seats and 500 routing objects (100 numbers, 150 IVRs, 150 call groups of 5 members, 100 queues of
 * 5 members), each number routed to an IVR whose keys reach the groups and queues, falling over to
 * seats. Timed in a read-only tenant transaction as the routes do: the estate loaded (modules/routing)
 * then one trace (routeCall of a number), and the estate loaded then the whole account's lint
 * (lintEstate). Each three times, as written before each run (outside the timing): nothing (the
 * server keeps the account's estate and asks only for its kinds' fingerprints, one statement); a
 * seat (the seats read again); a row of every kind (the whole estate read again). Prints medians per database (targets:
 * trace ≤ 20 ms, lint ≤ 200 ms on PostgreSQL). Not a test: it asserts nothing.
 *   node bench/routing-health.bench.ts   (BENCH_PG_ADMIN_URL, BENCH_RUNS)
 */
import { performance } from 'node:perf_hooks';
import { lintEstate, routeCall } from '@switchboard/domain';
import { sql } from 'kysely';
import { migrateAll } from '../apps/server/src/areas.ts';
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { loadEstate as loadRouting } from '../apps/server/src/modules/routing/index.ts';
import { createTenancy } from '../apps/server/src/platform/tenancy.ts';
import { onEachDatabaseAsTenant } from './databases.ts';
import { ACCOUNT, FIRST_EXT, loadEstate } from './estate.ts';
import { signedInApp } from './signed-in-app.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const at = new Date('2026-11-24T10:00:00Z');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const seat = (i: number) => `seat:${FIRST_EXT + (i % 2000)}`;

async function addRouting(tx: Parameters<Parameters<ReturnType<typeof createTenancy>['crossAccount']>[1]>[0]) {
  for (let i = 0; i < 150; i++) {
    const group = await sql<{
      id: number;
    }>`insert into call_groups (account_no, group_no, custom_name, fallover_location)
      values (${ACCOUNT}, ${1000 + i}, ${`Bench group ${i}`}, ${seat(i)}) returning id`.execute(tx);
    const id = group.rows[0]?.id;
    for (let m = 0; m < 5; m++) {
      await sql`insert into call_group_members (account_no, group_id, member, days)
        values (${ACCOUNT}, ${id}, ${seat(i * 5 + m + 1)}, ${JSON.stringify({ monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: false, sunday: false })})`.execute(
        tx,
      );
    }
  }
  for (let i = 0; i < 100; i++) {
    const queue = await sql<{
      id: number;
    }>`insert into call_queues (account_no, queue_no, custom_name, fallover_location)
      values (${ACCOUNT}, ${1200 + i}, ${`Bench queue ${i}`}, ${seat(i + 7)}) returning id`.execute(tx);
    for (let m = 0; m < 5; m++) {
      await sql`insert into call_queue_members (account_no, queue_id, member)
        values (${ACCOUNT}, ${queue.rows[0]?.id}, ${seat(i * 5 + m + 900)})`.execute(tx);
    }
  }
  for (let i = 0; i < 150; i++) {
    await sql`insert into ivrs (account_no, ivr_no, description, option1, option2, option0, option_timeout)
      values (${ACCOUNT}, ${1400 + i}, ${`Bench menu ${i}`}, ${`callgroup:${1000 + i}`}, ${`queue:${1200 + (i % 100)}`},
        ${i > 0 ? `ivr:${1400 + i - 1}` : seat(0)}, ${`callgroup:${1000 + ((i + 1) % 150)}`})`.execute(tx);
  }
  await sql`update telephone_numbers set destination = 'ivr:' || (1400 + (id % 150))
    where account_no = ${ACCOUNT} and number like '0300%'`.execute(tx);
  await sql`analyze`.execute(tx);
}

/** Filled as the database's owner; read as production serves (the tenant login, row-level security). */
async function run(name: string, owner: DatabaseHandle, served: DatabaseHandle): Promise<void> {
  await migrateAll(owner.db);
  const tenancy = createTenancy(owner.db);
  await seedDemo(tenancy);
  await loadEstate(tenancy, 2000, 100);
  await tenancy.crossAccount('seed', addRouting);
  const { app } = await signedInApp(served);
  const { lists } = app.platform;
  // Writes between runs: none (the kept estate answered), a seat (the seats read again), or a row
  // of every kind of object (the whole estate read again).
  const KINDS = [
    'telephone_numbers',
    'time_profiles',
    'time_profile_calendars',
    'ivrs',
    'call_groups',
    'call_queues',
    'seats',
    'nts_destinations',
    'conference_rooms',
    'sip_trunks',
    'access_lists',
    'prompts',
    'call_group_members',
    'call_queue_members',
    'access_list_entries',
  ];
  const touch = (tables: string[]) =>
    app.platform.tenancy.crossAccount('seed', async (tx) => {
      for (const t of tables) {
        await sql`update ${sql.table(t)} set account_no = account_no
          where ctid = (select ctid from ${sql.table(t)} where account_no = ${ACCOUNT} limit 1)`.execute(tx);
      }
    });
  type Written = 'none' | 'seat' | 'all';
  const timed = async (written: Written, work: (estate: Awaited<ReturnType<typeof loadRouting>>) => unknown) => {
    const times: number[] = [];
    let size = 0;
    for (let i = 0; i < RUNS; i++) {
      if (written !== 'none') await touch(written === 'seat' ? ['seats'] : KINDS);
      const t0 = performance.now();
      await app.platform.tenancy.tenant(
        ACCOUNT,
        async (db) => {
          const estate = await loadRouting(db, lists, ACCOUNT);
          size = estate.seats.length + estate.ivrs.length + estate.callGroups.length + estate.queues.length;
          work(estate);
        },
        { readOnly: true },
      );
      times.push(performance.now() - t0);
    }
    return { ms: median(times), size };
  };
  const trace = (estate: Awaited<ReturnType<typeof loadRouting>>) => routeCall(estate, { dialled: '03000000001', at });
  let findings = 0;
  const lint = (estate: Awaited<ReturnType<typeof loadRouting>>) => {
    findings = lintEstate(estate).length;
  };
  const row = async (work: (estate: Awaited<ReturnType<typeof loadRouting>>) => unknown) => {
    const kept = await timed('none', work);
    const cells = [kept, await timed('seat', work), await timed('all', work)];
    return { size: kept.size, cells: cells.map((r) => r.ms.toFixed(1).padStart(9)).join('') };
  };
  const traces = await row(trace);
  const lints = await row(lint);
  console.log(`\n${name}: ${traces.size} seats, IVRs, groups and queues (+ numbers), median of ${RUNS}`);
  console.log('                       written: nothing  a seat  every kind');
  console.log(`  estate load + trace       ${traces.cells} ms   (target ≤ 20 ms)`);
  console.log(`  estate load + lint        ${lints.cells} ms   (target ≤ 200 ms; ${findings} findings)`);
  await app.close();
}

await onEachDatabaseAsTenant(run);
