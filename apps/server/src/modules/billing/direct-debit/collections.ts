/**
 * Direct Debit collections (spec 1 §9: "collection is usually 3 days before the due date"): what
 * the invoice's payment terms promise (invoicing/terms.ts), done.
 *
 * **Which invoices.** An unpaid invoice (total above zero) of an account whose current mandate is
 * Approved (mandateStatus: three working days after its setup), held by this configuration's
 * bureau and still active there — *unless invoice auto-pay covers it*: the account's enabled
 * auto-pay dated on or before the invoice (its PDF then promises the card charge, or, after a
 * failed charge, payment by card), or an auto-pay charge of it pending or made. So card auto-pay
 * takes precedence, exactly as the PDF says, and the two never both take money for one invoice:
 * a collection not yet submitted to Bacs is cancelled when auto-pay comes to cover its invoice,
 * when the invoice is paid (by card) or voided meanwhile, and when its mandate is replaced or
 * cancelled (a replaced mandate's successor collects once it is Approved). The database holds the
 * other side: an invoice whose collection is under way gets no auto-pay charge (migration 039's
 * trigger skips the charge's row; auto-pay charges once the collection is cancelled or failed).
 *
 * **When.** The charge date is DIRECT_DEBIT_COLLECTION_DAYS calendar days before the due date,
 * moved back to a Bacs working day when it falls on a weekend or an England and Wales bank holiday
 * (the domain's working-days.ts), or — when that is already too soon — the earliest date the bureau
 * can charge (three working days after today, the Bacs cycle). Never after the due date: an
 * invoice that can no longer be charged by then is not collected (its PDF, once it is overdue,
 * says to pay by card); a recorded collection not yet asked for by then is cancelled with a notice.
 *
 * **Once.** One live collection per invoice (a unique index: two runs at once make one), recorded
 * before the bureau is asked with the collection's own idempotency key (a retry answers the same
 * payment); claims skip locked rows and lease a collection being asked (several processes).
 * A confirmation (confirmed / paid_out) pays the invoice through markInvoicePaid exactly once (the
 * collection's `paid`, and markInvoicePaid's own idempotency on the reference); a replay pays nothing
 * more. A failure (ARUDD) notifies and e-mails and leaves the invoice payable by card; a
 * chargeback after payment debits the amount back to the account's balance (a paid invoice never
 * returns to unpaid: the invoices area forbids it), notifies and e-mails.
 */
import { randomUUID } from 'node:crypto';
import {
  addCalendarDays,
  DIRECT_DEBIT_COLLECTION_DAYS,
  formatPence,
  mandateStatus,
  workingDayOnOrBefore,
} from '@switchboard/domain';
import { sql } from 'kysely';
import { type JobDefinition, job } from '../../../platform/jobs.ts';
import type { Platform } from '../../../platform/platform.ts';
import type { Tx } from '../../../platform/tenancy.ts';
import type { ApplyOutcome } from '../../../platform/webhooks.ts';
import type { CollectionEvent, DirectDebitCollections } from '../../../providers/direct-debit/direct-debit.ts';
import { directDebitProblemMail, notify, queueMail } from '../../mail/index.ts';
import { londonToday } from '../billing-periods.ts';
import { markInvoicePaid } from '../invoicing/billing-run.ts';
import { postToLedger } from '../ledger.ts';
import type { LocalCollectionState } from './tables.ts';

/** A submission unanswered this long (a crash, a timeout) is asked again with the same key. */
export const SUBMIT_LEASE_MS = 2 * 60_000;

/**
 * The charge date of an invoice due `due` ('YYYY-MM-DD') collected from `today`: the working day
 * on or before DIRECT_DEBIT_COLLECTION_DAYS before the due date, or `earliest` when that is sooner.
 */
export function chargeDateFor(due: string, earliest: string): string {
  const target = workingDayOnOrBefore(addCalendarDays(due, -DIRECT_DEBIT_COLLECTION_DAYS));
  return target >= earliest ? target : earliest;
}

/** Throws the one error, or all of them together. */
function throwAll(errors: unknown[], message: string): void {
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, message);
}

/** Why a recorded collection is not asked for once its due date can no longer be met. */
const LATE = 'too late to collect by the due date';

/** Whether invoice auto-pay takes (or took) this invoice: the SQL condition, `i` the invoice. */
const autoPayCovers = sql<boolean>`(exists (select 1 from invoice_auto_pay a
    where a.account_no = i.account_no and a.enabled and a.since <= i.invoice_date)
  or exists (select 1 from invoice_auto_charges ac
    where ac.invoice_id = i.id and ac.state in ('pending', 'charged')))`;

