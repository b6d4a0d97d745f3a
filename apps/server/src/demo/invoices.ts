/**
 * Demo invoices: account 30000 (Acme Plumbing, retail) gets a year of monthly invoices — the 12
 * months ending last month — made by the real billing run over a demo history (eight seats and the
 * numbers held from the start, four seats added during the year). The latest is Unpaid (due at the
 * end of this month), the one before Overdue, one in the middle Void (its charge credited back),
 * the rest Paid by card: the ledger holds every charge, payment and credit, so the balance is
 * minus the two open invoices. Run once, after the demo seed.
 */

import { sql } from 'kysely';
import {
  addDays,
  billingPeriod,
  hasInvoice,
  issueInvoice,
  lastCompletePeriod,
  markInvoicePaid,
  periodsUpTo,
  recordBilled,
  voidInvoice,
} from '../modules/billing/index.ts';
import type { Tenancy } from '../platform/tenancy.ts';

const ACME = 30000;

export async function seedDemoInvoices(tenancy: Tenancy, now = new Date()): Promise<void> {
  const periods = periodsUpTo(lastCompletePeriod(now), 12);
  const first = billingPeriod(periods[0] as string);
  await tenancy.crossAccount('seed', async (tx) => {
    if (await hasInvoice(tx, ACME)) return;
    // The history: held since before the first month, but the last four seats were added during the year.
    const longAgo = new Date(`${addDays(first.start, -30)}T12:00:00Z`);
    await sql`update telephone_numbers set created_at = ${longAgo} where account_no = ${ACME}`.execute(tx);
    const seats = await tx
      .selectFrom('seats')
      .select('id')
      .where('account_no', '=', ACME)
      .orderBy('extension')
      .execute();
    for (const [i, seat] of seats.entries()) {
      const added = i - 8; // the ninth seat onwards: added in months 3, 5, 7, 9 of the year
      const created =
        added < 0 || added > 3
          ? longAgo
          : new Date(`${addDays(billingPeriod(periods[3 + added * 2] as string).start, 9)}T12:00:00Z`);
      await sql`update seats set created_at = ${created} where id = ${seat.id}`.execute(tx);
    }

    for (const [i, p] of periods.entries()) {
      const period = billingPeriod(p);
      const outcome = await issueInvoice(tx, ACME, period);
      if (outcome.kind !== 'issued') continue;
      if (i === periods.length - 1 || i === periods.length - 2) continue; // Unpaid, and Overdue
      if (i === 6) {
        await voidInvoice(tx, outcome.invoiceId, {
          reason: 'Issued in error: seat rental duplicated, credited in full',
          by: null,
        });
        continue;
      }
      const [y, m, d] = period.next.split('-').map(Number) as [number, number, number];
      await markInvoicePaid(tx, outcome.invoiceId, {
        reference: `pi_demo_acme_${p.replace('-', '')}`,
        amountPence: outcome.totalPence,
        now: new Date(Date.UTC(y, m - 1, d + 9, 12)),
      });
    }
    // The schedule's memory: these months are billed.
    await recordBilled(tx, periods);
    // Old news: only the latest invoice's notification is unread.
    const latest = await tx
      .selectFrom('notifications')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('account_no', '=', ACME)
      .where('kind', '=', 'invoice-issued')
      .executeTakeFirst();
    await tx
      .updateTable('notifications')
      .set({ read_at: new Date() })
      .where('account_no', '=', ACME)
      .where('kind', '=', 'invoice-issued')
      .where('id', '<', Number(latest?.id ?? 0))
      .execute();
  });
}
