/**
 * Demo call records for account 30000 (Acme Plumbing, Birmingham): last month and this month so far,
 * generated from a seeded PRNG (the same calls every seed) — office-hours peaks on weekdays, a quiet
 * Saturday, inbound to the account's numbers and outbound from its extensions, internal calls, a few
 * missed, rejected and restricted — and stored as the switch's batches are (costed by the rating
 * function, in their month partitions), in one statement per 5,000 calls.
 */
import type { CallRecordIngestRow } from '@switchboard/domain';
import { sql } from 'kysely';
import { storeCalls } from '../features/call-records/call-records.ingest.ts';
import type { Tx } from '../platform/tenancy.ts';

/** mulberry32: a small, fast, seeded PRNG (uniform in [0, 1)). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ACCOUNT = 30000;
const DAY = 24 * 3600 * 1000;
const EXTENSIONS = Array.from({ length: 12 }, (_, i) => String(201 + i));
const INBOUND_NUMBERS = ['01214960000', '01214960000', '01214960000', '01214960001', '01214960002', '03300880123'];
/** Weight of each hour of a weekday (UK time): a morning and an early-afternoon peak. */
const WEEKDAY_HOURS = [0, 0, 0, 0, 0, 0, 0, 1, 6, 10, 12, 11, 7, 8, 11, 10, 8, 5, 2, 1, 1, 0, 0, 0];
const SATURDAY_HOURS = [0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

type Random = () => number;
const pick = <T>(r: Random, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
const digits = (r: Random, n: number) => Array.from({ length: n }, () => Math.floor(r() * 10)).join('');

/** An hour of the day by its weight. */
function hourOf(r: Random, weights: readonly number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let x = r() * total;
  for (let h = 0; h < 24; h++) {
    x -= weights[h] ?? 0;
    if (x < 0) return h;
  }
  return 12;
}

/**
 * A number a customer calls from or the account calls — landlines, mobiles, the odd freephone or
 * abroad —, every one from a range reserved for drama and fiction (Ofcom's: 0121 496 0xxx,
 * 0113/0115/0117/0161 496 0xxx, 0191 498 0xxx, 020 7946 0xxx, 07700 900xxx, 08081 570xxx; ARCEP's
 * +33 1 99 00 xx xx), so the demo never shows a real subscriber's number.
 */
function farEnd(r: Random): string {
  const x = r();
  if (x < 0.4) return `01214960${digits(r, 3)}`;
  if (x < 0.55) return `${pick(r, ['0113496', '0115496', '0117496', '0161496', '0191498'])}0${digits(r, 3)}`;
  if (x < 0.62) return `02079460${digits(r, 3)}`;
  if (x < 0.93) return `07700900${digits(r, 3)}`;
  if (x < 0.97) return `08081570${digits(r, 3)}`;
  return `003319900${digits(r, 4)}`;
}

/** A duration in seconds: mostly a few minutes, now and then a long one. */
const duration = (r: Random) => Math.max(4, Math.round(-Math.log(1 - r()) * 170));

/** One call at `start`, its kind drawn. */
function callAt(r: Random, start: Date, id: string): CallRecordIngestRow {
  const base = {
    callId: id,
    accountNo: ACCOUNT,
    startedAt: start.toISOString(),
    inboundNumber: '',
    tpsStatus: '',
    rejectedReason: '',
    restrictedReason: '',
  };
  const kind = r();
  if (kind < 0.47) {
    const withheld = r() < 0.03;
    const missed = !withheld && r() < 0.09;
    return {
      ...base,
      direction: 'inbound',
      source: withheld ? 'Withheld' : farEnd(r),
      destination: pick(r, EXTENSIONS),
      inboundNumber: pick(r, INBOUND_NUMBERS),
      answered: !withheld && !missed,
      seconds: withheld || missed ? 0 : duration(r),
      rejectedReason: withheld ? 'Anonymous call rejection' : '',
    };
  }
  if (kind < 0.87) {
    const destination = farEnd(r);
    const barred = destination.startsWith('00') && r() < 0.5;
    const answered = !barred && r() > 0.12;
    return {
      ...base,
      direction: 'outbound',
      source: pick(r, EXTENSIONS),
      destination,
      answered,
      seconds: answered ? duration(r) : 0,
      restrictedReason: barred ? 'International calls barred' : '',
      tpsStatus: destination.startsWith('07') && r() < 0.05 ? 'TPS registered' : '',
    };
  }
  const from = pick(r, EXTENSIONS);
  const answered = r() > 0.1;
  return {
    ...base,
    direction: 'internal',
    source: from,
    destination: pick(
      r,
      EXTENSIONS.filter((e) => e !== from),
    ),
    answered,
    seconds: answered ? Math.round(duration(r) / 3) : 0,
  };
}

/**
 * The demo's calls from the first day of last month to the end of yesterday (UTC days; hours read as
 * UK time is near enough): whole days, so a seed made at any time of a day holds the same calls (the
 * tests' template copies equal a fresh seed), as a switch's records arrive after the day anyway.
 */
export function demoCalls(now = new Date()): CallRecordIngestRow[] {
  const r = prng(28);
  const calls: CallRecordIngestRow[] = [];
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let day = first; day < today; day += DAY) {
    const weekday = new Date(day).getUTCDay();
    const count = weekday === 0 ? 3 : weekday === 6 ? 22 : 80 + Math.floor(r() * 40);
    const hours = weekday === 0 || weekday === 6 ? SATURDAY_HOURS : WEEKDAY_HOURS;
    for (let n = 0; n < count; n++) {
      const hour = weekday === 0 ? 9 + Math.floor(r() * 8) : hourOf(r, hours);
      const start = new Date(day + hour * 3600_000 + Math.floor(r() * 3600_000));
      calls.push(callAt(r, start, `demo-${ACCOUNT}-${new Date(day).toISOString().slice(0, 10)}-${n}`));
    }
  }
  return calls;
}

/** Stores the demo's calls (in the seed's transaction: no change events, no ledger postings). */
export async function seedCallRecords(trx: Tx, calls: CallRecordIngestRow[]): Promise<number> {
  for (let i = 0; i < calls.length; i += 5000) await storeCalls(trx, calls.slice(i, i + 5000));
  return calls.length;
}

/** The seat of `extensions` a call was answered or made at: an inbound call's destination, an outbound one's source. */
export function recordedSeat(call: CallRecordIngestRow, extensions: readonly string[]): string | undefined {
  const seat = call.direction === 'inbound' ? call.destination : call.direction === 'outbound' ? call.source : '';
  return extensions.includes(seat) ? seat : undefined;
}

/**
 * The demo's calls that were recorded (demo/call-recording.ts gives each its file): `count` of the
 * answered inbound and outbound calls of the recorded seats' `extensions` in the 29 days before
 * `now` (the recordings page shows a month back), spread evenly over them, oldest first.
 */
export function recordedCalls(
  calls: readonly CallRecordIngestRow[],
  extensions: readonly string[],
  now: Date,
  count = 36,
): CallRecordIngestRow[] {
  const since = now.getTime() - 29 * DAY;
  const candidates = calls.filter(
    (c) => c.answered && c.seconds > 0 && Date.parse(c.startedAt) >= since && recordedSeat(c, extensions) !== undefined,
  );
  const step = Math.max(1, candidates.length / count);
  const chosen: CallRecordIngestRow[] = [];
  for (let i = 0; chosen.length < count && Math.floor(i * step) < candidates.length; i++) {
    chosen.push(candidates[Math.floor(i * step)] as CallRecordIngestRow);
  }
  return chosen;
}

/**
 * The demo's calls and their recordings moved by the whole days of `ms` (moveDemoClock: a copy seeded
 * earlier reads as seeded now; none for a copy of the same day, as the tests' template is, whose
 * calls are then left as they are at no cost) — toward now, never past it. A call's start is not
 * updated in place (its month's count and partition follow it): the calls are taken out and stored
 * again, in the partitions of their new months; the recordings keep their calls' starts.
 */
export async function moveDemoCalls(trx: Tx, ms: number): Promise<void> {
  const days = Math.trunc(ms / DAY);
  if (days === 0) return;
  const by = sql<Date>`make_interval(days => ${days})`;
  const demo = sql<boolean>`account_no = ${ACCOUNT} and call_id like ${`demo-${ACCOUNT}-%`}`;
  await sql`select call_records_partition(m) from (select distinct
      date_trunc('month', (started_at + ${by}) at time zone 'UTC') at time zone 'UTC' as m
    from call_records where ${demo}) months`.execute(trx);
  await sql`with moved as (delete from call_records where ${demo} returning *)
    insert into call_records (account_no, call_id, started_at, source, destination, direction, inbound_number,
      seconds, answered, tps_status, rejected_reason, restricted_reason, cost_pence, rate_name, received_at)
    select account_no, call_id, started_at + ${by}, source, destination, direction, inbound_number, seconds,
      answered, tps_status, rejected_reason, restricted_reason, cost_pence, rate_name, received_at
    from moved`.execute(trx);
  await sql`update call_recordings set started_at = started_at + ${by}`.execute(trx);
}
