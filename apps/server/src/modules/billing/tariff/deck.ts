/**
 * The provider's rate deck (tariff_rates, migration 080) as the areas use it: a number's rate by
 * longest prefix and a call's price (the domain's one rating function, `priceCall`), the deck for
 * the tariff documents, a page of it for the provider admins, and their edit of a rate (versioned,
 * with its change event, in the escape hatch's `tariff` use).
 */
import {
  bandAt,
  type DeckRate,
  dialledDigits,
  MESSAGES,
  prefixesOf,
  priceCall,
  priceSms,
  RateDeckIndex,
  type SmsRate,
  smsDigits,
  TARIFF_MESSAGES,
  type TariffLookupRecord,
  type TariffRateInput,
  type TariffRateRecord,
} from '@switchboard/domain';
import { type Selectable, sql } from 'kysely';
import { HttpError } from '../../../platform/errors.ts';
import { type Actor, recordChange } from '../../../platform/outbox.ts';
import type { Tx } from '../../../platform/tenancy.ts';
import { centipence, pounds } from '../money.ts';
import type { TariffRatesTable } from './tables.ts';

type RateRow = Selectable<TariffRatesTable>;

/** A row as the domain's rate (hundredths of a penny). */
export function deckRateOf(row: RateRow): DeckRate {
  return {
    prefix: row.prefix,
    destination: row.destination,
    access: row.access,
    onPeak: row.on_peak,
    onPeakConnection: row.on_peak_connection,
    offPeak: row.off_peak,
    weekendOnPeak: row.weekend_on_peak,
    weekendOffPeak: row.weekend_off_peak,
    minimum: row.minimum,
  };
}

/** A row as the API's record: rates as pence with two decimals ('1.25'). */
export function tariffRateRecordOf(row: RateRow): TariffRateRecord {
  return {
    id: row.id,
    version: row.version,
    prefix: row.prefix,
    category: row.category,
    destination: row.destination,
    access: pounds(row.access),
    onPeak: pounds(row.on_peak),
    onPeakConnection: pounds(row.on_peak_connection),
    offPeak: pounds(row.off_peak),
    weekendOnPeak: pounds(row.weekend_on_peak),
    weekendOffPeak: pounds(row.weekend_off_peak),
    minimum: pounds(row.minimum),
    sms: row.sms === null ? '' : pounds(row.sms),
  };
}

/** The deck's rows for a number's prefixes: at most 15 look-ups of the primary key. */
async function candidates(db: Tx, digits: string): Promise<RateRow[]> {
  return db.selectFrom('tariff_rates').selectAll().where('prefix', 'in', prefixesOf(digits)).execute();
}

/** The deck as far as `number` needs it (its prefixes' rows), for the domain's `priceCall`. */
export async function deckFor(db: Tx, number: string): Promise<RateDeckIndex> {
  const digits = dialledDigits(number);
  return new RateDeckIndex(digits === null ? [] : (await candidates(db, digits)).map(deckRateOf));
}

/**
 * The deck as far as a batch of numbers needs it (every prefix of each, read in one query), for
 * pricing many calls at once with the domain's `priceCall` (the switch's call records).
 */
export async function deckForNumbers(db: Tx, numbers: Iterable<string>): Promise<RateDeckIndex> {
  const prefixes = new Set<string>();
  for (const number of numbers) {
    const digits = dialledDigits(number);
    if (digits !== null) for (const prefix of prefixesOf(digits)) prefixes.add(prefix);
  }
  if (prefixes.size === 0) return new RateDeckIndex([]);
  const rows = await db
    .selectFrom('tariff_rates')
    .selectAll()
    .where('prefix', '=', sql<string>`any(${[...prefixes]}::text[])`)
    .execute();
  return new RateDeckIndex(rows.map(deckRateOf));
}

/** What a call to `number` starting at `start` for `seconds` costs, in whole pence (null: no rate). */
export async function callCost(db: Tx, call: { number: string; start: Date; seconds: number }) {
  return priceCall(await deckFor(db, call.number), call);
}

/**
 * Texts to `destinations` priced by the domain's `priceSms` (issue 28): each destination's rate by its
 * longest prefix, read in one statement (every destination's ≤ 15 prefixes); null for one the deck
 * has no SMS rate for.
 */
