/** Tables of international numbers: the provider's stock and regulations, the accounts' addresses, proofs and links. */
import type { AddressType, internationalAddressFields, ProofType } from '@switchboard/domain';
import type { Generated } from 'kysely';
import type { RecordRow, Timestamp } from '../../db/schema.ts';
import type { DeclaredColumns } from '../../platform/declared-fields.ts';

/** A country's regulation requirement (provider-level). */
export interface InternationalCountriesTable {
  country: string;
  address_type: AddressType;
  proof_required: Generated<boolean>;
  proof_types: Generated<ProofType[]>;
}

/** An area of a country where numbers are stocked (provider-level). */
export interface InternationalAreasTable {
  id: Generated<number>;
  country: string;
  name: string;
  prefix: string;
  /** The USA's areas: their state (the wizard's State step, migration 094); null elsewhere. */
  state: string | null;
}

/** A number in stock (E.164), free while `allocated_at` is null (provider-level). */
export interface InternationalStockTable {
  id: Generated<number>;
  area_id: number;
  number: string;
  allocated_at: Timestamp | null;
  /** A number given back rests until then before it is sold again (migration 085). */
  quarantined_until: Timestamp | null;
}

export interface InternationalAddressesTable extends RecordRow, DeclaredColumns<typeof internationalAddressFields> {}

export interface InternationalProofsTable {
  id: Generated<number>;
  account_no: number;
  address_id: number;
  proof_type: ProofType;
  file_name: string;
  file_type: string;
  file_key: string;
  file_size: number;
  file_sha256: string;
  created_at: Timestamp;
}

export interface InternationalAddressLinksTable {
  id: Generated<number>;
  account_no: number;
  address_id: number;
  telephone_number_id: number;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    international_countries: InternationalCountriesTable;
    international_areas: InternationalAreasTable;
    international_stock: InternationalStockTable;
    international_addresses: InternationalAddressesTable;
    international_proofs: InternationalProofsTable;
    international_address_links: InternationalAddressLinksTable;
  }
}
