/** The number stock's tables (migration 077, features/buy-numbers). */
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';

export type StockStatus = 'available' | 'allocated' | 'quarantined';

export interface NumberRangesTable {
  id: Generated<number>;
  number_type: string;
  country: string | null;
  name: string;
  prefix: string;
  first_number: string;
  last_number: string;
  vanity: Generated<boolean>;
  source: Generated<string>;
  created_at: Timestamp;
}

export interface NumberStockTable {
  number: string;
  range_id: number;
  vanity_class: number | null;
  status: Generated<StockStatus>;
  account_no: number | null;
  released_at: Timestamp | null;
}

export interface ServiceTariffTable {
  item: string;
  description: string;
  monthly_pence: number;
  setup_pence: number;
  version: Generated<number>;
}

export interface NumberAllocationsTable {
  id: Generated<number>;
  account_no: number;
  number: string;
  number_type: string;
  tariff_item: string;
  setup_pence: number;
  on_ledger: boolean;
  allocated_at: Timestamp;
  released_at: Timestamp | null;
}

declare module '../../db/schema.ts' {
  interface Database {
    number_ranges: NumberRangesTable;
    number_stock: NumberStockTable;
    service_tariff: ServiceTariffTable;
    number_allocations: NumberAllocationsTable;
  }
  interface AccountsTable {
    not_for_profit: Generated<boolean>;
  }
}
