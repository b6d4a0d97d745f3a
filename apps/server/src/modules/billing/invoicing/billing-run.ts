/**
 * The monthly billing run (issue 13): the month's charges of every billable account become one
 * numbered invoice per account per period, each in its own transaction.
 *
 * - **Billable accounts**: retail accounts (account kind 'retail'): the accounts the invoices page
 *   is for (spec 1 §2 "retail accounts"). Other (standard) prepay accounts pay their charges from
 *   the balance as they occur and wholesale accounts bill their own customers, so neither is
 *   invoiced here. An account whose month has no charge gets no invoice (never a £0.00 one); a
 *   deleted account (soft delete) is invoiced up to the month it was deleted in, never after. A
 *   retail *prepay* account (registration makes those) is invoiced too, its invoice issued Paid: the
 *   charge posted to its ledger takes the total from the prepaid balance (reference 'Prepaid balance').
 * - **Charges** come from the charge sources (`registerChargeSource`): the invoices area registers
 *   the seat and number rentals, bundles and call charges add theirs; each answers ex-VAT lines.
 * - **Idempotent**: an invoice per (account, period) at most (a unique key); a second run finds it
 *   and makes nothing. Each invoice takes the next number of its provider's gap-free sequence in
 *   its own transaction, under the sequence row's lock (two runs at once queue there).
 * - **Issuing** posts the total as a 'charge' to the ledger (idempotency key per invoice), notifies
 *   the account ('Invoice issued') and queues the 'invoice issued' e-mail — all in the invoice's
 *   transaction: an invoice exists exactly when its charge, notification and e-mail do.
 * - Dates: the invoice is dated the first day after its period (the run's due day) and due
 *   INVOICE_DUE_DAYS later, whatever day the run happens on (a late run issues the same invoice).
 */
import {
  formatInvoiceNo,
  formatPence,
  INVOICE_DUE_DAYS,
  INVOICE_MESSAGES,
  invoiceTotals,
  MESSAGES,
  type StoredInvoiceStatus,
} from '@switchboard/domain';
import { sql } from 'kysely';
import type { AuthContext } from '../../../platform/auth.ts';
import { HttpError } from '../../../platform/errors.ts';
import type { Tenancy, Tx } from '../../../platform/tenancy.ts';
import { invoiceIssuedMail, notify, queueMail } from '../../mail/index.ts';
import {
  addDays,
  type BillingPeriod,
  billingPeriod,
  type ChargeLine,
  chargeSourceList,
  displayDate,
  londonToday,
} from '../billing-periods.ts';
import { postToLedger } from '../ledger.ts';
import { attachInvoiceNotes } from './notes.ts';
import './tables.ts';

// ---- issuing ----------------------------------------------------------------------------------

/** The top of an account's parent chain (parent 0): the provider whose numbering and header it has. */
export async function providerOf(tx: Tx, accountNo: number): Promise<number> {
  const { rows } = await sql<{ account_no: number; parent: number; depth: number }>`
    with recursive chain(account_no, parent, depth) as (
      select account_no, parent, 0 from accounts where account_no = ${accountNo}
      union all
      select a.account_no, a.parent, c.depth + 1 from accounts a join chain c on a.account_no = c.parent
      where c.parent <> 0 and c.depth < 20
    )
    select account_no, parent, depth from chain order by depth desc limit 1`.execute(tx);
  const top = rows[0];
  if (!top) throw new HttpError(404, MESSAGES.recordNotFound);
  return top.account_no;
}

/** The paid reference of a prepay account's invoice: settled from the balance when issued. */
export const PREPAID_REFERENCE = 'Prepaid balance';

export type IssueOutcome =
  | { kind: 'issued'; invoiceId: number; invoiceNo: string; totalPence: number }
  | { kind: 'exists'; invoiceId: number; invoiceNo: string }
  | { kind: 'no-charges' };

/**
 * Issues the invoice of `accountNo` for `period` in `tx` (the escape hatch: it takes the provider's
 * number), or answers the one issued already. Throws (rolling the invoice back) on any failure.
 */
