/**
 * Benchmark: the panel at 20,000 seats. Loads 20,000 seats and 5,000 telephone numbers into the demo
 * account 30000 (demo data seeded first) and times, through the real app, what the panel asks for,
 * each beside the raw SQL returning the same rows (in a transaction of its own, as the app's), with
 * the ratio. PGlite and PostgreSQL side by side in one run; PostgreSQL when BENCH_DATABASE_URL (or a
 * local server at postgres://postgres@127.0.0.1:5432/postgres) answers: a throw-away database is
 * created and dropped. Then the PGlite server's cold start on the loaded data dir and its resident
 * memory once idle. Not a test: it asserts only that the app answers 200.
 *   npm run bench:scale -w @switchboard/bench
 *   BENCH_DB=postgres (or pglite) runs one database only.
 *   BENCH_SEATS=79900 BENCH_OTHER_SEATS=120100: a full account on a platform of 200,000 seats.
 *   BENCH_RUNS=30 BENCH_DATABASE_URL=postgres://... npm run bench:scale -w @switchboard/bench
 *   BENCH_KEEP=1 keeps the loaded PostgreSQL database (its name is printed) to look at with psql.
 *   BENCH_EXPLAIN=1 also prints each page statement the app sent and its plan (EXPLAIN ANALYZE, BUFFERS).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ACCOUNT_ACTIVITY, EMS_ERRORS_COUNT } from '@switchboard/domain';
import { CompiledQuery, type RawBuilder, sql } from 'kysely';
import pg from 'pg';
import { migrateAll } from '../apps/server/src/areas.ts';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { vacuumEmbedded } from '../apps/server/src/platform/housekeeping.ts';
import { createTenancy, type Tenancy } from '../apps/server/src/platform/tenancy.ts';
import { ACCOUNT, FIRST_EXT, loadEstate, loadOtherAccounts } from './estate.ts';
import { signedInApp } from './signed-in-app.ts';

const SEATS = Number(process.env.BENCH_SEATS ?? 20_000);
const NUMBERS = Number(process.env.BENCH_NUMBERS ?? 5_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const SLOW_RUNS = Number(process.env.BENCH_SLOW_RUNS ?? 5);
const OTHER_SEATS = Number(process.env.BENCH_OTHER_SEATS ?? 0);
// Five-digit extensions run 20000-99899: a full account is 79,900 seats (BENCH_SEATS=79900).
if (SEATS > 79_900) throw new Error(`BENCH_SEATS ${SEATS}: one account holds at most 79,900 seats (20000-99899)`);
const root = path.resolve(import.meta.dirname, '..');

interface Figure {
  label: string;
  app: { median: number; p95: number };
  raw: number;
  /** The raw SQL of a list's page with its total (count(*) of the same rows) in the same statement. */
  rawTotal?: number;
  /** The page statement the app sent, run alone in a tenant transaction (lists only). */
  appSql?: number;
  note?: string;
}

const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)] as number,
    p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] as number,
  };
};

async function time(runs: number, fn: () => Promise<unknown>, after?: () => Promise<unknown>): Promise<number[]> {
  await fn(); // warm-up (plans, caches)
  if (after) await after();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
    if (after) await after();
  }
  return times;
}

/**
 * Seats and numbers in batches of plain SQL (the seed's escape hatch: row-level security applies);
 * with BENCH_OTHER_SEATS, that many more in other accounts (a platform of e.g. 200,000 seats:
 * BENCH_SEATS=79900 BENCH_OTHER_SEATS=120100).
 */
const load = async (tenancy: Tenancy) => {
  await loadEstate(tenancy, SEATS, NUMBERS);
  if (OTHER_SEATS > 0) otherAccounts = await loadOtherAccounts(tenancy, OTHER_SEATS);
};
let otherAccounts = 0;

/** Told of each statement the databases opened here send (openDatabase's onQuery). */
let onSent: ((query: CompiledQuery) => void) | undefined;
const onQuery = (query: CompiledQuery) => onSent?.(query);

