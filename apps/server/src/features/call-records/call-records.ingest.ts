/**
 * The switch's call records (issue 28): batches of up to 10,000 calls, with a provider server's
 * credentials (role 'switch'). Each call is stored once — a batch sent again stores nothing new
 * (`on conflict do nothing` on (call_id, started_at)) — and costed as it is stored by the one rating
 * function over the provider's rate deck: an answered outbound call at its destination's rate;
 * inbound and internal calls, and unanswered ones, cost nothing (the deck rates dialled numbers
 * only). A row for an account the provider does not have is refused on its own (the reply names it).
 *
 * Money (modules/billing): a retail account's calls are charged by the monthly billing run (the
 * 'call-records' charge source: the month's calls, one line); a standard prepay account pays from its
 * balance as calls occur — one ledger charge per batch, of the calls the batch newly stored;
 * wholesale accounts bill their own customers, as for every other charge.
 */
import {
  CALL_RECORD_MESSAGES,
  type CallRecordIngestReply,
  type CallRecordIngestRow,
  callRecordRoutes,
  formatPence,
  priceCall,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type BillingPeriod, deckForNumbers, postToLedger, registerChargeSource } from '../../modules/billing/index.ts';
import { recordChange } from '../../platform/outbox.ts';
import type { Platform } from '../../platform/platform.ts';
import { serverRoute } from '../../platform/server-routes.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { ensurePartitions } from './call-record-partitions.ts';
import './tables.ts';

/** Bytes of a batch's body: 10,000 calls of the longest fields, with room. */
export const INGEST_BODY_LIMIT = 10 * 1024 * 1024;

interface Costed {
  row: CallRecordIngestRow;
  start: Date;
  costPence: number;
  rateName: string;
}

/** The calls priced: an answered outbound call by the deck (no rate: 0, unnamed), every other 0. */
async function costed(tx: Tx, rows: CallRecordIngestRow[]): Promise<Costed[]> {
  const charged = (r: CallRecordIngestRow) => r.direction === 'outbound' && r.answered && r.seconds > 0;
  const deck = await deckForNumbers(
    tx,
    rows.filter(charged).map((r) => r.destination),
  );
  return rows.map((row) => {
    const start = new Date(row.startedAt);
    const priced = charged(row) ? priceCall(deck, { number: row.destination, start, seconds: row.seconds }) : null;
    return { row, start, costPence: priced?.costPence ?? 0, rateName: priced?.rate.destination ?? '' };
  });
}

/** Inserts the calls (one statement over arrays), answering those newly stored, per account. */
async function insertNew(tx: Tx, calls: Costed[]): Promise<Map<number, { count: number; pence: number }>> {
  const col = <T>(pick: (c: Costed) => T) => calls.map(pick);
  const { rows } = await sql<{ account_no: number; cost_pence: number }>`
    insert into call_records (account_no, call_id, started_at, source, destination, direction, inbound_number,
      seconds, answered, tps_status, rejected_reason, restricted_reason, cost_pence, rate_name)
    select * from unnest(${col((c) => c.row.accountNo)}::int[], ${col((c) => c.row.callId)}::text[],
      ${col((c) => c.start.toISOString())}::timestamptz[], ${col((c) => c.row.source)}::text[],
      ${col((c) => c.row.destination)}::text[], ${col((c) => c.row.direction)}::text[],
      ${col((c) => c.row.inboundNumber)}::text[], ${col((c) => c.row.seconds)}::int[],
      ${col((c) => c.row.answered)}::boolean[], ${col((c) => c.row.tpsStatus)}::text[],
      ${col((c) => c.row.rejectedReason)}::text[], ${col((c) => c.row.restrictedReason)}::text[],
      ${col((c) => c.costPence)}::int[], ${col((c) => c.rateName)}::text[])
    on conflict (call_id, started_at) do nothing
    returning account_no, cost_pence`.execute(tx);
  const byAccount = new Map<number, { count: number; pence: number }>();
  for (const r of rows) {
    const sum = byAccount.get(r.account_no) ?? { count: 0, pence: 0 };
    sum.count++;
    sum.pence += r.cost_pence;
    byAccount.set(r.account_no, sum);
  }
  return byAccount;
}

