/** Tables of SIP trunks and their registrations. */
import type { CallRestrictions, CallTimes } from '@switchboard/domain';
import type { ColumnType, Generated } from 'kysely';
import type { RecordRow, Timestamp } from '../../db/schema.ts';

export interface SipTrunksTable extends RecordRow {
  name: string;
  secret: string;
  nickname: string;
  cli_number: Generated<string>;
  withhold_number: Generated<boolean>;
  emergency_services_cid: string;
  trunk_fail_over: Generated<string>;
  channel_limit: Generated<number>;
  host: Generated<string>;
  trunk_ip_auth: Generated<boolean>;
  ip_location: Generated<string>;
  permit: ColumnType<string[], string | undefined, string>;
  transport: Generated<string>;
  trunk_no_plus: Generated<number>;
  any_presentation: Generated<boolean>;
  enable_teams: Generated<boolean>;
  call_recording: Generated<number>;
  tps: Generated<string>;
  ctps: Generated<string>;
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