async function measureAll(handle: DatabaseHandle): Promise<Figure[]> {
  const tenancy = createTenancy(handle.db);
  // A list's page is one statement (platform/list.ts, its count aliased __total): caught once from
  // the app's own request, so that the database's share of a request can be timed on its own.
  let catching = false;
  let caught: CompiledQuery | undefined;
  onSent = (query) => {
    if (catching && query.sql.includes('"__total"')) caught = query;
  };
  const { app, headers } = await signedInApp(handle);
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
    const res = await app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res;
  };
  const raw = (query: RawBuilder<unknown>) =>
    tenancy.crossAccount('seed', (tx) => query.execute(tx).then((r) => r.rows));
  // The connection's own user (a superuser here): no row-level security, so ilike may use the
  // trigram indexes — the best the raw SQL of a search can do.
  // In a transaction of the same shape as the app's (BEGIN, a setting, the query, COMMIT).
  const rawNoRls = (query: RawBuilder<unknown>) =>
    handle.db.transaction().execute(async (tx) => {
      await sql`select app_enter_account(${ACCOUNT})`.execute(tx);
      return (await query.execute(tx)).rows;
    });
  const figures: Figure[] = [];
  const add = async (
    label: string,
    runs: number,
    appFn: () => Promise<unknown>,
    rawFn: () => Promise<unknown>,
    opts: {
      after?: () => Promise<unknown>;
      rawAfter?: () => Promise<unknown>;
      note?: string;
      /** The figure is several requests: no one page statement stands for it. */
      several?: boolean;
      /** The raw SQL of the page with its total. */
      rawTotal?: () => Promise<unknown>;
    } = {},
  ): Promise<Figure> => {
    caught = undefined;
    catching = true;
    await appFn();
    catching = false;
    if (opts.after) await opts.after();
    const page = opts.several ? undefined : (caught as CompiledQuery | undefined);
    const a = stats(await time(runs, appFn, opts.after));
    const r = stats(await time(runs, rawFn, opts.rawAfter ?? opts.after));
    const rt = opts.rawTotal ? stats(await time(runs, opts.rawTotal)) : undefined;
    if (page && process.env.BENCH_EXPLAIN) {
      const plan = await tenancy.tenant(
        ACCOUNT,
        (tx) =>
          tx.executeQuery<{ 'QUERY PLAN': string }>(
            CompiledQuery.raw(`explain (analyze, buffers) ${page.sql}`, [...page.parameters]),
          ),
        { readOnly: true },
      );
      console.error(`  [${handle.kind}] ${label}: ${page.sql}\n  parameters ${JSON.stringify(page.parameters)}`);
      console.error(`  [${handle.kind}] ${label}: plan\n${plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
    }
    const s = page
      ? stats(await time(runs, () => tenancy.tenant(ACCOUNT, (tx) => tx.executeQuery(page), { readOnly: true })))
      : undefined;
    const figure: Figure = {
      label,
      app: a,
      raw: r.median,
      ...(rt ? { rawTotal: rt.median } : {}),
      ...(s ? { appSql: s.median } : {}),
      ...(opts.note ? { note: opts.note } : {}),
    };
    figures.push(figure);
    console.error(
      `  [${handle.kind}] ${label}: ${a.median.toFixed(1)} ms (p95 ${a.p95.toFixed(1)}), raw ${r.median.toFixed(1)} ms` +
        (rt ? `, raw with its total ${rt.median.toFixed(1)} ms` : '') +
        (s ? `, the app's SQL ${s.median.toFixed(1)} ms` : ''),
    );
    return figure;
  };

  // The seats page as a person would write it: the seat's columns and every value the list shows
  // (the desk phone's registration; the statuses, public IP and network the seat keeps from its
  // registrations, migration 053, and its location from the numbers, 057; a provisioned device); with
  // its total, the count of the same rows as a column of the same statement (the list's reply carries both).
  const registered = "s.desk_status = 'Registered'";
  const seatRows = (order: RawBuilder<unknown>, where: RawBuilder<unknown>, offset: number, total = false) =>
    sql`select s.*, coalesce(r.user_agent, '') as user_agent, s.desk_status as status,
        case when ${sql.raw(registered)} then r.ipaddr end as ipaddr,
        case when ${sql.raw(registered)} then r.port end as port,
        s.located as location,
        exists (select 1 from seat_devices d where d.seat_id = s.id) as provisioned${
          total ? sql`, (select count(*) from seats s where s.account_no = ${ACCOUNT} and ${where}) as total` : sql``
        }
      from seats s
      left join seat_registrations r on r.seat_id = s.id and r.kind = 'desk'
      where s.account_no = ${ACCOUNT} and ${where} order by ${order}, s.id offset ${offset} limit 15`;
  const yes = sql`true`;
  const seatCase = async (
    label: string,
    body: object,
    offset: number,
    order: RawBuilder<unknown>,
    where: RawBuilder<unknown>,
    run = raw,
    note?: string,
  ) => {
    const asked = body as { sortBy?: string; filters?: object };
    if (asked.sortBy) measured.add(`sort ${asked.sortBy}`);
    for (const name of Object.keys(asked.filters ?? {})) measured.add(`filter ${name}`);
    return add(
      label,
      RUNS,
      () => call('POST', `/seat/${offset}/15`, body),
      () => run(seatRows(order, where, offset)),
      {
        rawTotal: () => run(seatRows(order, where, offset, true)),
        ...(note ? { note } : {}),
      },
    );
  };
  /** The sorts and filters measured, to name any of the seats list's that the bench leaves out. */
  const measured = new Set<string>(['sort extension']);
  await seatCase('seats page 0', {}, 0, sql`s.extension`, yes);
  await seatCase('seats offset 10,000', {}, 10000, sql`s.extension`, yes);
  await seatCase('seats sort by nickname', { sortBy: 'nickname', direction: 'asc' }, 0, sql`s.nickname`, yes);
  await seatCase('seats sort nickname @10,000', { sortBy: 'nickname', direction: 'asc' }, 10000, sql`s.nickname`, yes);
  // A narrow search (a few seats), broad ones too short for a trigram (every seat whose extension or
  // e-mail has a 2; two letters no seat has: every row read) and a broad one a trigram index answers.
  // The raw SQL of a search: over the one trigram index of the stored search text where it has one
  // (migration 052), else over the six columns' own trigram indexes.
  const oneIndex = ((await raw(sql`select 1 from pg_indexes where indexname = 'seats_search_text_trgm'`)) as unknown[])
    .length;
  const searchWhere = (word: string) => {
    const term = `%${word}%`;
    return oneIndex
      ? sql`s.search_text like lower(${term})`
      : sql`(s.extension::text ilike ${term} or s.name ilike ${term} or s.nickname ilike ${term}
      or s.caller_id_name ilike ${term} or s.caller_id_number ilike ${term} or s.vm_email ilike ${term})`;
  };
  const searchCase = (word: string, label = `seats search "${word}"`) =>
    seatCase(
      label,
      { search: word },
      0,
      sql`s.extension`,
      searchWhere(word),
      rawNoRls,
      'raw: without row-level security (its ilike may use the trigram indexes)',
    );
  for (const word of ['3456', '2', 'qz', '202']) await searchCase(word);
  await seatCase(
    'seats filter callRecording=1',
    { filters: { callRecording: 1 } },
    0,
    sql`s.extension`,
    sql`s.call_recording = 1`,
  );
  // Every sort and filter of the seats list, beside the raw SQL of the same page; the statuses, public
  // IP and network by the columns the seat keeps (migration 053), and the location (057), both ways
  // (the id stays ascending).
  const sorts: Array<[string, RawBuilder<unknown>, ('asc' | 'desc')?]> = [
    ['callerIdName', sql`s.caller_id_name`],
    ['callerIdNumber', sql`s.caller_id_number`],
    ['callRecording', sql`s.call_recording`],
    ['status', sql`s.desk_status`],
    ['status', sql`s.desk_status desc`, 'desc'],
    ['location', sql`s.located`],
    ['location', sql`s.located desc`, 'desc'],
    ['publicIp', sql`s.public_ip`],
    ['publicIp', sql`s.public_ip desc`, 'desc'],
    ['onNet', sql`s.on_net`],
    ['onNet', sql`s.on_net desc`, 'desc'],
  ];
  for (const [field, order, direction = 'asc'] of sorts) {
    const label = `seats sort by ${field}${direction === 'desc' ? ' desc' : ''}`;
    await seatCase(label, { sortBy: field, direction }, 0, order, yes);
  }
  const filters: Array<[string, string | number | boolean, RawBuilder<unknown>]> = [
    ['vmMode', 0, sql`s.vm_mode = 0`],
    ['status', 'Registered', sql`s.desk_status = 'Registered'`],
    ['status', 'Unregistered', sql`s.desk_status = 'Unregistered'`],
    ['desktopStatus', 'Registered', sql`s.desktop_status = 'Registered'`],
    ['desktopStatus', 'Unregistered', sql`s.desktop_status = 'Unregistered'`],
    ['mobileStatus', 'Registered', sql`s.mobile_status = 'Registered'`],
    ['mobileStatus', 'Unregistered', sql`s.mobile_status = 'Unregistered'`],
    ['publicIp', true, sql`s.public_ip`],
    ['publicIp', false, sql`not s.public_ip`],
  ];
  for (const [field, value, where] of filters) {
    await seatCase(`seats filter ${field}=${value}`, { filters: { [field]: value } }, 0, sql`s.extension`, where);
  }
  const seatList = app.platform.lists.find((l) => l.table === 'seats');
  const missed = Object.entries(seatList?.fields ?? {}).flatMap(([name, def]) => [
    ...(def.sortable && !measured.has(`sort ${name}`) ? [`sort ${name}`] : []),
    ...(def.filterable && !measured.has(`filter ${name}`) ? [`filter ${name}`] : []),
  ]);
  if (missed.length > 0) console.error(`  [${handle.kind}] seats list, NOT MEASURED: ${missed.join(', ')}`);

  let allBytes = 0;
  const everything = await add(
    'seats -1/-1 (all)',
    SLOW_RUNS,
    async () => {
      allBytes = (await call('POST', '/seat/-1/-1', {})).body.length;
    },
    () => raw(sql`select id, extension, nickname from seats where account_no = ${ACCOUNT} order by extension, id`),
    { note: 'raw: id, extension, nickname' },
  );
  everything.note = `reply ${(allBytes / 1024).toFixed(0)} KB; raw: id, extension, nickname`;
  const slim = await app.inject({
    method: 'POST',
    url: '/api/v1/seat/pick/-1/-1',
    headers,
    payload: { fields: ['id', 'extension', 'nickname'] },
  });
  if (slim.statusCode === 200) {
    let slimBytes = 0;
    const picked = await add(
      'seats pick/-1/-1 (3 fields)',
      SLOW_RUNS,
      async () => {
        slimBytes = (await call('POST', '/seat/pick/-1/-1', { fields: ['id', 'extension', 'nickname'] })).body.length;
      },
      () => raw(sql`select id, extension, nickname from seats where account_no = ${ACCOUNT} order by extension, id`),
    );
    picked.note = `reply ${(slimBytes / 1024).toFixed(0)} KB`;
  }

  await pickerFigures(add, call, raw, rawNoRls);

  const numberRows = (offset: number) =>
    sql`select t.*, a.name as acl_name, s.extension || case when s.nickname <> '' then ' - ' || s.nickname else '' end as label
      from (select * from telephone_numbers where account_no = ${ACCOUNT} order by number, id offset ${offset} limit 15) t
      left join access_lists a on a.id = t.acl_id
      left join seats s on s.account_no = t.account_no and t.destination like 'seat:%'
        and s.extension = nullif(split_part(t.destination, ':', 2), '')::int
      order by t.number, t.id`;
  await add(
    'numbers page 0',
    RUNS,
    () => call('POST', '/numbering/allocated/0/15', {}),
    () => raw(numberRows(0)),
  );
  // 1,000 from the end (the first page when there are fewer).
  const deep = Math.max(0, NUMBERS - 1000);
  await add(
    `numbers offset ${deep.toLocaleString('en-GB')}`,
    RUNS,
    () => call('POST', `/numbering/allocated/${deep}/15`, {}),
    () => raw(numberRows(deep)),
  );

  // The dashboard: each count the panel asks for (POST {path}/0/1, the domain's list of them), all at
  // once as the panel does; the raw SQL counts the same tables.
  const dashboard: string[] = [];
  for (const { api } of [...ACCOUNT_ACTIVITY, EMS_ERRORS_COUNT]) {
    const res = await app.inject({ method: 'POST', url: `/api/v1${api}/0/1`, headers, payload: {} });
    if (res.statusCode === 200) dashboard.push(api);
  }
  const counted = (table: string) => sql`(select count(*) from ${sql.table(table)} where account_no = ${ACCOUNT})`;
  await add(
    `dashboard (${dashboard.length} counts)`,
    RUNS,
    () => Promise.all(dashboard.map((p) => call('POST', `${p}/0/1`, {}))),
    () =>
      raw(
        sql`select ${sql.join(
          [
            'seats',
            'telephone_numbers',
            'call_groups',
            'call_queues',
            'ivrs',
            'nts_destinations',
            'sip_trunks',
            'time_profiles',
          ].map(counted),
        )}, (select count(*) from telephone_numbers where account_no = ${ACCOUNT} and coalesce(ems_error_code, 0) <> 0)`,
      ),
    { note: dashboard.join(' '), several: true },
  );

  // Bulk delete of 100 unreferenced seats (an account of at least 15,100 seats).
  if (SEATS >= 15_100) {
    // Bulk delete of 100 unreferenced seats, put back (same ids) after each run.
    const victims = await raw(
      sql`select id from seats where account_no = ${ACCOUNT} and extension between ${FIRST_EXT + 15000} and ${FIRST_EXT + 15099} order by id`,
    );
    const ids = (victims as Array<{ id: number }>).map((v) => Number(v.id));
    const saved = (await raw(sql`select * from seats where id in (${sql.join(ids)})`)) as Array<
      Record<string, unknown>
    >;
    // Every column but the generated ones (search text, destination label), which an insert may not
    // name, and the status the database keeps from the registrations (migration 053; the delete took
    // them) and the location it keeps from the numbers (057: worked out again on insert).
    const generated = (
      (await raw(sql`select column_name from information_schema.columns
        where table_name = 'seats' and is_generated = 'ALWAYS'`)) as Array<{ column_name: string }>
    ).map((c) => c.column_name);
    const kept = [...generated, 'desk_status', 'desktop_status', 'mobile_status', 'public_ip', 'on_net', 'located'];
    const columns = sql.join(
      Object.keys(saved[0] ?? {})
        .filter((c) => !kept.includes(c))
        .map((c) => sql.id(c)),
    );
    const restore = () =>
      tenancy.crossAccount('seed', async (tx) => {
        await sql`delete from seats where id in (${sql.join(ids)})`.execute(tx);
        await sql`insert into seats (${columns}) select ${columns} from jsonb_populate_recordset(null::seats, ${JSON.stringify(saved)}::jsonb)`.execute(
          tx,
        );
      });
    await add(
      'seats bulk delete 100',
      SLOW_RUNS,
      () => call('DELETE', '/seat', { ids }),
      () => raw(sql`delete from seats where account_no = ${ACCOUNT} and id in (${sql.join(ids)})`),
      { after: restore, note: 'raw: the delete alone' },
    );
  }

  // The next free extension (every seats page load asks): as loaded (after the highest seat), with the
  // account's top extension taken (numbering falls back to the lowest free one, past every full block
  // of the range), and with the number after the highest seat taken by another kind of number. Raw:
  // the first free number of the start's block (each of its numbers looked up in the plan's key), else
  // of the first block after it that the blocks' counts (migration 054) say is not full or empty.
  const lastBlock = Math.floor(99899 / 100);
  const freeIn = (a: RawBuilder<unknown>, z: RawBuilder<unknown>) =>
    sql`select min(g) from generate_series(${a}, ${z}) g
      where not exists (select 1 from dial_plan d where d.account_no = ${ACCOUNT} and d.number = g)`;
  const nextRaw = (from: number) =>
    raw(sql`select coalesce((${freeIn(sql`${from}::int`, sql`${Math.min(Math.floor(from / 100) * 100 + 99, 99899)}::int`)}),
      (select (${freeIn(sql`r.b * 100`, sql`least(r.b * 100 + 99, 99899)`)}) from (select b from (select case
          when block > ${Math.floor(from / 100)} and taken < 100 then block
          when lead(block) over (order by block) is distinct from block + 1 then block + 1 end as b
        from dial_plan_blocks where account_no = ${ACCOUNT} and block >= ${Math.floor(from / 100)}
          and block <= ${lastBlock}) c where b is not null and b <= ${lastBlock} limit 1) r)) as n`);
  // A next that fails (the statement timeout: BENCH_TIMEOUT_MS, 600 s) is said so, not timed.
  // The app and the raw SQL must give the same number (else it is said).
  const nextCase = async (label: string, from: number) => {
    try {
      const given = JSON.parse((await call('GET', `/seat/${ACCOUNT}/next`)).body).extension;
      const rawN = ((await nextRaw(from)) as Array<{ n: number | null }>)[0]?.n;
      if (given !== rawN) console.error(`  [${handle.kind}] ${label}: the app gives ${given}, the raw SQL ${rawN}`);
      await add(
        label,
        RUNS,
        () => call('GET', `/seat/${ACCOUNT}/next`),
        () => nextRaw(from),
      );
    } catch (error) {
      console.error(`  [${handle.kind}] ${label}: FAILED ${String(error).slice(0, 200)}`);
    }
  };
  const top = FIRST_EXT + SEATS;
  await nextCase('seats next free extension', top - 1);
  const plan = (statement: RawBuilder<unknown>) => tenancy.crossAccount('seed', (tx) => statement.execute(tx));
  if (top <= 99899) {
    await plan(
      sql`insert into dial_plan (account_no, number, kind, object_id) values (${ACCOUNT}, ${top}, 'timeprofile', 999999)`,
    );
    await nextCase('next free, max+1 other kind', top);
    await plan(sql`delete from dial_plan where account_no = ${ACCOUNT} and object_id = 999999`);
  }
  const topTaken = top <= 99899;
  if (topTaken) {
    await plan(sql`insert into seats (account_no, extension, name, secret, unique_string)
      values (${ACCOUNT}, 99899, ${`${ACCOUNT}*99899`}, 'x', md5('top'))`);
  }
  await nextCase('next free, top extension taken', FIRST_EXT);
  if (topTaken) await plan(sql`delete from seats where account_no = ${ACCOUNT} and extension = 99899`);
  await writeBurst(handle, tenancy, searchCase);
  await app.close();
  return figures;
}