/** Why a collection of invoice `i` by mandate `d` must not go ahead, or null. */
const stopReason = sql<string | null>`case
    when i.status = 'paid' then 'the invoice was paid otherwise'
    when i.status = 'void' then 'the invoice was voided'
    when d.superseded_at is not null then 'the mandate was replaced'
    when d.provider_status <> 'active' then 'the mandate is ' || d.provider_status
    when ${autoPayCovers} then 'invoice auto-pay pays the invoice by card'
    else null end`;

/** Creates the collections of the invoices due for one; answers how many were created. */
export async function createCollections(platform: Platform, today: string, now: Date): Promise<number> {
  const provider = platform.providers.directDebit;
  const earliest = provider.earliestChargeDate(today);
  return platform.tenancy.crossAccount('direct-debit', async (tx) => {
    const { rows } = await sql<{
      invoice_id: number;
      account_no: number;
      total_pence: number;
      due_date: string;
      mandate_id: number;
      setup_at: Date | string;
    }>`select i.id as invoice_id, i.account_no, i.total_pence, to_char(i.due_date, 'YYYY-MM-DD') as due_date,
        d.id as mandate_id, d.setup_at
      from invoices i
        join direct_debits d on d.account_no = i.account_no and d.superseded_at is null
      where i.status = 'unpaid' and i.total_pence > 0
        and d.provider = ${provider.name} and d.provider_status = 'active' and d.provider_mandate_id is not null
        and not ${autoPayCovers}
        and not exists (select 1 from direct_debit_collections c where c.invoice_id = i.id and c.state <> 'cancelled')
      order by i.id`.execute(tx);
    let created = 0;
    for (const r of rows) {
      if (mandateStatus(new Date(r.setup_at), now) !== 'Approved') continue;
      // Too late to charge by the due date (a mandate Approved days before it): paid by card, as
      // the invoice's PDF says once it is overdue.
      if (earliest > r.due_date) continue;
      const { rows: inserted } = await sql<{ id: number }>`
        insert into direct_debit_collections
          (account_no, invoice_id, mandate_id, provider, amount_pence, charge_date, idempotency_key)
        values (${r.account_no}, ${r.invoice_id}, ${r.mandate_id}, ${provider.name}, ${r.total_pence},
          ${chargeDateFor(r.due_date, earliest)}::date, ${`dd-${r.invoice_id}-${randomUUID()}`})
        on conflict (invoice_id) where state <> 'cancelled' do nothing
        returning id`.execute(tx);
      created += inserted.length;
    }
    return created;
  });
}

interface Claimed {
  id: number;
  account_no: number;
  invoice_id: number;
  invoice_no: string;
  amount_pence: number;
  charge_date: string;
  idempotency_key: string;
  provider_mandate_id: string;
  stop: string | null;
}

/**
 * Asks the bureau for the recorded collections (and again for those whose answer never came):
 * each claimed (skip locked, leased) in one transaction, asked outside it, its answer stored in
 * another. Answers how many were asked.
 */
