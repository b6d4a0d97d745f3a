/**
 * Demo call records for account 30000 (Acme Plumbing, Birmingham): last month and this month so far,
 * generated from a seeded PRNG (the same calls every seed) — office-hours peaks on weekdays, a quiet
 * Saturday, inbound to the account's numbers and outbound from its extensions, internal calls, a few
 * missed, rejected and restricted — and stored as the switch's batches are (costed by the rating
 * function, in their month partitions), in one statement per 5,000 calls.
 */
import type { CallRecordIngestRow } from '@switchboard/domain';
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

/** A UK number a customer calls from or the account calls: landlines, mobiles, the odd freephone or abroad. */
function farEnd(r: Random): string {
  const x = r();
  if (x < 0.4) return `0121${digits(r, 7)}`;
  if (x < 0.55) return `01${pick(r, ['13', '17', '61', '91', '15'])}${digits(r, 7)}`;
  if (x < 0.62) return `020${digits(r, 8)}`;
  if (x < 0.93) return `07700${digits(r, 6)}`;
  if (x < 0.97) return `0800${digits(r, 7)}`;
  return `0033${digits(r, 9)}`;
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

/** The demo's calls from the first day of last month to `now` (UTC days; hours read as UK time is near enough). */
export function demoCalls(now = new Date()): CallRecordIngestRow[] {
  const r = prng(28);
  const calls: CallRecordIngestRow[] = [];
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
  for (let day = first; day < now.getTime(); day += 24 * 3600 * 1000) {
    const weekday = new Date(day).getUTCDay();
    const count = weekday === 0 ? 3 : weekday === 6 ? 22 : 80 + Math.floor(r() * 40);
    const hours = weekday === 0 || weekday === 6 ? SATURDAY_HOURS : WEEKDAY_HOURS;
    for (let n = 0; n < count; n++) {
      const hour = weekday === 0 ? 9 + Math.floor(r() * 8) : hourOf(r, hours);
      const start = new Date(day + hour * 3600_000 + Math.floor(r() * 3600_000));
      if (start > now) continue;
      calls.push(callAt(r, start, `demo-${ACCOUNT}-${new Date(day).toISOString().slice(0, 10)}-${n}`));
    }
  }
  return calls;
}

/** Stores the demo's calls (in the seed's transaction: no change events, no ledger postings). */
export async function seedCallRecords(trx: Tx, now = new Date()): Promise<number> {
  const calls = demoCalls(now);
  for (let i = 0; i < calls.length; i += 5000) await storeCalls(trx, calls.slice(i, i + 5000));
  return calls.length;
}
