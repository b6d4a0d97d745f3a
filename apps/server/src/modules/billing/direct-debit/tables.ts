/** Direct Debit mandates (migration 032) and their collections (migration 039). */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../../db/schema.ts';
import type { CollectionState } from '../../../providers/direct-debit/direct-debit.ts';

export interface DirectDebitsTable {
  id: Generated<number>;
  account_no: number;
  holder_first_name: string;
  holder_last_name: string;
  account_holder: string;
  bank_name: string;
  sort_code: string;
  account_ending: string;
  company: string;
  telephone: string;
  address: string;
  postcode: string;
  email: string;
  setup_at: Timestamp;
  superseded_at: Timestamp | null;
  created_by: number | null;
  /** The bureau holding the mandate (migration 039): 'sandbox' | 'gocardless'. */
  provider: Generated<string>;
  /** The bureau's mandate id (null: stored without the wizard, e.g. a fixture; never collected). */
  provider_mandate_id: string | null;
  /** 'active', or what the bureau reported ('cancelled', 'failed', 'expired', ...). */
  provider_status: Generated<string>;
  provider_reason: Generated<string>;
}

export type LocalCollectionState = 'pending' | 'submitting' | CollectionState;

export interface DirectDebitCollectionsTable {
  id: Generated<number>;
  account_no: number;
  invoice_id: number;
  mandate_id: number;
  provider: string;
  provider_id: string | null;
  amount_pence: number;
  charge_date: ColumnType<unknown, string, string>;
  state: LocalCollectionState;
  failure: string;
  paid: boolean;
  idempotency_key: string;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

declare module '../../../db/schema.ts' {
  interface Database {
    direct_debits: DirectDebitsTable;
    direct_debit_collections: DirectDebitCollectionsTable;
  }
}