export async function submitCollections(platform: Platform, today: string, limit = 20): Promise<number> {
  const provider = platform.providers.directDebit;
  const earliest = provider.earliestChargeDate(today);
  const errors: unknown[] = [];
  let asked = 0;
  for (let n = 0; n < limit; n++) {
    const claimed = await platform.tenancy.crossAccount('direct-debit', async (tx) => {
      const { rows } = await sql<Claimed>`
        select c.id, c.account_no, c.invoice_id, i.invoice_no, c.amount_pence,
          to_char(c.charge_date, 'YYYY-MM-DD') as charge_date, c.idempotency_key, d.provider_mandate_id,
          case when i.due_date < ${earliest}::date then ${LATE} else ${stopReason} end as stop
        from direct_debit_collections c
          join invoices i on i.id = c.invoice_id
          join direct_debits d on d.id = c.mandate_id
        where c.provider = ${provider.name}
          and (c.state = 'pending'
            or (c.state = 'submitting' and c.updated_at < now() - make_interval(secs => ${SUBMIT_LEASE_MS / 1000})))
        order by c.id
        limit 1
        for update of c skip locked`.execute(tx);
      const c = rows[0];
      if (!c) return undefined;
      if (c.stop) {
        await sql`update direct_debit_collections set state = 'cancelled', failure = ${c.stop}, updated_at = now()
          where id = ${c.id}`.execute(tx);
        if (c.stop === LATE) {
          await notify(tx, c.account_no, {
            kind: 'direct-debit-failed',
            title: `Direct Debit not collected: ${c.invoice_no}`,
            message: `Invoice ${c.invoice_no} (${formatPence(c.amount_pence)}) could not be collected by Direct Debit before its due date. Nothing was taken: please pay it by card (Invoices, Pay Invoice).`,
            icon: 'warning',
            color: 'warning',
          });
        }
        return null;
      }
      await sql`update direct_debit_collections set state = 'submitting', updated_at = now() where id = ${c.id}`.execute(
        tx,
      );
      return c;
    });
    if (claimed === undefined) break;
    if (claimed === null) continue;
    asked++;
    try {
      // Late for the date asked (a retry days later), still by the due date: the earliest the bureau can charge.
      const answer = await provider.createCollection({
        mandateId: claimed.provider_mandate_id,
        amountPence: claimed.amount_pence,
        chargeDate: claimed.charge_date >= earliest ? claimed.charge_date : earliest,
        description: `Invoice ${claimed.invoice_no}`,
        idempotencyKey: claimed.idempotency_key,
        accountNo: claimed.account_no,
        invoiceId: claimed.invoice_id,
      });
      await platform.tenancy.crossAccount('direct-debit', (tx) =>
        sql`update direct_debit_collections
          set provider_id = ${answer.id}, state = ${answer.state}, charge_date = ${answer.chargeDate}::date,
            failure = '', updated_at = now()
          where id = ${claimed.id} and state = 'submitting'`.execute(tx),
      );
    } catch (error) {
      // Left 'submitting': asked again with the same key once the lease ends.
      const message = error instanceof Error ? error.message : String(error);
      await platform.tenancy.crossAccount('direct-debit', (tx) =>
        sql`update direct_debit_collections set failure = ${message.slice(0, 300)}
          where id = ${claimed.id} and state = 'submitting'`.execute(tx),
      );
      errors.push(error);
    }
  }
  throwAll(errors, 'direct debit submissions failed');
  return asked;
}

/**
 * Cancels the collections not yet submitted to Bacs that must not go ahead (invoice paid or
 * voided, mandate replaced or cancelled, auto-pay covering it). Too late (submitted): noted, and
 * its confirmation then says the invoice was already paid. Answers how many were cancelled.
 */
export async function cancelStoppedCollections(platform: Platform, limit = 50): Promise<number> {
  const provider = platform.providers.directDebit;
  const { rows } = await platform.tenancy.crossAccount('direct-debit', (tx) =>
    sql<{ id: number; provider_id: string; stop: string }>`
      select * from (
        select c.id, c.provider_id, ${stopReason} as stop
        from direct_debit_collections c
          join invoices i on i.id = c.invoice_id
          join direct_debits d on d.id = c.mandate_id
        where c.provider = ${provider.name} and c.state = 'pending_submission' and c.failure = ''
          and c.provider_id is not null
      ) s where stop is not null
      order by id limit ${limit}`.execute(tx),
  );
  let cancelled = 0;
  const errors: unknown[] = [];
  for (const c of rows) {
    let done: boolean;
    try {
      done = await provider.cancelCollection(c.provider_id);
    } catch (error) {
      errors.push(error); // asked again by the next run
      continue;
    }
    await platform.tenancy.crossAccount('direct-debit', (tx) =>
      done
        ? sql`update direct_debit_collections set state = 'cancelled', failure = ${c.stop}, updated_at = now()
            where id = ${c.id} and state in ('pending_submission', 'submitted')`.execute(tx)
        : sql`update direct_debit_collections set failure = ${`too late to cancel: ${c.stop}`}, updated_at = now()
            where id = ${c.id}`.execute(tx),
    );
    if (done) cancelled++;
  }
  throwAll(errors, 'direct debit cancellations failed');
  return cancelled;
}

interface CollectionRow {
  id: number;
  account_no: number;
  invoice_id: number;
  amount_pence: number;
  state: LocalCollectionState;
  paid: boolean;
  provider_id: string;
  invoice_no: string;
  invoice_status: string;
}

type SetState = (state: LocalCollectionState, extra?: { failure?: string; paid?: boolean }) => Promise<unknown>;