/**
 * A burst of BENCH_EDITS (5,000) edits, each a transaction of its own as the app's (a seat's nickname
 * and caller ID name), then trigram searches; on PGlite again after the vacuum its housekeeping runs
 * once the burst is over.
 */
async function writeBurst(
  handle: DatabaseHandle,
  tenancy: Tenancy,
  searchCase: (word: string, label: string) => Promise<unknown>,
): Promise<void> {
  const edits = Number(process.env.BENCH_EDITS ?? 5000);
  const t0 = performance.now();
  for (let i = 0; i < edits; i++) {
    const extension = FIRST_EXT + ((i * 7919) % SEATS);
    await tenancy.tenant(ACCOUNT, (tx) =>
      sql`update seats set nickname = ${`E ${i} ${extension}`}, caller_id_name = ${`Edited ${i}`}
        where account_no = ${ACCOUNT} and extension = ${extension}`.execute(tx),
    );
  }
  console.error(`  [${handle.kind}] ${edits} edits in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  for (const word of ['3456', '202', 'edited 12']) await searchCase(word, `after ${edits} edits: "${word}"`);
  if (handle.kind === 'pglite') {
    const v0 = performance.now();
    await vacuumEmbedded(handle.db);
    console.error(`  [pglite] vacuum after the burst ${(performance.now() - v0).toFixed(0)} ms`);
    for (const word of ['3456', '202']) await searchCase(word, `  then vacuumed: "${word}"`);
  }
}

type Add = (
  label: string,
  runs: number,
  appFn: () => Promise<unknown>,
  rawFn: () => Promise<unknown>,
  opts?: { note?: string; several?: boolean },
) => Promise<Figure>;
type Call = (method: 'GET' | 'POST', url: string, payload?: object) => Promise<{ body: string }>;

/**
 * The pickers (issue 25 item 3): the whole lists the panel used to load (GET /destinations, the seat
 * pick -1/-1) beside the calls it makes now — a search's first page, a term, a term no label holds
 * (every seat read before migration 056), the labels of 20 values, the seat picker's page, and the
 * caller-ID numbers (every number of the account, which the seat, SIP trunk and dial-through pages
 * loaded; a picker's page, a page of one, one number's label) — each with its reply's size.
 */
async function pickerFigures(
  add: Add,
  call: Call,
  raw: (q: RawBuilder<unknown>) => Promise<unknown>,
  rawNoRls: (q: RawBuilder<unknown>) => Promise<unknown>,
) {
  const seatLabel = sql`s.extension || case when s.nickname <> '' then ' - ' || s.nickname else '' end`;
  // A term's raw SQL: over the seats' stored, trigram-indexed name (migration 056) where they have
  // one, without row-level security (so its like may use the index).
  const stored = (
    (await raw(sql`select 1 from pg_indexes where indexname = 'seats_destination_label_trgm'`)) as unknown[]
  ).length;
  const seatSearch = (term: string) =>
    rawNoRls(sql`select s.extension::text as key, ${seatLabel} as label from seats s where s.account_no = ${ACCOUNT}
      and ${stored && term ? sql`s.destination_label` : seatLabel} like ${`%${term}%`} order by s.extension limit 21`);
  const ids = Array.from({ length: 20 }, (_, i) => `seat:${FIRST_EXT + i * 97}`).join(',');
  const cases: Array<[string, string, () => Promise<unknown>, 'GET' | 'POST', object?]> = [
    [
      'GET /destinations (all, before)',
      '/destinations',
      () => raw(sql`select s.extension::text as key, ${seatLabel} as label from seats s order by s.extension`),
      'GET',
    ],
    ['destination picker: first page', '/destinations/search?limit=20', () => seatSearch(''), 'GET'],
    ['destination picker: "2345"', '/destinations/search?q=2345&limit=20', () => seatSearch('2345'), 'GET'],
    ['destination picker: "zzz" (none)', '/destinations/search?q=zzz&limit=20', () => seatSearch('zzz'), 'GET'],
    [
      'destination labels (20 values)',
      `/destinations/labels?ids=${encodeURIComponent(ids)}`,
      () =>
        raw(
          sql`select extension from seats where account_no = ${ACCOUNT} and extension in (${sql.join(
            ids.split(',').map((v) => Number(v.split(':')[1])),
          )})`,
        ),
      'GET',
    ],
    [
      'caller IDs: every number (the pages before)',
      '/numbering/allocated/callerids',
      () => raw(sql`select number, nickname from telephone_numbers where account_no = ${ACCOUNT} order by number`),
      'POST',
      {},
    ],
    ...(['', '0012', 'zzz'] as const).map((term): (typeof cases)[number] => [
      `caller-ID picker ${term ? `"${term}"` : 'first page'}`,
      '/numbering/allocated/callerids/0/20',
      () =>
        raw(sql`select number, nickname from telephone_numbers where account_no = ${ACCOUNT}
          ${term ? sql`and (number like ${`%${term}%`} or nickname ilike ${`%${term}%`})` : sql``}
          order by number limit 21`),
      'POST',
      term ? { search: term } : {},
    ]),
    // The SIP trunk list asks whether the account has any number (its Add needs an emergency location);
    // a trunk's and a dial-through's page label their numbers by searching for each.
    [
      'trunk list: any caller ID (page of one)',
      '/numbering/allocated/callerids/0/1',
      () =>
        raw(sql`select number, nickname from telephone_numbers where account_no = ${ACCOUNT} order by number limit 2`),
      'POST',
      {},
    ],
    [
      'caller-ID label (one number searched)',
      '/numbering/allocated/callerids/0/20',
      () =>
        raw(sql`select number, nickname from telephone_numbers where account_no = ${ACCOUNT}
          and (number like '%03000002345%' or nickname ilike '%03000002345%') order by number limit 21`),
      'POST',
      { search: '03000002345' },
    ],
    [
      'seat picker: pick/0/20 "2345"',
      '/seat/pick/0/20',
      () => seatSearch('2345'),
      'POST',
      { fields: ['extension', 'name', 'nickname'], search: '2345' },
    ],
  ];
  for (const [label, url, rawFn, method, payload] of cases) {
    let bytes = 0;
    const slow = url === '/destinations';
    const figure = await add(
      label,
      slow ? SLOW_RUNS : RUNS,
      async () => {
        bytes = (await call(method, url, payload)).body.length;
      },
      rawFn,
      { several: true },
    );
    figure.note = `reply ${bytes < 10_240 ? `${(bytes / 1024).toFixed(1)}` : (bytes / 1024).toFixed(0)} KB`;
    console.error(`    ${label}: ${figure.note}`);
  }
}

/** The PGlite server started on the loaded data dir: time to ready, then resident memory once idle. */
async function coldStart(dataDir: string): Promise<{ startMs: number; rssMb: number }> {
  const port = 39000 + (process.pid % 900);
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/src/main.ts')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: '',
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
      const ok = await fetch(`http://127.0.0.1:${port}/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - t0 > 120_000) throw new Error('the server did not start in 2 minutes');
      await new Promise((r) => setTimeout(r, 25));
    }
    const startMs = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 3000));
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return { startMs, rssMb: rssKb / 1024 };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function postgresUrl(): Promise<string | undefined> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return undefined;
  }
}

