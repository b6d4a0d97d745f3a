/**
 * SMS work beyond the generic list and delete (issue 28): the account's originators, a send (priced
 * by the rate deck, charged and stored in one cross-account transaction, handed to the gateway by a
 * job), the gateway's events applied (a status moves its text forward; an inbound text is stored once
 * for the account holding the number) and the sandbox's reports delivered through the same pipeline.
 */
import { SMS_MESSAGES, type SmsDelivery, type SmsOriginator, type smsSendInput } from '@switchboard/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import { chargeForUse, postToLedger, registerChargeSource, smsCosts } from '../../modules/billing/index.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { notFound, validationError } from '../../platform/errors.ts';
import { type Actor, recordChange } from '../../platform/outbox.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Tx } from '../../platform/tenancy.ts';
import type { ApplyOutcome } from '../../platform/webhooks.ts';
import type { SmsEvent } from '../../providers/sms/sms.ts';

/** The job that hands a send's texts to the gateway (enqueued in the sending transaction). */
export const SMS_SEND_JOB = 'sms-send';

/**
 * The account's originators: its telephone numbers, then its active mobiles, each once, then its
 * alphanumeric sender IDs. Read with the account named (the send's transaction is the cross-account
 * role's; a tenant's sees its own anyway).
 */
export async function originatorsOf(tx: Tx, accountNo: number): Promise<SmsOriginator[]> {
  const numbers = await tx
    .selectFrom('telephone_numbers')
    .select(['number', 'nickname'])
    .where('account_no', '=', accountNo)
    .orderBy('number')
    .execute();
  const mobiles = await tx
    .selectFrom('mobiles')
    .select(['number', 'description'])
    .where('account_no', '=', accountNo)
    .where('active', '=', true)
    .orderBy('number')
    .execute();
  const seen = new Set<string>();
  const out: SmsOriginator[] = [];
  for (const [rows, fromMobile] of [
    [numbers.map((n) => ({ number: n.number, note: n.nickname })), false],
    [mobiles.map((m) => ({ number: m.number, note: m.description })), true],
  ] as const) {
    for (const row of rows) {
      if (seen.has(row.number)) continue;
      seen.add(row.number);
      const label = row.note ? `${row.number} (${row.note})` : row.number;
      out.push({ originator: row.number, label, fromMobile, senderId: false });
    }
  }
  for (const senderId of await senderIdsOf(tx, accountNo)) {
    out.push({ originator: senderId, label: `${senderId} (sender ID)`, fromMobile: false, senderId: true });
  }
  return out;
}

/** The account's alphanumeric sender IDs, in order. */
export async function senderIdsOf(tx: Tx, accountNo: number): Promise<string[]> {
  const rows = await tx
    .selectFrom('sms_sender_ids')
    .select('sender_id')
    .where('account_no', '=', accountNo)
    .orderBy('sender_id')
    .execute();
  return rows.map((r) => r.sender_id);
}

/**
 * A provider admin's registration of an account's sender IDs (the cross-account role): the list
 * replaces the account's, each one added or removed a change event of the account.
 */
export async function saveSenderIds(
  tx: Tx,
  accountNo: number,
  senderIds: readonly string[],
  by: { actor: Actor; ip: string | null },
): Promise<void> {
  const account = await tx
    .selectFrom('accounts')
    .select('account_no')
    .where('account_no', '=', accountNo)
    .executeTakeFirst();
  if (!account) throw notFound();
  const current = await tx
    .selectFrom('sms_sender_ids')
    .select(['id', 'sender_id'])
    .where('account_no', '=', accountNo)
    .forUpdate()
    .execute();
  const gone = current.filter((c) => !senderIds.includes(c.sender_id));
  const added = senderIds.filter((s) => !current.some((c) => c.sender_id === s));
  const event = (kind: 'create' | 'delete', id: number, senderId: string) => ({
    area: 'sms' as const,
    recordId: id,
    kind,
    label: `SMS sender ID ${senderId}`,
    targetAccountNo: accountNo,
    ...(kind === 'create' ? { after: { senderId } } : { before: { senderId } }),
  });
  if (gone.length > 0) {
    await tx
      .deleteFrom('sms_sender_ids')
      .where(
        'id',
        'in',
        gone.map((g) => g.id),
      )
      .execute();
  }
  const inserted =
    added.length === 0
      ? []
      : await tx
          .insertInto('sms_sender_ids')
          .values(added.map((sender_id) => ({ account_no: accountNo, sender_id })))
          .returning(['id', 'sender_id'])
          .execute();
  await recordChange(tx, by.actor, by.ip, [
    ...gone.map((g) => event('delete', g.id, g.sender_id)),
    ...inserted.map((i) => event('create', i.id, i.sender_id)),
  ]);
}

type SendBody = z.output<typeof smsSendInput>;

export interface SendBy {
  auth: AuthContext;
  ip: string | null;
}

/**
 * Sends `body` for the session's account, in one cross-account transaction (only that role posts to
 * the ledger): the originator must be the account's, every destination must have an SMS rate, a
 * prepay balance must cover the whole (else nothing is stored, sent or charged), then one row per
 * destination, its change event, the charge, and the job that hands them to the gateway.
 */
