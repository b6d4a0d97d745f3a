/** Table of conference rooms. */
import type { conferenceFields } from '@switchboard/domain';
import type { RecordRow } from '../../db/schema.ts';
import type { DeclaredColumns } from '../../platform/declared-fields.ts';

/** A room's columns: its record row and its declared fields (domain conferenceFields). */
export interface ConferenceRoomsTable extends RecordRow, DeclaredColumns<typeof conferenceFields> {}

declare module '../../db/schema.ts' {
  interface Database {
    conference_rooms: ConferenceRoomsTable;
  }
}
