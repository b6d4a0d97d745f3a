/**
 * A provider admin's new international stock: the country's regulation requirement (set or
 * changed), the area (made when new), and a run of numbers added to it — those already in stock
 * left as they are.
 */
import type { InternationalStockBody } from '@switchboard/domain';
import { sql } from 'kysely';
import type { Tx } from '../../platform/tenancy.ts';

export type NewInternationalStock = Required<Omit<InternationalStockBody, 'state'>> & { state: string };

/**
 * A stock number (`alias` the stock table's name in the query) that may be sold: not held, and out
 * of its quarantine. The order takes only these, and an area's stock counts only these.
 */
export const freeStock = (alias: string) =>
  sql.raw<boolean>(
    `(${alias}.allocated_at is null and (${alias}.quarantined_until is null or ${alias}.quarantined_until <= now()))`,
  );

/** Adds the stock; answers how many numbers were new. */
export async function addInternationalStock(tx: Tx, stock: NewInternationalStock): Promise<number> {
  await tx
    .insertInto('international_countries')
    .values({
      country: stock.country,
      address_type: stock.addressType,
      proof_required: stock.proofRequired,
      proof_types: stock.proofTypes,
    })
    .onConflict((c) =>
      c.column('country').doUpdateSet({
        address_type: stock.addressType,
        proof_required: stock.proofRequired,
        proof_types: stock.proofTypes,
      }),
    )
    .execute();
  const area = await tx
    .insertInto('international_areas')
    .values({ country: stock.country, name: stock.area, prefix: '', state: stock.state || null })
    .onConflict((c) => c.columns(['country', 'name']).doUpdateSet({ state: stock.state || null }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const digits = stock.first.slice(1);
  const added = await sql<{ n: number }>`
    with added as (
      insert into international_stock (area_id, number)
      select ${area.id}, '+' || (${digits}::bigint + n)::text from generate_series(0, ${stock.count - 1}) as n
      on conflict (number) do nothing
      returning 1
    ) select count(*)::int as n from added`.execute(tx);
  return added.rows[0]?.n ?? 0;
}
