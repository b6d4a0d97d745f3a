/** What the international routes share: the guard of spec 3 §6 and the address's field map and read. */
import { type Action, type InternationalAddress, internationalAddressFields } from '@switchboard/domain';
import { declaredFields } from '../../platform/declared-fields.ts';
import { notFound } from '../../platform/errors.ts';
import { field, fieldMap, versionedFields } from '../../platform/fields.ts';
import { pagedList } from '../../platform/list.ts';
import type { Guard } from '../../platform/routes.ts';
import type { Tx } from '../../platform/tenancy.ts';

/**
 * Spec 3 §6: a wholesale account or a provider admin, with the numbers permission for the action —
 * the domain's `canUseInternational`, stated as rules (the OpenAPI document's x-guard, the sweeps).
 */
export const international = (action: Action): Guard => ({
  anyOf: [
    { resource: 'wholesale', action: 'read' },
    { resource: 'VHAdmin', action: 'read' },
  ],
  allOf: [{ resource: 'numbers', action }],
});

export const addressFields = fieldMap<InternationalAddress>('international_addresses', {
  ...versionedFields,
  ...declaredFields(internationalAddressFields),
  proofCount: field.computed(
    '(select count(*)::int from international_proofs p where p.address_id = international_addresses.id)',
    'number',
    { sortable: true },
  ),
  linkCount: field.computed(
    '(select count(*)::int from international_address_links l where l.address_id = international_addresses.id)',
    'number',
    { sortable: true },
  ),
});

/** The lists' field maps (their sortable and filterable columns are indexed). */
export const internationalLists = [addressFields];

export const addressLabel = (a: { firstname: string; lastname: string; postcode: string }) =>
  `${a.firstname} ${a.lastname}, ${a.postcode}`;

/** The account's address, or 404 (row-level security: another account's is none). */
export async function readAddress(db: Tx, id: number): Promise<InternationalAddress> {
  const { records } = await pagedList(
    db.selectFrom('international_addresses').where('international_addresses.id', '=', id),
    addressFields,
    'international_addresses.id',
    { field: 'id', direction: 'asc' },
    { offset: -1, limit: -1 },
  );
  const [address] = records;
  if (!address) throw notFound();
  return address;
}
