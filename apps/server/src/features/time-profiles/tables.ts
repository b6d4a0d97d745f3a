/** Tables of time profiles and calendar entries. */
import type { Days } from '@switchboard/domain';
import type { ColumnType } from 'kysely';
import type { RecordRow } from '../../db/schema.ts';

export interface TimeProfilesTable extends RecordRow {
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
}

export interface TimeProfileCalendarsTable extends RecordRow {
  time_profile_id: number;
  description: string;
  destination: string;
  /** 'YYYY-MM-DD HH:mm' wall-clock (UK). */
  start_at: ColumnType<Date | string, string, string>;
  end_at: ColumnType<Date | string, string, string>;
}

/** The area's tables, merged into the one Database type (db/schema.ts). */
declare module '../../db/schema.ts' {
  interface Database {
    time_profiles: TimeProfilesTable;
    time_profile_calendars: TimeProfileCalendarsTable;
  }
}