/** Applies one bureau event in `tx` (the escape hatch): each state change once, whatever is replayed. */
export async function applyCollectionEvent(
  tx: Tx,
  provider: Pick<DirectDebitCollections, 'name'>,
  event: CollectionEvent,
): Promise<ApplyOutcome> {
  if (event.resource === 'mandate') return applyMandateEvent(tx, provider, event);
  const { rows } = await sql<CollectionRow>`
    select c.id, c.account_no, c.invoice_id, c.amount_pence, c.state, c.paid, c.provider_id,
      i.invoice_no, i.status as invoice_status
    from direct_debit_collections c join invoices i on i.id = c.invoice_id
    where c.provider = ${provider.name} and c.provider_id = ${event.resourceId}
    for update of c`.execute(tx);
  const c = rows[0];
  if (!c) return 'ignored';
  const set: SetState = (state, extra = {}) =>
    sql`update direct_debit_collections set state = ${state}, failure = ${extra.failure ?? sql`failure`},
        paid = ${extra.paid ?? c.paid}, updated_at = now()
      where id = ${c.id}`.execute(tx);
  const open = ['pending', 'submitting', 'pending_submission', 'submitted'].includes(c.state);
  switch (event.action) {
    case 'submitted':
      if (!['pending', 'submitting', 'pending_submission'].includes(c.state)) return 'duplicate';
      await set('submitted');
      return 'applied';
    case 'confirmed':
    case 'paid_out': {
      if (c.paid || c.state === 'charged_back') {
        if (event.action === 'paid_out' && c.state === 'confirmed') {
          await set('paid_out');
          return 'applied';
        }
        return 'duplicate';
      }
      if (!open && c.state !== 'confirmed' && c.state !== 'cancelled') return 'ignored';
      if (c.invoice_status === 'unpaid') {
        await markInvoicePaid(tx, c.invoice_id, {
          reference: `Direct Debit ${c.provider_id}`,
          amountPence: c.amount_pence,
        });
        await set(event.action, { paid: true, failure: '' });
        return 'applied';
      }
      // Collected although the invoice was paid otherwise or voided meanwhile (too late to cancel).
      const failure = `collected after the invoice was ${c.invoice_status === 'void' ? 'voided' : 'paid otherwise'}: to be refunded`;
      await set(event.action, { failure });
      await notify(tx, c.account_no, {
        kind: 'direct-debit',
        title: `Direct Debit to be refunded: ${c.invoice_no}`,
        message: `${formatPence(c.amount_pence)} was collected by Direct Debit for invoice ${c.invoice_no}, which had already been ${c.invoice_status === 'void' ? 'voided' : 'paid'}. It will be refunded to your bank account.`,
        icon: 'warning',
        color: 'warning',
      });
      return 'applied';
    }
    case 'failed':
    case 'charged_back':
      if (c.state === 'failed' || c.state === 'charged_back' || c.state === 'cancelled') return 'duplicate';
      return c.paid ? applyChargeback(tx, c, event.reason, set) : applyFailure(tx, c, event.reason, set);
    case 'cancelled':
      if (!open) return c.state === 'cancelled' ? 'duplicate' : 'ignored';
      await set('cancelled', { failure: (event.reason || 'cancelled by the bureau').slice(0, 300) });
      return 'applied';
    default:
      return 'ignored';
  }
}

/** A collection the bank returned unpaid: nothing taken, the invoice still payable by card. */
async function applyFailure(tx: Tx, c: CollectionRow, bankReason: string, set: SetState): Promise<ApplyOutcome> {
  const reason = bankReason || 'returned unpaid by the bank';
  await set('failed', { failure: reason.slice(0, 300) });
  await problem(tx, c, {
    title: `Direct Debit failed: ${c.invoice_no}`,
    message: `Your bank returned the Direct Debit of ${formatPence(c.amount_pence)} for invoice ${c.invoice_no} unpaid (${reason}). Nothing was taken. The invoice is still due: please pay it by card (Invoices, Pay Invoice).`,
    reason,
    chargedBack: false,
  });
  return 'applied';
}

/** A paid collection the bank reversed: the amount debited back to the balance, once. */
async function applyChargeback(tx: Tx, c: CollectionRow, bankReason: string, set: SetState): Promise<ApplyOutcome> {
  const reason = bankReason || 'reversed by the bank';
  await set('charged_back', { failure: reason.slice(0, 300) });
  await postToLedger(tx, {
    accountNo: c.account_no,
    kind: 'adjustment',
    amountPence: -c.amount_pence,
    description: `Direct Debit for invoice ${c.invoice_no} charged back by your bank`,
    reference: c.provider_id,
    idempotencyKey: `direct-debit-chargeback:${c.id}`,
  });
  await problem(tx, c, {
    title: `Direct Debit charged back: ${c.invoice_no}`,
    message: `Your bank reversed the Direct Debit of ${formatPence(c.amount_pence)} for invoice ${c.invoice_no} (${reason}). The amount is owed again and has been debited from your account balance: please top up by card or contact support.`,
    reason,
    chargedBack: true,
  });
  return 'applied';
}

