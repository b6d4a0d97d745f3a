/**
 * Invoice notes (migration 086): a line an area asks to be printed on an account's next invoice
 * (the porting area: a retail account accepted the port of a number away). `addInvoiceNote` writes
 * it in the caller's transaction (the caller records its change event); the billing run's
 * `issueInvoice` takes every waiting note of the account in the invoice's own transaction
 * (`attachInvoiceNotes`), so a note is printed exactly once, on the first invoice issued after it.
 * An account with no charges in a month gets no invoice: its notes wait for the next one.
 */
import type { Tx } from '../../../platform/tenancy.ts';
import './tables.ts';

/** Notes are at most this long (the column's limit). */
export const INVOICE_NOTE_MAX = 500;

/** Queues `note` for the account's next invoice. */
export async function addInvoiceNote(tx: Tx, accountNo: number, note: string): Promise<void> {
  await tx
    .insertInto('invoice_notes')
    .values({ account_no: accountNo, note: note.slice(0, INVOICE_NOTE_MAX), invoice_id: null })
    .execute();
}

/** The account's waiting notes, given to the invoice being issued; answers them in order. */
export async function attachInvoiceNotes(tx: Tx, accountNo: number, invoiceId: number): Promise<string[]> {
  const rows = await tx
    .updateTable('invoice_notes')
    .set({ invoice_id: invoiceId })
    .where('account_no', '=', accountNo)
    .where('invoice_id', 'is', null)
    .returning(['id', 'note'])
    .execute();
  return rows.sort((a, b) => a.id - b.id).map((r) => r.note);
}

/** The notes printed on invoice `id`, in the order they were written. */
export async function notesOfInvoice(db: Tx, id: number): Promise<string[]> {
  const rows = await db.selectFrom('invoice_notes').select('note').where('invoice_id', '=', id).orderBy('id').execute();
  return rows.map((r) => r.note);
}
