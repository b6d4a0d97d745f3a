/**
 * International regulations (spec 3 §7, §8): each country's requirement, its areas' stock (at most
 * 100 shown per area, §9), and whether an address of the account meets the requirement — the check
 * the international order makes per item ('Address Error' / 'Proof Error').
 */
import {
  type CountryRestrictions,
  INTERNATIONAL_MESSAGES,
  INTERNATIONAL_STOCK_CAP,
  type RegulationRequirement,
} from '@switchboard/domain';
import { callingCodeOf, countryName } from '@switchboard/domain/phone';
import { sql } from 'kysely';
import { HttpError } from '../../platform/errors.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { freeStock } from './stock.ts';

/** What an international number of `country` needs: ok, or the purchase's per-item error (spec 3 §8). */
export type ComplianceOutcome =
  | 'ok'
  | typeof INTERNATIONAL_MESSAGES.addressError
  | typeof INTERNATIONAL_MESSAGES.proofError;

/** A country's requirement, or 404 with 'This country has no international numbers'. */
export async function requirementOf(tx: Tx, country: string): Promise<RegulationRequirement> {
  const row = await tx
    .selectFrom('international_countries')
    .select(['address_type', 'proof_required', 'proof_types'])
    .where('country', '=', country)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, INTERNATIONAL_MESSAGES.unknownCountry);
  return { addressType: row.address_type, proofRequired: row.proof_required, proofTypes: row.proof_types };
}

/** An area's free numbers, counted no further than the cap (a walk of at most 100 entries of the free index). */
const cappedStock = sql<number>`(select count(*)::int from (select 1 from international_stock s
  where s.area_id = international_areas.id and ${freeStock('s')} limit ${INTERNATIONAL_STOCK_CAP}) free)`;

/** A country's areas with their stock (capped), paged (offset and limit -1: all). */
export async function areasOf(tx: Tx, country: string, offset: number, limit: number) {
  const all = await tx
    .selectFrom('international_areas')
    .select(['id', 'name', 'prefix', 'state', cappedStock.as('stock')])
    .where('country', '=', country)
    .orderBy('name')
    .orderBy('id')
    .execute();
  // The spec asks with -1/1: an offset of -1 is every area, whatever the limit.
  const from = Math.max(offset, 0);
  const to = offset === -1 || limit === -1 ? all.length : from + limit;
  return { records: all.slice(from, to), totalRecords: all.length, lastPage: to >= all.length };
}

/** The restrictions of every country with stock areas (the International Restrictions tab), by name. */
export async function restrictionsOfAll(tx: Tx): Promise<CountryRestrictions[]> {
  const rows = await tx.selectFrom('international_countries').select('country').execute();
  const all = await Promise.all(rows.map((r) => restrictionsOf(tx, r.country)));
  return all.sort((a, b) => a.name.localeCompare(b.name));
}

/** A country's restrictions: its names, calling code, requirement and stock (capped per area). */
export async function restrictionsOf(tx: Tx, country: string): Promise<CountryRestrictions> {
  const regulationRequirement = await requirementOf(tx, country);
  const { records } = await areasOf(tx, country, -1, -1);
  return {
    country,
    name: countryName(country),
    callingCode: callingCodeOf(country) ?? '',
    regulationRequirement,
    stock: records.reduce((sum, a) => sum + a.stock, 0),
  };
}

interface AddressFacts {
  country: string;
  county: string;
  address_line1: string;
  address_line2: string;
}

/** Whether the address is where the requirement wants it (worldwide: anywhere; national: the country; local: the area too). */
function addressMeets(
  address: AddressFacts,
  requirement: RegulationRequirement,
  country: string,
  areaName: string | undefined,
): boolean {
  if (requirement.addressType === 'worldwide' || requirement.addressType === 'none') return true;
  const named = address.country.trim().toLowerCase();
  if (named !== countryName(country).toLowerCase() && named !== country.toLowerCase()) return false;
  if (requirement.addressType === 'national' || areaName === undefined) return true;
  const place = areaName.toLowerCase();
  return [address.address_line1, address.address_line2, address.county].some((t) => t.toLowerCase().includes(place));
}

/**
 * Whether an international number of `country` (in the area `areaId`, for a local requirement) may
 * be held with the address `addressId` of the caller's account (row-level security: another
 * account's address is no address): 'ok', 'Address Error' (no address, or not where the country
 * requires) or 'Proof Error' (no proof of a type the country accepts). Spec 3 §8.
 */
export async function internationalCompliance(
  tx: Tx,
  request: { country: string; addressId: number | null; areaId?: number },
): Promise<ComplianceOutcome> {
  const requirement = await requirementOf(tx, request.country);
  if (requirement.addressType === 'none' && !requirement.proofRequired) return 'ok';
  const address =
    request.addressId === null
      ? undefined
      : await tx
          .selectFrom('international_addresses')
          .select(['id', 'country', 'county', 'address_line1', 'address_line2'])
          .where('id', '=', request.addressId)
          .executeTakeFirst();
  if (!address) return INTERNATIONAL_MESSAGES.addressError;
  const area =
    request.areaId === undefined
      ? undefined
      : await tx
          .selectFrom('international_areas')
          .select('name')
          .where('id', '=', request.areaId)
          .where('country', '=', request.country)
          .executeTakeFirst();
  if (!addressMeets(address, requirement, request.country, area?.name)) return INTERNATIONAL_MESSAGES.addressError;
  if (!requirement.proofRequired) return 'ok';
  const proof = await tx
    .selectFrom('international_proofs')
    .select('id')
    .where('address_id', '=', address.id)
    .where('proof_type', 'in', requirement.proofTypes)
    .limit(1)
    .executeTakeFirst();
  return proof ? 'ok' : INTERNATIONAL_MESSAGES.proofError;
}
