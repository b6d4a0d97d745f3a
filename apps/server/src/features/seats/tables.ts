/** Tables of seats and their registrations. */
import type { ColumnType, Generated } from 'kysely';
import type { RecordRow, Timestamp } from '../../db/schema.ts';

export interface SeatsTable extends RecordRow {
  extension: number;
  name: string;
  secret: string;
  nickname: Generated<string>;
  caller_id_name: Generated<string>;
  caller_id_number: Generated<string>;
  withhold_number: Generated<boolean>;
  emergency_service_cid: Generated<string>;
  ring_time: Generated<number>;
  /** The music on hold (migration 012): the account's or the provider's; null: the provider's default. */
  music_on_hold_id: number | null;
  vm_mode: Generated<number>;
  vm_fullname: Generated<string>;
  vm_email: Generated<string>;
  vm_pin: Generated<string>;
  vm_delete: Generated<boolean>;
  vm_advanced_prompt_id: number | null;
  vm_advanced_dest: Generated<string>;
  cfwd_all: Generated<string>;
  cfwd_busy: Generated<string>;
  cfwd_no_answer: Generated<string>;
  cfwd_unavail: Generated<string>;
  call_recording: Generated<number>;
  /** CallRestrictions (jsonb; written as JSON text). */
  restrictions: ColumnType<unknown, string | undefined, string>;
  weekday_times: ColumnType<unknown, string | undefined, string>;
  weekend_times: ColumnType<unknown, string | undefined, string>;
  tps: Generated<string>;
  ctps: Generated<string>;
  channel_limit: Generated<number>;
  enable_teams: Generated<boolean>;
  teams_cli: Generated<string>;
  transport: Generated<string>;
  enable_video: Generated<boolean>;
  video_codec: Generated<string>;
  hd_codec: Generated<boolean>;
  keep_on_network: Generated<boolean>;
  internal: Generated<boolean>;
  user_id: number | null;
  enable_desktop_call_waiting: Generated<boolean>;
  enable_mobile_call_waiting: Generated<boolean>;
  /** string[] (jsonb; written as JSON text). */
  outbound_cli_lists: ColumnType<unknown, string | undefined, string>;
  unique_string: string;
  /** The access list outbound calls are limited to (null: none). */
  acl_id: number | null;
  /** The country the seat's phones may register from ('' = any). */
  ip_acl: Generated<string>;
}

export interface SeatRegistrationsTable {
  account_no: number;
  seat_id: number;
  /** desk (the SIP phone), desktop or mobile (softphones). */
  kind: Generated<string>;
  user_agent: Generated<string>;
  ipaddr: string;
  port: number;
  expires_at: Timestamp;
  updated_at: Generated<Timestamp>;
}

export interface SeatDevicesTable extends Omit<RecordRow, 'version'> {
  seat_id: number;
  make: string;
  model: string;
  mac_address: string;
  last_checkin: Timestamp | null;
  locked: Generated<boolean>;
  unlocked_at: Timestamp | null;
  initialised: Generated<boolean>;
  ldap_password: string;
}

/** The area's tables, merged into the one Database type (db/schema.ts). */
declare module '../../db/schema.ts' {
  interface Database {
    seats: SeatsTable;
    seat_registrations: SeatRegistrationsTable;
    seat_devices: SeatDevicesTable;
  }
}
