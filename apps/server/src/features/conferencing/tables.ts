/** Table of conference rooms. */
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';

export interface ConferenceRoomsTable {
  id: Generated<number>;
  version: Generated<number>;
  account_no: number;
  conf_number: number;
  nickname: Generated<string>;
  pin: string;
  admin_pin: string;
  listen_only: Generated<boolean>;
  wait_for_marked: Generated<boolean>;
  announce_users: Generated<boolean>;
  moh: Generated<boolean>;
  moh_class_id: number | null;
  max_participants: Generated<number>;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    conference_rooms: ConferenceRoomsTable;
  }
}
