/**
 * The invoice and tariff PDFs of an account: the provider's header (the top of the account's parent
 * chain, read through the escape hatch), the account's address, the invoice with its lines and its
 * payment terms (terms.ts) from how it gets paid.
 */
import { MESSAGES } from '@switchboard/domain';
import { sql } from 'kysely';
import { HttpError } from '../../../platform/errors.ts';
import type { Tenancy, Tx } from '../../../platform/tenancy.ts';
import { billingPeriod, displayDate, londonToday } from '../billing-periods.ts';
import { invoiceMandate } from '../direct-debit/mandates.ts';
import { providerOf } from './billing-run.ts';
import {
  type CallTariffPdfRate,
  callTariffPdf,
  invoicePdf,
  type PdfAddress,
  type TariffLine,
  tariffPdf,
} from './pdf.ts';
import { readInvoice } from './records.ts';
import { type InvoiceTermsFacts, invoiceTerms } from './terms.ts';

async function accountAddress(db: Tx, accountNo: number): Promise<PdfAddress & { accountNo: number }> {
  const a = await db
    .selectFrom('accounts')
    .select(['company', 'first_name', 'surname', 'telephone', 'email'])
    .select(['address_line1', 'address_line2', 'address_city', 'address_county', 'address_postcode', 'address_country'])
    .where('account_no', '=', accountNo)
    .executeTakeFirst();
  if (!a) throw new HttpError(404, MESSAGES.recordNotFound);
  return {
    accountNo,
    company: a.company,
    name: `${a.first_name} ${a.surname}`.trim(),
    lines: [a.address_line1, a.address_line2, a.address_city, a.address_county, a.address_postcode, a.address_country]
      .map((s) => s.trim())
      .filter(Boolean),
    telephone: a.telephone,
    email: a.email,
  };
}

/** The provider's header of an account (the top of its parent chain), read through the escape hatch. */
function providerHeader(tenancy: Tenancy, accountNo: number): Promise<PdfAddress> {
  return tenancy.crossAccount('billing', async (tx) => accountAddress(tx, await providerOf(tx, accountNo)));
}

type TermsDates = Omit<InvoiceTermsFacts, 'status' | 'paidReference' | 'totalPence'>;

/**
 * What the invoice's payment terms depend on, read in the account's transaction: its dates, and how
 * an unpaid one gets paid — the account's invoice auto-pay (the payments area's card, covering
 * invoices dated from its start, and this invoice's automatic charge if any) and its current Direct
 * Debit mandate.
 */
async function termsFacts(db: Tx, accountNo: number, id: number): Promise<TermsDates> {
  const { rows: dates } = await sql<{ invoice_date: string; due_date: string; paid_date: string | null }>`
    select to_char(invoice_date, 'YYYY-MM-DD') as invoice_date, to_char(due_date, 'YYYY-MM-DD') as due_date,
      to_char(paid_date, 'YYYY-MM-DD') as paid_date
    from invoices where id = ${id}`.execute(db);
  const d = dates[0];
  if (!d) throw new HttpError(404, MESSAGES.recordNotFound);
  const { rows: autoPay } = await sql<{ last4: string; charge_state: string | null }>`
    select p.card_last4 as last4, c.state as charge_state
    from invoice_auto_pay a
      join payments p on p.id = a.payment_id
      left join invoice_auto_charges c on c.invoice_id = ${id}
    where a.account_no = ${accountNo} and a.enabled and a.since <= ${d.invoice_date}::date`.execute(db);
  const card = autoPay[0];
  return {
    invoiceDate: d.invoice_date,
    dueDate: d.due_date,
    paidDate: d.paid_date,
    autoPay: card ? { last4: card.last4, chargeFailed: card.charge_state === 'failed' } : null,
    directDebit: await invoiceMandate(db, accountNo, id),
  };
}

/** The invoice `id` of the account as a PDF, with its number. */
export async function invoicePdfOf(tenancy: Tenancy, accountNo: number, id: number) {
  const { invoice, account, facts } = await tenancy.tenant(
    accountNo,
    async (db) => ({
      invoice: await readInvoice(db, id),
      account: await accountAddress(db, accountNo),
      facts: await termsFacts(db, accountNo, id),
    }),
    { readOnly: true },
  );
  const pdf = await invoicePdf({
    ...invoice,
    provider: await providerHeader(tenancy, accountNo),
    account,
    period: billingPeriod(invoice.period).label,
    subtotalPence: invoice.subTotalPence,
    terms: invoiceTerms({ ...invoice, ...facts }),
  });
  return { no: invoice.invoiceNo, pdf };
}

/** The provider's tariff of the account, as of today: the seats' rental and `services` (the service tariff's). */
export async function tariffPdfOf(
  tenancy: Tenancy,
  accountNo: number,
  services: readonly TariffLine[],
): Promise<Buffer> {
  return tariffPdf(await providerHeader(tenancy, accountNo), displayDate(londonToday()), services);
}

/** The provider's call tariff (its rate deck) of the account, as of today. */
export async function callTariffPdfOf(
  tenancy: Tenancy,
  accountNo: number,
  rates: readonly CallTariffPdfRate[],
): Promise<Buffer> {
  return callTariffPdf(await providerHeader(tenancy, accountNo), displayDate(londonToday()), rates);
}
