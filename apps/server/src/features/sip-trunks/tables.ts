/** Tables of SIP trunks and their registrations. */
import type { CallRestrictions, CallTimes, sipTrunkFields } from '@switchboard/domain';
import type { ColumnType, Generated } from 'kysely';
import type { RecordRow, Timestamp } from '../../db/schema.ts';
import type { DeclaredColumns } from '../../platform/declared-fields.ts';

/**
 * A trunk's columns: its record row, its declared fields (domain sipTrunkFields), and what the
 * declaration does not give: its name and secret, the restrictions (one json column), the call times.
 */
export interface SipTrunksTable extends RecordRow, Omit<DeclaredColumns<typeof sipTrunkFields>, 'permit'> {
  name: string;
  secret: string;
  /** A default in the table ('[]'), though the input's default is before its transform. */
  permit: ColumnType<string[], string | undefined, string>;
  restrictions: ColumnType<CallRestrictions, string, string>;
  weekday_times: ColumnType<CallTimes, string | undefined, string>;
  weekend_times: ColumnType<CallTimes, string | undefined, string>;
}

export interface TrunkRegistrationsTable {
  account_no: number;
  trunk_id: number;
  user_agent: Generated<string>;
  ipaddr: string;
  port: number;
  expires_at: Timestamp;
}

/** The area's tables, merged into the one Database type (db/schema.ts). */
declare module '../../db/schema.ts' {
  interface Database {
    sip_trunks: SipTrunksTable;
    trunk_registrations: TrunkRegistrationsTable;
  }
}