/**
 * Stores calls not stored before, each costed, in the month partitions they need: how many each
 * account got and what they cost (ingestion; the demo seed).
 */
export async function storeCalls(tx: Tx, rows: CallRecordIngestRow[]) {
  const calls = await costed(tx, rows);
  await ensurePartitions(
    tx,
    calls.map((c) => c.start),
  );
  return insertNew(tx, calls);
}

/** Each account's batch recorded (its change event) and, for a standard prepay account, charged. */
async function settle(tx: Tx, stored: Map<number, { count: number; pence: number }>, prepay: Set<number>) {
  for (const [accountNo, { count, pence }] of stored) {
    // One event per account and batch (the act: how many calls, what they cost), not one per call.
    await recordChange(tx, { accountNo, userId: null }, null, {
      area: 'call-records',
      kind: 'ingest',
      recordId: null,
      details: { stored: count, costPence: pence },
    });
    if (prepay.has(accountNo) && pence > 0) {
      await postToLedger(tx, {
        accountNo,
        kind: 'charge',
        amountPence: -pence,
        description: `Calls: ${count} call records, ${formatPence(pence)}`,
      });
    }
  }
}

/** Stores a batch (see the file's head): what was stored, what had been, and the rows refused. */
export async function ingestCallRecords(
  platform: Platform,
  rows: CallRecordIngestRow[],
): Promise<CallRecordIngestReply> {
  return platform.tenancy.crossAccount('ingest', async (tx) => {
    const wanted = [...new Set(rows.map((r) => r.accountNo))];
    const accounts = await tx
      .selectFrom('accounts')
      .select(['account_no', 'account_type', 'account_kind'])
      .where('account_no', 'in', wanted)
      .execute();
    const known = new Set(accounts.map((a) => a.account_no));
    const prepay = new Set(
      accounts.filter((a) => a.account_kind === 'standard' && a.account_type === 'prepay').map((a) => a.account_no),
    );
    const refused: CallRecordIngestReply['refused'] = [];
    const accepted = rows.filter((row, index) => {
      if (known.has(row.accountNo)) return true;
      refused.push({ index, callId: row.callId, message: CALL_RECORD_MESSAGES.unknownAccount(row.accountNo) });
      return false;
    });
    if (accepted.length === 0) return { stored: 0, duplicates: 0, refused };
    const stored = await storeCalls(tx, accepted);
    await settle(tx, stored, prepay);
    const count = [...stored.values()].reduce((n, s) => n + s.count, 0);
    return { stored: count, duplicates: accepted.length - count, refused };
  });
}

/** A retail account's calls of a month, one invoice line (the billing run's charge source). */
export async function callChargeLines(tx: Tx, accountNo: number, period: BillingPeriod) {
  const { rows } = await sql<{ n: string; pence: string | null }>`
    select count(*) as n, sum(cost_pence) as pence from call_records
    where account_no = ${accountNo} and cost_pence > 0
      and started_at >= (${period.start}::timestamp at time zone 'Europe/London')
      and started_at < (${period.next}::timestamp at time zone 'Europe/London')`.execute(tx);
  const pence = Number(rows[0]?.pence ?? 0);
  return pence > 0 ? [{ description: `Calls (${Number(rows[0]?.n)})`, quantity: 1, unitPricePence: pence }] : [];
}

registerChargeSource('call-records', callChargeLines);

export function registerCallRecordIngestion(api: FastifyInstance, platform: Platform): void {
  serverRoute(api, platform, callRecordRoutes.ingest, {
    role: 'switch',
    bodyLimit: INGEST_BODY_LIMIT,
    handler: async (_ctx, { body }) => ingestCallRecords(platform, body.records),
  });
}
