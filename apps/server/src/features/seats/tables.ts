/** Tables of seats and their registrations. */
import type { CallRestrictions, CallTimes, seatFields, seatSoftphoneFields } from '@switchboard/domain';
import type { ColumnType, Generated } from 'kysely';
import type { RecordRow, Timestamp } from '../../db/schema.ts';
import type { DeclaredColumns } from '../../platform/declared-fields.ts';

/**
 * A seat's columns: its record row, its declared fields and softphone settings (domain seatFields,
 * seatSoftphoneFields), and what the declarations do not give: its number, name and secret, the
 * restrictions (one json column), the call times, the columns the database keeps. The softphone's
 * outbound CLI lists are rows of seat_outbound_clis.
 */
export interface SeatsTable
  extends RecordRow,
    Omit<DeclaredColumns<typeof seatFields>, WrittenAsAny>,
    Omit<DeclaredColumns<typeof seatSoftphoneFields>, 'outbound_cli_lists'> {
  extension: number;
  name: string;
  secret: string;
  call_recording: Generated<number>;
  transport: Generated<string>;
  tps: Generated<string>;
  ctps: Generated<string>;
  restrictions: ColumnType<CallRestrictions, string | undefined, string>;
  weekday_times: ColumnType<CallTimes, string | undefined, string>;
  weekend_times: ColumnType<CallTimes, string | undefined, string>;
  /** The control-panel user of a softphone seat. */
  user_id: number | null;
  unique_string: string;
  /** Kept by the database from the seat's registrations (migration 053): the list filters and sorts by them. */
  desk_status: Generated<'Registered' | 'Unregistered'>;
  desktop_status: Generated<'Registered' | 'Unregistered'>;
  mobile_status: Generated<'Registered' | 'Unregistered'>;
  /** The desk phone is registered from a public address (public_ip) or from another one (on_net). */
  public_ip: Generated<boolean>;
  on_net: Generated<boolean>;
  /** Kept by the database (migration 057): the seat's location number has an emergency address. */
  located: Generated<boolean>;
}

/** Options whose columns take any number or text (the demo writes them so), not only the input's choices. */
type WrittenAsAny = 'call_recording' | 'transport' | 'tps' | 'ctps';

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
  /** The expiry was ahead when written, and the expiry job has not seen it pass (migration 053). */
  registered: Generated<boolean>;
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

/** A seat given an outbound CLI list (migration 093): its softphone may present the list's numbers. */
export interface SeatOutboundClisTable {
  id: Generated<number>;
  account_no: number;
  seat_id: number;
  outbound_cli_id: number;
}

/** The area's tables, merged into the one Database type (db/schema.ts). */
declare module '../../db/schema.ts' {
  interface Database {
    seats: SeatsTable;
    seat_registrations: SeatRegistrationsTable;
    seat_devices: SeatDevicesTable;
    seat_outbound_clis: SeatOutboundClisTable;
  }
}
