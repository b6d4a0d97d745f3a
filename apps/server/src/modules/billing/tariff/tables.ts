/** The provider's rate deck (migration 080): one row per dialling prefix, rates in hundredths of a penny. */
import type { TariffCategory } from '@switchboard/domain';
import type { Generated } from 'kysely';
import type { Timestamp } from '../../../db/schema.ts';

export interface TariffRatesTable {
  prefix: string;
  id: Generated<number>;
  category: TariffCategory;
  destination: string;
  access: number;
  on_peak: number;
  on_peak_connection: number;
  off_peak: number;
  weekend_on_peak: number;
  weekend_off_peak: number;
  minimum: number;
  /** Hundredths of a penny per SMS part (migration 097, features/sms); null: the destination takes no texts. */
  sms: number | null;
  version: Generated<number>;
  created_at: Generated<Timestamp>;
}

declare module '../../../db/schema.ts' {
  interface Database {
    tariff_rates: TariffRatesTable;
  }
}