export async function issueInvoice(tx: Tx, accountNo: number, period: BillingPeriod): Promise<IssueOutcome> {
  const provider = await providerOf(tx, accountNo);
  const lastNo = await lockNumbering(tx, provider);
  const existing = await tx
    .selectFrom('invoices')
    .select(['id', 'invoice_no'])
    .where('account_no', '=', accountNo)
    .where('period', '=', period.period)
    .executeTakeFirst();
  if (existing) return { kind: 'exists', invoiceId: existing.id, invoiceNo: existing.invoice_no };

  const lines = await chargeLines(tx, accountNo, period);
  const totals = invoiceTotals(lines);
  if (lines.length === 0 || totals.totalPence === 0) return { kind: 'no-charges' };

  const holder = await tx
    .selectFrom('accounts')
    .select(['email', 'first_name', 'account_type'])
    .where('account_no', '=', accountNo)
    .executeTakeFirstOrThrow();
  // A prepay account's invoice is settled by its balance: the charge posted below is the payment.
  const prepaid = holder.account_type === 'prepay';

  const seq = lastNo + 1;
  const invoiceNo = formatInvoiceNo(seq);
  await tx.updateTable('invoice_numbers').set({ last_no: seq }).where('provider_account_no', '=', provider).execute();
  const due = addDays(period.next, INVOICE_DUE_DAYS);
  const invoice = await tx
    .insertInto('invoices')
    .values({
      account_no: accountNo,
      provider_account_no: provider,
      seq,
      invoice_no: invoiceNo,
      period: period.period,
      period_start: period.start,
      period_end: period.end,
      invoice_date: period.next,
      due_date: due,
      status: prepaid ? 'paid' : 'unpaid',
      paid_date: prepaid ? period.next : null,
      paid_reference: prepaid ? PREPAID_REFERENCE : null,
      subtotal_pence: totals.subtotalPence,
      vat_pence: totals.vatPence,
      total_pence: totals.totalPence,
      void_reason: null,
      voided_at: null,
      voided_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('invoice_lines')
    .values(
      lines.map((l, i) => ({
        account_no: accountNo,
        invoice_id: invoice.id,
        position: i + 1,
        description: l.description.slice(0, 200),
        quantity: l.quantity,
        unit_price_pence: l.unitPricePence,
        amount_pence: l.quantity * l.unitPricePence,
      })),
    )
    .execute();
  await attachInvoiceNotes(tx, accountNo, invoice.id);
  const issued = { invoiceId: invoice.id, invoiceNo, totalPence: totals.totalPence, due };
  await announceInvoice(tx, accountNo, holder, period, issued);
  return { kind: 'issued', invoiceId: invoice.id, invoiceNo, totalPence: totals.totalPence };
}

/**
 * The provider's numbering row, locked (made when missing): invoices of one provider are numbered
 * one at a time, and a second run of the same period waits here for the first's commit, then finds
 * its invoice. Answers the last number given.
 */
async function lockNumbering(tx: Tx, provider: number): Promise<number> {
  await tx
    .insertInto('invoice_numbers')
    .values({ provider_account_no: provider, last_no: 0 })
    .onConflict((oc) => oc.column('provider_account_no').doNothing())
    .execute();
  const counter = await tx
    .selectFrom('invoice_numbers')
    .select('last_no')
    .where('provider_account_no', '=', provider)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return counter.last_no;
}

/** The charge sources' lines for the account and period (lines of no quantity left out). */
async function chargeLines(tx: Tx, accountNo: number, period: BillingPeriod): Promise<ChargeLine[]> {
  const lines: ChargeLine[] = [];
  for (const source of chargeSourceList()) {
    for (const line of await source(tx, accountNo, period)) {
      if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0) continue;
      if (!Number.isSafeInteger(line.unitPricePence) || line.unitPricePence < 0) {
        throw new Error(`A charge line's unit price is whole pence, not ${line.unitPricePence}`);
      }
      lines.push(line);
    }
  }
  return lines;
}

/** An issued invoice's charge on the ledger, the account's notification and the 'invoice issued' e-mail. */
async function announceInvoice(
  tx: Tx,
  accountNo: number,
  account: { email: string; first_name: string },
  period: BillingPeriod,
  invoice: { invoiceId: number; invoiceNo: string; totalPence: number; due: string },
): Promise<void> {
  const { invoiceNo, totalPence, due } = invoice;
  await postToLedger(tx, {
    accountNo,
    kind: 'charge',
    amountPence: -totalPence,
    description: `Invoice ${invoiceNo} (${period.label}, inc VAT)`,
    reference: invoiceNo,
    idempotencyKey: `invoice:${invoice.invoiceId}`,
  });
  await notify(tx, accountNo, {
    kind: 'invoice-issued',
    title: 'Invoice issued',
    message: `Invoice ${invoiceNo} for ${period.label} has been issued: ${formatPence(totalPence)} inc VAT, due by ${displayDate(due)}.`,
    icon: 'info',
    color: 'info',
  });
  if (account.email) {
    await queueMail(tx, {
      accountNo,
      to: account.email,
      ...invoiceIssuedMail({
        name: account.first_name,
        accountNo,
        invoiceNo,
        period: period.label,
        totalPence,
        due: displayDate(due),
      }),
    });
  }
}

export interface BillingRunResult {
  period: string;
  issued: Array<{ accountNo: number; invoiceNo: string; totalPence: number }>;
  existing: number;
  noCharges: number;
  failed: Array<{ accountNo: number; error: string }>;
}

/**
 * The accounts the run invoices for `period` (see the file's comment): retail accounts, except one
 * deleted before the period began (soft delete keeps its seats and numbers: they are not billed on;
 * the month it was deleted in is its final invoice).
 */
export async function billableAccounts(tx: Tx, period: BillingPeriod): Promise<number[]> {
  const rows = await tx
    .selectFrom('accounts')
    .select('account_no')
    .where('account_kind', '=', 'retail')
    .where((eb) =>
      eb.or([
        eb('deleted_at', 'is', null),
        eb('deleted_at', '>=', sql<Date>`(${period.start}::date::timestamp at time zone 'Europe/London')`),
      ]),
    )
    .orderBy('account_no')
    .execute();
  return rows.map((r) => r.account_no);
}

/**
 * Runs billing for `period` over every billable account, one transaction per invoice: a failure
 * of one account is reported and leaves the others issued. Safe to run again (idempotent).
 */
export async function runBilling(
  platform: { tenancy: Tenancy },
  options: { period: string; accounts?: readonly number[]; now?: Date },
): Promise<BillingRunResult> {
  const period = billingPeriod(options.period);
  if (period.next > londonToday(options.now)) {
    throw new HttpError(400, `The period ${period.period} has not ended yet: it can be billed from ${period.next}`);
  }
  const accounts =
    options.accounts ?? (await platform.tenancy.crossAccount('billing', (tx) => billableAccounts(tx, period)));
  const result: BillingRunResult = { period: period.period, issued: [], existing: 0, noCharges: 0, failed: [] };
  for (const accountNo of accounts) {
    try {
      const outcome = await platform.tenancy.crossAccount('billing', (tx) => issueInvoice(tx, accountNo, period));
      if (outcome.kind === 'issued') {
        result.issued.push({ accountNo, invoiceNo: outcome.invoiceNo, totalPence: outcome.totalPence });
      } else if (outcome.kind === 'exists') result.existing++;
      else result.noCharges++;
    } catch (error) {
      result.failed.push({ accountNo, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}

// ---- settling ---------------------------------------------------------------------------------

export interface PaidInvoice {
  invoiceId: number;
  invoiceNo: string;
  accountNo: number;
  /** True when this payment had been recorded already: nothing new was posted. */
  duplicate: boolean;
  ledgerEntryId: number;
}

/**
 * Records the payment of an invoice (the payment provider's confirmation, wired by the payments
 * area): posts the total as an 'invoice-payment' credit (idempotency key per invoice), sets the
 * invoice Paid with today's date and the payment's reference. The same payment confirmed again
 * answers the first (duplicate); a void invoice, an invoice paid by another payment, or an amount
 * other than the total is refused (409) and nothing changes. `tx` is the account's tenant
 * transaction or the escape hatch (a provider's webhook).
 */
export async function markInvoicePaid(
  tx: Tx,
  invoiceId: number,
  payment: { reference: string; amountPence: number; now?: Date },
): Promise<PaidInvoice> {
  const reference = payment.reference.trim();
  if (!reference) throw new HttpError(400, 'A payment names its reference');
  const inv = await lockInvoice(tx, invoiceId);
  const key = `invoice-payment:${inv.id}`;
  if (inv.status === 'void') throw new HttpError(409, INVOICE_MESSAGES.voidCannotPay);
  let posted: { id: number; duplicate: boolean };
  if (inv.status === 'paid') {
    if (inv.paid_reference !== reference) throw new HttpError(409, INVOICE_MESSAGES.alreadyPaid);
    const entry = await tx
      .selectFrom('ledger_entries')
      .select('id')
      .where('idempotency_key', '=', key)
      .executeTakeFirstOrThrow();
    posted = { id: entry.id, duplicate: true };
  } else {
    if (payment.amountPence !== inv.total_pence) {
      throw new HttpError(409, INVOICE_MESSAGES.wrongAmount(inv.total_pence));
    }
    posted = await postToLedger(tx, {
      accountNo: inv.account_no,
      kind: 'invoice-payment',
      amountPence: inv.total_pence,
      description: `Payment of invoice ${inv.invoice_no}`,
      reference: reference.slice(0, 200),
      idempotencyKey: key,
    });
    await tx
      .updateTable('invoices')
      .set({ status: 'paid', paid_date: londonToday(payment.now), paid_reference: reference.slice(0, 200) })
      .where('id', '=', inv.id)
      .execute();
  }
  const { id, invoice_no: invoiceNo, account_no: accountNo } = inv;
  return { invoiceId: id, invoiceNo, accountNo, duplicate: posted.duplicate, ledgerEntryId: posted.id };
}

/** The invoice's row, locked for its payment or its void, or the 404. */
async function lockInvoice(tx: Tx, invoiceId: number) {
  const inv = await tx
    .selectFrom('invoices')
    .select(['id', 'account_no', 'invoice_no', 'status', 'total_pence', 'paid_reference', 'version'])
    .where('id', '=', invoiceId)
    .forUpdate()
    .executeTakeFirst();
  if (!inv) throw new HttpError(404, MESSAGES.recordNotFound);
  return inv;
}

/**
 * Voids an unpaid invoice (a provider admin, with a reason): the invoice's charge is credited back
 * by an 'adjustment' (idempotency key per invoice). A paid or void invoice, or a stale version, is
 * refused (409) with nothing changed.
 */
export async function voidInvoice(
  tx: Tx,
  invoiceId: number,
  v: { reason: string; version?: number | undefined; by: AuthContext | null },
): Promise<{ invoiceNo: string; accountNo: number; totalPence: number; statusBefore: StoredInvoiceStatus }> {
  const inv = await lockInvoice(tx, invoiceId);
  if (v.version !== undefined && v.version !== inv.version) throw new HttpError(409, MESSAGES.staleVersion);
  if (inv.status === 'void') throw new HttpError(409, INVOICE_MESSAGES.alreadyVoid);
  if (inv.status === 'paid') throw new HttpError(409, INVOICE_MESSAGES.paidCannotVoid);
  const reason = v.reason.trim();
  await postToLedger(tx, {
    accountNo: inv.account_no,
    kind: 'adjustment',
    amountPence: inv.total_pence,
    description: `Invoice ${inv.invoice_no} voided: ${reason}`,
    reference: inv.invoice_no,
    idempotencyKey: `invoice-void:${inv.id}`,
    by: v.by,
  });
  await tx
    .updateTable('invoices')
    .set({ status: 'void', void_reason: reason.slice(0, 200), voided_at: new Date(), voided_by: v.by?.userId ?? null })
    .where('id', '=', inv.id)
    .execute();
  return {
    invoiceNo: inv.invoice_no,
    accountNo: inv.account_no,
    totalPence: inv.total_pence,
    statusBefore: inv.status,
  };
}