const started = performance.now();
const results: Record<string, Figure[]> = {};
let pgliteExtra: { loadS: number; startMs: number; rssMb: number } | undefined;

/** BENCH_DB=pglite or postgres runs one of them only. */
const only = process.env.BENCH_DB;

// PGlite, in a data dir (so the server can be cold-started on it afterwards).
if (only !== 'postgres') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-scale-'));
  try {
    const t0 = performance.now();
    const handle = await openDatabase({ dataDir: dir, sharedBuffers: process.env.PGLITE_SHARED_BUFFERS, onQuery });
    await migrateAll(handle.db);
    await seedDemo(createTenancy(handle.db));
    await load(createTenancy(handle.db));
    // The steady state a serving panel reaches: its housekeeping vacuums PGlite (no autovacuum).
    await vacuumEmbedded(handle.db);
    const loadS = (performance.now() - t0) / 1000;
    console.error(`  [pglite] loaded in ${loadS.toFixed(1)} s`);
    results.PGlite = await measureAll(handle);
    await handle.close();
    pgliteExtra = { loadS, ...(await coldStart(dir)) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const pgUrl = only === 'pglite' ? undefined : await postgresUrl();
if (pgUrl) {
  const name = `sb_scale_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({
      databaseUrl: url.toString(),
      dataDir: 'memory',
      statementTimeoutMs: Number(process.env.BENCH_TIMEOUT_MS ?? 600_000),
      onQuery,
    });
    await migrateAll(handle.db);
    await seedDemo(createTenancy(handle.db));
    await load(createTenancy(handle.db));
    // The steady state autovacuum reaches a minute after a bulk load (visibility map set, statistics).
    await sql`vacuum analyze`.execute(handle.db);
    results.PostgreSQL = await measureAll(handle);
    await handle.close();
  } finally {
    if (process.env.BENCH_KEEP) console.log(`PostgreSQL database kept: ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const kinds = Object.keys(results);
const ms = (n: number) => n.toFixed(1).padStart(7);
console.log(
  `\n${SEATS.toLocaleString('en-GB')} seats, ${NUMBERS.toLocaleString('en-GB')} numbers in account ${ACCOUNT}; ` +
    (OTHER_SEATS > 0
      ? `${OTHER_SEATS.toLocaleString('en-GB')} more seats in ${otherAccounts} other accounts ` +
        `(${(SEATS + OTHER_SEATS).toLocaleString('en-GB')} on the platform); `
      : '') +
    `${RUNS} runs (${SLOW_RUNS} for -1/-1 and bulk delete); ms; ratio = app median / raw SQL median ` +
    `(the raw SQL returns the same rows: for seats, the columns and every value the list shows); ` +
    `app SQL = the page statement the app sent, alone in a tenant transaction (row-level security), and its ratio; ` +
    `raw+total = the raw SQL of the page with its total (a count of the same rows) in one statement, and the app SQL's ratio to it\n`,
);
console.log(
  `${'operation'.padEnd(40)}${kinds.map((k) => `| ${k.padEnd(10)} median     p95     raw  ratio  app SQL  ratio  raw+total  ratio `).join('')}`,
);
const labels = results[kinds[0] as string]?.map((f) => f.label) ?? [];
for (const label of labels) {
  const cells = kinds.map((k) => {
    const f = results[k]?.find((x) => x.label === label);
    if (!f) return `| ${''.padEnd(76)}`;
    const sqlCells =
      f.appSql === undefined ? ''.padEnd(16) : `${ms(f.appSql)} ${(f.appSql / f.raw).toFixed(1).padStart(5)}x `;
    const totalCells =
      f.rawTotal === undefined || f.appSql === undefined
        ? ''.padEnd(19)
        : `   ${ms(f.rawTotal)} ${(f.appSql / f.rawTotal).toFixed(1).padStart(5)}x `;
    return `| ${''.padEnd(10)}${ms(f.app.median)} ${ms(f.app.p95)} ${ms(f.raw)} ${(f.app.median / f.raw).toFixed(1).padStart(5)}x ${sqlCells}${totalCells}`;
  });
  const note = results[kinds[0] as string]?.find((x) => x.label === label)?.note;
  console.log(`${label.padEnd(40)}${cells.join('')}${note ? `  ${note}` : ''}`);
}
if (pgliteExtra) {
  console.log(
    `\nPGlite: load (migrate, seed, ${SEATS} seats) ${pgliteExtra.loadS.toFixed(1)} s; server cold start on the data dir ` +
      `${pgliteExtra.startMs.toFixed(0)} ms to ready; resident memory idle ${pgliteExtra.rssMb.toFixed(0)} MB`,
  );
}
if (!pgUrl) console.log('PostgreSQL: not reachable (set BENCH_DATABASE_URL)');
console.log(`bench took ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(0);
