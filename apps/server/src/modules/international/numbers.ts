/**
 * The account's international numbers: its allocated numbers (telephone_numbers) held in E.164 form
 * with a country code other than the UK's ('+33199000012'), as the international order allocates
 * them from the stock. Their country is the stock's area's, else libphonenumber's reading.
 */
import type { InternationalNumber } from '@switchboard/domain';
import { countryName, countryOfNumber } from '@switchboard/domain/phone';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Tx } from '../../platform/tenancy.ts';

/** The condition that a telephone number is international (E.164, not +44). */
export function isInternationalNumber(eb: ExpressionBuilder<Database, 'telephone_numbers'>) {
  return eb.and([eb('telephone_numbers.number', 'like', '+%'), eb('telephone_numbers.number', 'not like', '+44%')]);
}

/** A page of the account's international numbers (offset and limit -1: all), by number. */
export async function internationalNumbers(
  tx: Tx,
  offset: number,
  limit: number,
): Promise<{ records: InternationalNumber[]; totalRecords: number; lastPage: boolean }> {
  const base = tx.selectFrom('telephone_numbers').where(isInternationalNumber);
  const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  let page = base
    .leftJoin('international_stock', 'international_stock.number', 'telephone_numbers.number')
    .leftJoin('international_areas', 'international_areas.id', 'international_stock.area_id')
    .select([
      'telephone_numbers.id',
      'telephone_numbers.number',
      'international_areas.country',
      sql<number[]>`coalesce((select array_agg(l.address_id order by l.address_id) from international_address_links l
        where l.telephone_number_id = telephone_numbers.id), '{}')`.as('addressIds'),
    ])
    .orderBy('telephone_numbers.number');
  if (offset !== -1) page = page.offset(offset).limit(limit);
  const rows = await page.execute();
  const records = rows.map((r) => {
    const country = r.country ?? countryOfNumber(r.number) ?? null;
    return {
      id: r.id,
      number: r.number,
      country,
      countryName: country && countryName(country),
      addressIds: r.addressIds,
    };
  });
  return { records, totalRecords: total, lastPage: offset === -1 || offset + limit >= total };
}

/** One of the account's international numbers by id (row-level security: only its own), or undefined. */
export async function internationalNumber(tx: Tx, id: number) {
  return tx
    .selectFrom('telephone_numbers')
    .select(['id', 'number'])
    .where('id', '=', id)
    .where(isInternationalNumber)
    .executeTakeFirst();
}