export async function smsCosts(
  db: Tx,
  destinations: readonly string[],
  message: string,
): Promise<Array<{ to: string; costPence: number; parts: number } | null>> {
  const prefixes = [...new Set(destinations.flatMap((to) => prefixesOf(smsDigits(to) ?? '')))];
  const rows =
    prefixes.length === 0
      ? []
      : await db
          .selectFrom('tariff_rates')
          .select(['prefix', 'destination', 'sms'])
          .where('prefix', 'in', prefixes)
          .execute();
  const deck = new RateDeckIndex<SmsRate>(rows);
  return destinations.map((to) => {
    const priced = priceSms(deck, { to, message });
    return priced && { to, costPence: priced.costPence, parts: priced.parts };
  });
}

/** The example a look-up shows: a three-minute call starting now. */
const EXAMPLE_SECONDS = 180;

/** GET /billing/callcost/{number}: the rate of the number's longest prefix, and a call priced now. */
export async function lookUpCallCost(db: Tx, number: string, now = new Date()): Promise<TariffLookupRecord> {
  const digits = dialledDigits(number);
  const rows = digits === null ? [] : await candidates(db, digits);
  const deck = new RateDeckIndex(rows.map(deckRateOf));
  const priced = priceCall(deck, { number, start: now, seconds: EXAMPLE_SECONDS });
  const row = priced && rows.find((r) => r.prefix === priced.rate.prefix);
  if (!priced || !row) throw new HttpError(404, TARIFF_MESSAGES.noRate);
  const { id: _id, version: _version, sms: _sms, ...record } = tariffRateRecordOf(row);
  return {
    ...record,
    example: { start: now.toISOString(), seconds: EXAMPLE_SECONDS, band: bandAt(now), costPence: priced.costPence },
  };
}

/** Every rate of the deck, UK first, then by prefix (the tariff documents). */
export async function readDeck(db: Tx): Promise<TariffRateRecord[]> {
  const rows = await db
    .selectFrom('tariff_rates')
    .selectAll()
    .orderBy((eb) => eb.case().when('category', '=', 'international').then(1).else(0).end())
    .orderBy('prefix')
    .execute();
  return rows.map(tariffRateRecordOf);
}

/** A page of the deck, searched in the destination or the prefix. */
export async function rateListPage(db: Tx, q: { search?: string | undefined; offset: number; limit: number }) {
  let query = db.selectFrom('tariff_rates');
  const term = q.search?.trim();
  if (term) {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // A term of digits is a prefix too ('4455' finds UK Corporate); words only the destination.
    query = /^\d{1,15}$/.test(term)
      ? query.where((eb) => eb.or([eb('destination', 'ilike', like), eb('prefix', 'like', `${term}%`)]))
      : query.where('destination', 'ilike', like);
  }
  const rows = await query.selectAll().orderBy('prefix').offset(q.offset).limit(q.limit).execute();
  const count = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const totalRecords = Number(count.n);
  return { records: rows.map(tariffRateRecordOf), totalRecords, lastPage: q.offset + rows.length >= totalRecords };
}

/**
 * A provider admin's edit of a rate (in the escape hatch's transaction): refused 409 when based on
 * an older version (`version` sent, or If-Match), recorded as a change event of the `tariff` area.
 */
export async function updateRate(
  tx: Tx,
  id: number,
  input: TariffRateInput & { ifMatch?: string | undefined },
  by: { actor: Actor; ip: string | null },
): Promise<TariffRateRecord> {
  const before = await tx.selectFrom('tariff_rates').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!before) throw new HttpError(404, MESSAGES.recordNotFound);
  const wanted = input.ifMatch?.replace(/^W\//, '').replaceAll('"', '').trim();
  const stale =
    (input.version !== undefined && input.version !== before.version) ||
    (wanted !== undefined && wanted !== '*' && wanted !== String(before.version));
  if (stale) throw new HttpError(409, MESSAGES.staleVersion);
  const after = await tx
    .updateTable('tariff_rates')
    .set({
      destination: input.destination,
      access: centipence(input.access),
      on_peak: centipence(input.onPeak),
      on_peak_connection: centipence(input.onPeakConnection),
      off_peak: centipence(input.offPeak),
      weekend_on_peak: centipence(input.weekendOnPeak),
      weekend_off_peak: centipence(input.weekendOffPeak),
      minimum: centipence(input.minimum),
      ...(input.sms === undefined ? {} : { sms: input.sms === '' ? null : centipence(input.sms) }),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const record = tariffRateRecordOf(after);
  await recordChange(tx, by.actor, by.ip, {
    area: 'tariff',
    recordId: id,
    kind: 'update',
    label: `${record.destination} (${record.prefix})`,
    before: tariffRateRecordOf(before),
    after: record,
  });
  return record;
}
