/** Tables of seats and their registrations. */
import type { Generated } from 'kysely';
import type { Timestamp } from '../schema.ts';

export interface SeatsTable {
  id: Generated<number>;
  account_no: number;
  extension: number;
  name: string;
  secret: string;
  nickname: Generated<string>;
  caller_id_name: Generated<string>;
  caller_id_number: Generated<string>;
  withhold_number: Generated<boolean>;
  emergency_service_cid: Generated<string>;
  ring_time: Generated<number>;
  music_on_hold: Generated<string>;
  vm_mode: Generated<number>;
  vm_email: Generated<string>;
  vm_advanced_prompt_id: number | null;
  vm_advanced_dest: Generated<string>;
  cfwd_all: Generated<string>;
  cfwd_busy: Generated<string>;
  cfwd_no_answer: Generated<string>;
  cfwd_unavail: Generated<string>;
  call_recording: Generated<number>;
  transport: Generated<string>;
  enable_video: Generated<boolean>;
  video_codec: Generated<string>;
  hd_codec: Generated<boolean>;
  keep_on_network: Generated<boolean>;
  internal: Generated<boolean>;
  created_at: Generated<Timestamp>;
}

export interface SeatRegistrationsTable {
  seat_id: number;
  user_agent: Generated<string>;
  ipaddr: string;
  port: number;
  expires_at: Timestamp;
  updated_at: Generated<Timestamp>;
}

export interface SeatTables {
  seats: SeatsTable;
  seat_registrations: SeatRegistrationsTable;
}
