/**
 * An account's Direct Debit mandate: the current one (none superseded it), as the panel shows it,
 * storing a new one (superseding the current, a prepay account made postpay), and what an
 * invoice's payment terms say of it. The bureau's side (creating and cancelling the mandate there)
 * is the direct debit area's.
 */
import { type DirectDebitRecord, type DirectDebitSubmit, mandateStatus } from '@switchboard/domain';
import { sql } from 'kysely';
import type { Ctx } from '../../../platform/routes.ts';
import type { Tx } from '../../../platform/tenancy.ts';
import { displayDate, londonToday } from '../billing-periods.ts';
import './tables.ts';

/** The account's current mandate (none superseded it). */
export function currentMandate(db: Tx) {
  return db.selectFrom('direct_debits').selectAll().where('superseded_at', 'is', null).executeTakeFirst();
}

export type Mandate = NonNullable<Awaited<ReturnType<typeof currentMandate>>>;

/** The mandate as the panel shows it (spec 1 §3). */
export function mandateRecord(r: Mandate, now = new Date()): DirectDebitRecord {
  const setup = new Date(r.setup_at);
  return {
    status: mandateStatus(setup, now),
    holder_firstname: r.holder_first_name,
    holder_lastname: r.holder_last_name,
    bank_name: r.bank_name,
    account_ending: r.account_ending,
    setup: displayDate(londonToday(setup)),
    customer_firstname: r.holder_first_name,
    customer_lastname: r.holder_last_name,
    company_name: r.company,
    address: r.address,
    email: r.email,
  };
}

/**
 * Stores the mandate of `body` the bureau made (superseding `replaces`) and makes a prepay account
 * postpay, with its change event.
 */
export async function storeMandate(
  { db, auth, emit }: Ctx,
  body: DirectDebitSubmit & { sortCode: string; accountNumber: string },
  replaces: Mandate | undefined,
  made: { bank: string; provider: string; mandateId: string },
): Promise<void> {
  if (replaces) {
    await db.updateTable('direct_debits').set({ superseded_at: new Date() }).where('id', '=', replaces.id).execute();
  }
  const ending = body.accountNumber.slice(-4);
  const row = await db
    .insertInto('direct_debits')
    .values({
      account_no: auth.accountNo,
      holder_first_name: body.firstName,
      holder_last_name: body.surname,
      account_holder: body.accountHolder,
      bank_name: made.bank,
      sort_code: body.sortCode,
      account_ending: ending,
      company: body.company,
      telephone: body.telephone,
      address: [body.line1, body.line2, body.city, body.county, body.postCode].filter(Boolean).join(', '),
      postcode: body.postCode,
      email: body.email ?? '',
      created_by: auth.userId,
      provider: made.provider,
      provider_mandate_id: made.mandateId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('accounts')
    .set({ account_type: 'postpay' })
    .where('account_no', '=', auth.accountNo)
    .where('account_type', '=', 'prepay')
    .execute();
  await emit({
    area: 'direct-debit',
    recordId: row.id,
    kind: replaces ? 'update' : 'create',
    before: replaces ? { replaced: replaces.id } : null,
    after: { bank: made.bank, accountEnding: ending, accountType: 'postpay' },
    label: `${made.bank} ****${ending}`,
  });
}

/**
 * The account's current mandate as an invoice's payment terms see it: whether the bureau still
 * collects on it, and whether the invoice's latest collection failed (or was charged back).
 */
export async function invoiceMandate(db: Tx, accountNo: number, invoiceId: number) {
  const { rows } = await sql<{ bank: string; ending: string; status: string; collection: string | null }>`
    select d.bank_name as bank, d.account_ending as ending, d.provider_status as status,
      (select c.state from direct_debit_collections c where c.invoice_id = ${invoiceId}
        order by c.id desc limit 1) as collection
    from direct_debits d
    where d.account_no = ${accountNo} and d.superseded_at is null
    order by d.id desc limit 1`.execute(db);
  const d = rows[0];
  return d
    ? {
        bank: d.bank,
        accountEnding: d.ending,
        mandateActive: d.status === 'active',
        collectionFailed: d.collection === 'failed' || d.collection === 'charged_back',
      }
    : null;
}
