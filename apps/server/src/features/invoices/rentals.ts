/**
 * The rentals the monthly billing run charges: seats (£6 per seat per month, spec 1 §9) and
 * telephone numbers (£2 per number per month, ours), for the whole month when they existed before
 * the period's end (created before the 1st of the next month, London time) and still exist.
 */
import { NUMBER_RENTAL_PENCE, SEAT_RENTAL_PENCE } from '@switchboard/domain';
import { sql } from 'kysely';
import { registerChargeSource } from '../../modules/billing/index.ts';

const RENTALS = [
  { source: 'seats', table: 'seats', what: 'Seat rental', pence: SEAT_RENTAL_PENCE },
  {
    source: 'telephone-numbers',
    table: 'telephone_numbers',
    what: 'Telephone number rental',
    pence: NUMBER_RENTAL_PENCE,
  },
] as const;

for (const rental of RENTALS) {
  registerChargeSource(rental.source, async (tx, accountNo, p) => {
    const { n } = await tx
      .selectFrom(rental.table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_no', '=', accountNo)
      .where(sql<boolean>`created_at < (${p.next}::date::timestamp at time zone 'Europe/London')`)
      .executeTakeFirstOrThrow();
    const quantity = Number(n);
    return quantity > 0 ? [{ description: `${rental.what}, ${p.label}`, quantity, unitPricePence: rental.pence }] : [];
  });
}
