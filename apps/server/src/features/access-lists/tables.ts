/** Tables of access lists and mobile numbers. */
import type { accessListFields, mobileFields } from '@switchboard/domain';
import type { RecordRow } from '../../db/schema.ts';
import type { DeclaredColumns } from '../../platform/declared-fields.ts';

/** An access list's columns: its record row and its declared fields (domain accessListFields). */
export interface AccessListsTable extends RecordRow, DeclaredColumns<typeof accessListFields> {}

/** A number of a list (no version: an entry is added or removed, never changed). */
export interface AccessListEntriesTable extends Omit<RecordRow, 'version'> {
  access_list_id: number;
  number: string;
}

/** A mobile number's columns: its record row and its declared fields (domain mobileFields). */
export interface MobilesTable extends RecordRow, DeclaredColumns<typeof mobileFields> {}

/** The area's tables, merged into the one Database type (db/schema.ts). */
declare module '../../db/schema.ts' {
  interface Database {
    access_lists: AccessListsTable;
    access_list_entries: AccessListEntriesTable;
    mobiles: MobilesTable;
  }
}
