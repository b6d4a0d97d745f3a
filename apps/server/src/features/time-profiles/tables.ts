/** Tables of time profiles and calendar entries. */
import type { CalendarEntry, Days, TimeProfile } from '@switchboard/domain';
import type { ColumnType } from 'kysely';
import type { RecordColumns } from '../../platform/same-named-columns.ts';

export interface TimeProfilesTable extends RecordColumns<TimeProfile, 'days'> {
  days: ColumnType<Days, string, string>;
}

export interface TimeProfileCalendarsTable extends RecordColumns<CalendarEntry, 'start' | 'end'> {
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
