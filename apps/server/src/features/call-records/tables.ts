/** The call records' table (migration 102: partitioned by month of started_at). */
import type { CallDirection } from '@switchboard/domain';
import type { Generated } from 'kysely';

export interface CallRecordsTable {
  id: Generated<string>;
  account_no: number;
  call_id: string;
  started_at: Date | string;
  source: string;
  destination: string;
  direction: CallDirection;
  inbound_number: Generated<string>;
  seconds: number;
  answered: boolean;
  tps_status: Generated<string>;
  rejected_reason: Generated<string>;
  restricted_reason: Generated<string>;
  cost_pence: Generated<number>;
  rate_name: Generated<string>;
  received_at: Generated<Date>;
}

/** The area's tables, merged into the one Database type (db/schema.ts). */
declare module '../../db/schema.ts' {
  interface Database {
    call_records: CallRecordsTable;
  }
}