export async function sendSms(tx: Tx, platform: Platform, body: SendBody, by: SendBy) {
  const accountNo = by.auth.accountNo;
  const originator = (await originatorsOf(tx, accountNo)).find((o) => o.originator === body.originator);
  if (!originator) throw validationError({ originator: SMS_MESSAGES.notOriginator });
  const priced = await smsCosts(tx, body.destinations, body.message);
  const unpriced = priced.indexOf(null);
  if (unpriced >= 0) throw validationError({ destinations: SMS_MESSAGES.noRate(body.destinations[unpriced] ?? '') });
  const costs = priced.map((p) => p?.costPence ?? 0);
  const total = costs.reduce((a, b) => a + b, 0);
  const n = body.destinations.length;
  const { onLedger } = await chargeForUse(tx, {
    accountNo,
    amountPence: total,
    description: `SMS to ${n} destination${n === 1 ? '' : 's'}`,
    by: by.auth,
    short: SMS_MESSAGES.balanceShort,
  });
  const rows = await tx
    .insertInto('sms_messages')
    .values(
      body.destinations.map((to, i) => ({
        account_no: accountNo,
        direction: 'out' as const,
        status: 1,
        from_number: originator.originator,
        to_number: to,
        message: body.message,
        originator: originator.originator,
        destinations: JSON.stringify(body.destinations),
        from_mobile: originator.fromMobile,
        delivery: 'queued' as const,
        cost_pence: costs[i] ?? 0,
        on_ledger: onLedger,
      })),
    )
    .returning(['id', 'to_number'])
    .execute();
  const actor = { accountNo, userId: by.auth.userId, puppeteer: by.auth.puppeteer ?? null };
  await recordChange(
    tx,
    actor,
    by.ip,
    rows.map((r, i) => ({
      area: 'sms' as const,
      recordId: r.id,
      kind: 'create',
      label: `SMS to ${r.to_number}`,
      after: { to: r.to_number, from: originator.originator, message: body.message, costPence: costs[i] ?? 0 },
    })),
  );
  const ids = rows.map((r) => r.id);
  await platform.jobs.enqueue(tx, SMS_SEND_JOB, { ids });
  return { success: true, message: SMS_MESSAGES.sent(n), ids, costPence: total };
}

/** A send's texts handed to the gateway, one by one: each gets the gateway's id and state, or fails with its reason. */
export async function handToGateway(platform: Platform, ids: readonly number[]): Promise<number> {
  const gateway = platform.providers.sms;
  const waiting = await platform.tenancy.crossAccount('sms', (tx) =>
    tx
      .selectFrom('sms_messages')
      .select(['id', 'account_no', 'from_number', 'to_number', 'message', 'cost_pence', 'on_ledger'])
      .where('id', 'in', [...ids])
      .where('gateway_id', 'is', null)
      .where('delivery', '=', 'queued')
      .execute(),
  );
  for (const text of waiting) {
    // A passing failure throws: the job is retried, and a text already handed over is not sent twice.
    const outcome = await gateway.send({ from: text.from_number, to: text.to_number, body: text.message });
    await platform.tenancy.crossAccount('sms', async (tx) => {
      await tx
        .updateTable('sms_messages')
        .set(
          outcome.sid === null
            ? { delivery: 'failed', failure: outcome.error }
            : { gateway_id: outcome.sid, delivery: outcome.status },
        )
        .where('id', '=', text.id)
        .execute();
      await recordChange(tx, { accountNo: text.account_no, userId: null }, null, {
        area: 'sms',
        recordId: text.id,
        kind: 'update',
        label: `SMS to ${text.to_number}`,
        before: { delivery: 'queued' },
        after: { delivery: outcome.status, ...(outcome.sid === null ? { failure: outcome.error } : {}) },
      });
      if (outcome.status === 'failed') await refundFailed(tx, text);
    });
  }
  return waiting.length;
}

/** The ledger's key of a failed text's refund: one refund per text, however often its failure is reported. */
export const smsRefundKey = (id: number) => `sms-refund:${id}`;

/**
 * A text the gateway failed is not paid for, in the transaction that records the failure: a prepay
 * account's charge is credited back on the ledger (once: the posting's idempotency key is the text's),
 * a postpay one's is left off its invoice (the 'sms' charge source skips failed texts).
 */
async function refundFailed(
  tx: Tx,
  text: { id: number; account_no: number; to_number: string; cost_pence: number; on_ledger: boolean },
): Promise<void> {
  if (!text.on_ledger || text.cost_pence <= 0) return;
  await postToLedger(tx, {
    accountNo: text.account_no,
    kind: 'adjustment',
    amountPence: text.cost_pence,
    description: SMS_MESSAGES.refunded(text.to_number),
    reference: `SMS ${text.id}`,
    idempotencyKey: smsRefundKey(text.id),
  });
}

/** How far along a delivery is: a status moves a text forward only (a late 'sent' after 'delivered' changes nothing). */
const STAGE: Record<SmsDelivery, number> = { queued: 0, sent: 1, delivered: 2, failed: 2, received: 2 };

