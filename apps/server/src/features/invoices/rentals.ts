/**
 * The rentals the monthly billing run charges: seats (£6 per seat per month, spec 1 §9) for the whole
 * month when they existed before the period's end (created before the 1st of the next month, London
 * time) and still exist; telephone numbers at their type's monthly price from the service tariff,
 * and a postpay account's setup charges of the numbers it bought in the period (the numbering
 * module's lines).
 */
import { SEAT_RENTAL_PENCE } from '@switchboard/domain';
import { sql } from 'kysely';
import { registerChargeSource } from '../../modules/billing/index.ts';
import { numberRentalLines, numberSetupLines } from '../../modules/numbering/index.ts';

registerChargeSource('seats', async (tx, accountNo, p) => {
  const { n } = await tx
    .selectFrom('seats')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_no', '=', accountNo)
    .where(sql<boolean>`created_at < (${p.next}::date::timestamp at time zone 'Europe/London')`)
    .executeTakeFirstOrThrow();
  const quantity = Number(n);
  return quantity > 0 ? [{ description: `Seat rental, ${p.label}`, quantity, unitPricePence: SEAT_RENTAL_PENCE }] : [];
});
registerChargeSource('telephone-numbers', numberRentalLines);
registerChargeSource('number-setup', numberSetupLines);
