/** Table of NTS destinations. */
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';

export interface NtsDestinationsTable {
  id: Generated<number>;
  version: Generated<number>;
  account_no: number;
  name: string;
  destination: string;
  answer_prompt_id: number | null;
  allow_uk_geo: Generated<boolean>;
  allow_uk_mobile: Generated<boolean>;
  allow_uk_118: Generated<boolean>;
  allow_uk_other: Generated<boolean>;
  allow_uk_premium_09: Generated<boolean>;
  allow_uk_premium_070: Generated<boolean>;
  allow_international: Generated<boolean>;
  allow_international_high_risk: Generated<boolean>;
  ext_refuse: Generated<boolean>;
  channel_limit: Generated<number>;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    nts_destinations: NtsDestinationsTable;
  }
}
