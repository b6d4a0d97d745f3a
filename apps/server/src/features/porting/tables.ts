/** Porting-away requests (migration 087). */
import type { AotResponse, AotStatus } from '@switchboard/domain';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';

export interface PortingRequestsTable {
  id: Generated<number>;
  account_no: number;
  telephone_number_id: number;
  number: string;
  /** A `date`: written 'YYYY-MM-DD', read through to_char. */
  date_porting: ColumnType<unknown, string, string>;
  status: Generated<AotStatus>;
  aot_response: AotResponse | null;
  aot_date_response: Timestamp | null;
  date_rejected: Timestamp | null;
  date_cancelled: Timestamp | null;
  reason: string | null;
  responder_name: string | null;
  company_name: string | null;
  reseller_export: Generated<boolean>;
  /** sha-256 (hex) of the link's key: the key itself is never stored. */
  key_hash: string;
  expires_at: Timestamp;
  raised_by: number | null;
  version: Generated<number>;
  created_at: Generated<Timestamp>;
}

declare module '../../db/schema.ts' {
  interface Database {
    porting_requests: PortingRequestsTable;
  }
}
