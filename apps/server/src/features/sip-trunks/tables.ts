/** Tables of SIP trunks and their registrations. */
import type { CallRestrictions, CallTimes, SipTrunk, SipTrunkValues } from '@switchboard/domain';
import type { ColumnType, Generated } from 'kysely';
import type { RecordRow, Timestamp } from '../../db/schema.ts';
import type { DefaultedColumns, SameNamedColumns } from '../../platform/same-named-columns.ts';

/** The nickname and emergency location are required; the other stored fields have defaults. */
export interface SipTrunksTable
  extends RecordRow,
    SameNamedColumns<Pick<SipTrunk, 'name' | 'nickname' | 'emergencyServicesCid'>>,
    DefaultedColumns<Omit<SipTrunkValues, 'nickname' | 'emergencyServicesCid' | 'trunkIPAuth' | StoredAsJson>> {
  secret: string;
  trunk_ip_auth: Generated<boolean>;
  permit: ColumnType<string[], string | undefined, string>;
  restrictions: ColumnType<CallRestrictions, string, string>;
  weekday_times: ColumnType<CallTimes, string | undefined, string>;
  weekend_times: ColumnType<CallTimes, string | undefined, string>;
}

/** Fields kept in json columns: the permitted addresses, the restrictions (one column) and the call times. */
type StoredAsJson = 'permit' | keyof CallRestrictions | 'weekdayTimes' | 'weekendTimes';

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
