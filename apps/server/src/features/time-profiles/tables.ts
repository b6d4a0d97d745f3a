/** Tables of time profiles and calendar entries. */
import type { calendarEntryFields, timeProfileFields } from '@switchboard/domain';
import type { ColumnType } from 'kysely';
import type { RecordRow } from '../../db/schema.ts';
import type { DeclaredColumns } from '../../platform/declared-fields.ts';

/** A time profile's columns: its record row and its declared fields (domain timeProfileFields). */
export interface TimeProfilesTable extends RecordRow, DeclaredColumns<typeof timeProfileFields> {}

/** A calendar entry's columns: its record row and its declared fields, its times as stored. */
export interface TimeProfileCalendarsTable
  extends RecordRow,
    Omit<DeclaredColumns<typeof calendarEntryFields>, 'start_at' | 'end_at'> {
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
