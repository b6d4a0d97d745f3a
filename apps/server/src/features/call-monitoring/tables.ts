/** The table of call monitoring: which seat listens in on which. */
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';

export interface CallMonitorsTable {
  id: Generated<number>;
  version: Generated<number>;
  account_no: number;
  source_seat_id: number;
  destination_seat_id: number;
  password: string;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    call_monitors: CallMonitorsTable;
  }
}