/** The account's notice and e-mail of a failed or reversed collection. */
async function problem(
  tx: Tx,
  c: CollectionRow,
  n: { title: string; message: string; reason: string; chargedBack: boolean },
) {
  const { title, message, reason, chargedBack } = n;
  await notify(tx, c.account_no, { kind: 'direct-debit-failed', title, message, icon: 'error', color: 'error' });
  const account = await tx
    .selectFrom('accounts')
    .select(['first_name', 'email'])
    .where('account_no', '=', c.account_no)
    .executeTakeFirstOrThrow();
  if (!account.email) return;
  const { account_no: accountNo, invoice_no: invoiceNo, amount_pence: amountPence } = c;
  const mail = directDebitProblemMail({
    name: account.first_name,
    accountNo,
    invoiceNo,
    amountPence,
    reason,
    chargedBack,
  });
  await queueMail(tx, { accountNo, to: account.email, ...mail });
}

const INACTIVE_MANDATE = ['cancelled', 'failed', 'expired', 'blocked', 'consumed'];

async function applyMandateEvent(
  tx: Tx,
  provider: Pick<DirectDebitCollections, 'name'>,
  event: CollectionEvent,
): Promise<ApplyOutcome> {
  const active = event.action === 'active' || event.action === 'reinstated';
  if (!active && !INACTIVE_MANDATE.includes(event.action)) return 'ignored';
  const status = active ? 'active' : event.action;
  const { rows } = await sql<{ id: number; account_no: number; provider_status: string; superseded: boolean }>`
    select id, account_no, provider_status, superseded_at is not null as superseded from direct_debits
    where provider = ${provider.name} and provider_mandate_id = ${event.resourceId}
    for update`.execute(tx);
  const d = rows[0];
  if (!d) return 'ignored';
  if (d.provider_status === status) return 'duplicate';
  await sql`update direct_debits set provider_status = ${status}, provider_reason = ${event.reason.slice(0, 200)}
    where id = ${d.id}`.execute(tx);
  if (!active && !d.superseded) {
    await notify(tx, d.account_no, {
      kind: 'direct-debit-failed',
      title: `Direct Debit mandate ${status}`,
      message: `Your Direct Debit mandate is ${status}${event.reason ? ` (${event.reason})` : ''}: your invoices will no longer be collected by it. Please set up a new Direct Debit, or pay your invoices by card.`,
      icon: 'error',
      color: 'error',
    });
  }
  return 'applied';
}

/** The sandbox bureau's day: its events applied in the same transaction (none is lost). */
export async function advanceSandbox(platform: Platform, today: string): Promise<number> {
  const provider = platform.providers.directDebit;
  const advance = provider.advance?.bind(provider);
  if (!advance) return 0;
  return platform.tenancy.crossAccount('direct-debit', async (tx) => {
    const events = await advance(tx, today);
    for (const event of events) await applyCollectionEvent(tx, provider, event);
    return events.length;
  });
}

/** One collection run: create, cancel what must stop, submit, and (sandbox) move the bureau on. */
export async function runCollections(
  platform: Platform,
  options: { today?: string; now?: Date } = {},
): Promise<{ created: number; cancelled: number; submitted: number; events: number }> {
  const now = options.now ?? new Date();
  const today = options.today ?? londonToday(now);
  // Each step runs whatever an earlier one met (a bureau unreachable for a cancel does not hold up
  // the rest); the errors are reported after.
  const errors: unknown[] = [];
  const step = async (work: () => Promise<number>) => {
    try {
      return await work();
    } catch (error) {
      errors.push(error);
      return 0;
    }
  };
  const created = await step(() => createCollections(platform, today, now));
  const cancelled = await step(() => cancelStoppedCollections(platform));
  const submitted = await step(() => submitCollections(platform, today));
  const events = await step(() => advanceSandbox(platform, today));
  throwAll(errors, 'the direct debit collection run failed in part');
  return { created, cancelled, submitted, events };
}

/**
 * The collection run every minute on the job queue (one run at a time across processes; several at
 * once would be safe too: see runCollections). None without a bureau (not configured, sandboxes
 * off): nothing to collect from (the start-up log says so).
 */
export function collectionsJobs(platform: Platform): JobDefinition[] {
  if (platform.providers.directDebit.name === 'unavailable') return [];
  return [job('direct-debit-collections', () => runCollections(platform), { schedule: '* * * * *', singleton: true })];
}