/** Applies one verified gateway event (idempotent: a status already reached, an inbound text already stored, is a duplicate). */
export async function applySmsEvent(platform: Platform, event: SmsEvent): Promise<ApplyOutcome> {
  return event.kind === 'status' ? applyStatus(platform, event) : applyInbound(platform, event);
}

async function applyStatus(platform: Platform, event: Extract<SmsEvent, { kind: 'status' }>): Promise<ApplyOutcome> {
  return platform.tenancy.crossAccount('sms', async (tx) => {
    const text = await tx
      .selectFrom('sms_messages')
      .select(['id', 'account_no', 'to_number', 'delivery', 'cost_pence', 'on_ledger'])
      .where('gateway_id', '=', event.sid)
      .forUpdate()
      .executeTakeFirst();
    // The report of a text whose id is not stored yet (the send's own answer still on its way): retried.
    if (!text) throw new Error(`No text with the gateway's id ${event.sid} (yet)`);
    if (STAGE[event.status] <= STAGE[text.delivery]) return 'duplicate';
    await tx
      .updateTable('sms_messages')
      .set({ delivery: event.status, failure: event.status === 'failed' ? event.error.slice(0, 200) : '' })
      .where('id', '=', text.id)
      .execute();
    await recordChange(tx, { accountNo: text.account_no, userId: null }, null, {
      area: 'sms',
      recordId: text.id,
      kind: 'update',
      label: `SMS to ${text.to_number}`,
      before: { delivery: text.delivery },
      after: { delivery: event.status },
    });
    if (event.status === 'failed') await refundFailed(tx, text);
    return 'applied';
  });
}

/** The forms a number may be stored in: as given, E.164, and the UK national form of a +44 number. */
export function numberForms(number: string): string[] {
  const digits = number.replace(/^\+/, '');
  const forms = new Set([number, `+${digits}`]);
  if (digits.startsWith('44')) forms.add(`0${digits.slice(2)}`);
  if (/^0[1-9]/.test(digits)) forms.add(`+44${digits.slice(1)}`);
  return [...forms];
}

/** The account holding `to`: the telephone number's (unique), else the one account whose active mobile it is. */
async function accountOfNumber(tx: Tx, to: string): Promise<number | null> {
  const forms = numberForms(to);
  const number = await tx
    .selectFrom('telephone_numbers')
    .select('account_no')
    .where('number', 'in', forms)
    .executeTakeFirst();
  if (number) return number.account_no;
  const mobiles = await tx
    .selectFrom('mobiles')
    .select('account_no')
    .where('number', 'in', forms)
    .where('active', '=', true)
    .limit(2)
    .execute();
  return mobiles.length === 1 ? (mobiles[0]?.account_no ?? null) : null;
}

/** Whether an account holds `to` (the sandbox's injection refuses one that none does before storing anything). */
export async function isHeldNumber(platform: Platform, to: string): Promise<boolean> {
  return (await platform.tenancy.crossAccount('sms', (tx) => accountOfNumber(tx, to))) !== null;
}

async function applyInbound(platform: Platform, event: Extract<SmsEvent, { kind: 'inbound' }>): Promise<ApplyOutcome> {
  return platform.tenancy.crossAccount('sms', async (tx) => {
    const accountNo = await accountOfNumber(tx, event.to);
    if (accountNo === null) return 'ignored';
    const stored = await tx
      .insertInto('sms_messages')
      .values({
        account_no: accountNo,
        direction: 'in',
        status: 0,
        from_number: event.from.slice(0, 16),
        to_number: event.to.slice(0, 16),
        message: event.message.slice(0, 250),
        originator: event.from.slice(0, 16),
        destinations: JSON.stringify([event.to.slice(0, 16)]),
        delivery: 'received',
        gateway_id: event.sid,
      })
      .onConflict((oc) => oc.column('gateway_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!stored) return 'duplicate';
    await recordChange(tx, { accountNo, userId: null }, null, {
      area: 'sms',
      recordId: stored.id,
      kind: 'create',
      label: `SMS from ${event.from}`,
      after: { from: event.from, to: event.to, message: event.message },
    });
    return 'applied';
  });
}

/** A postpay account's texts of the month, on its invoice (a prepay one paid as it sent; a failed text is not charged). */
registerChargeSource('sms', async (tx, accountNo, p) => {
  const rows = await sql<{ n: string; pence: string }>`
    select count(*) as n, coalesce(sum(cost_pence), 0) as pence from sms_messages
    where account_no = ${accountNo} and not on_ledger and cost_pence > 0 and delivery <> 'failed'
      and created_at >= (${p.start}::date::timestamp at time zone 'Europe/London')
      and created_at < (${p.next}::date::timestamp at time zone 'Europe/London')`.execute(tx);
  const row = rows.rows[0];
  const n = Number(row?.n ?? 0);
  if (n === 0) return [];
  return [
    {
      description: `SMS, ${n} message${n === 1 ? '' : 's'}, ${p.label}`,
      quantity: 1,
      unitPricePence: Number(row?.pence ?? 0),
    },
  ];
});
