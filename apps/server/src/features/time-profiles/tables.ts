/** Tables of time profiles and calendar entries. */
import type { Days } from '@switchboard/domain';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';

export interface TimeProfilesTable {
  /** Incremented by every update (migration 011): an update names the version it was based on. */
  version: Generated<number>;
  id: Generated<number>;
  account_no: number;
  extension: number;
  name: string;
  description: string;
  bank_holiday: number;
  mode: number;
  in_prompt_id: number | null;
  in_destination: string;
  out_prompt_id: number | null;
  out_destination: string;
  days: ColumnType<Days, string, string>;
  created_at: Timestamp;
}

export interface TimeProfileCalendarsTable {
  /** Incremented by every update (migration 011): an update names the version it was based on. */
  version: Generated<number>;
  id: Generated<number>;
  account_no: number;
  time_profile_id: number;
  description: string;
  destination: string;
  /** 'YYYY-MM-DD HH:mm' wall-clock (UK). */
  start_at: ColumnType<Date | string, string, string>;
  end_at: ColumnType<Date | string, string, string>;
  created_at: Timestamp;
}

/** The area's tables, merged into the one Database type (db/schema.ts). */
declare module '../../db/schema.ts' {
  interface Database {
    time_profiles: TimeProfilesTable;
    time_profile_calendars: TimeProfileCalendarsTable;
  }
}
