/** Tables of access lists and mobile numbers. */
import type { AccessList } from '@switchboard/domain';
import type { RecordRow } from '../../db/schema.ts';
import type { SameNamedColumns } from '../../platform/same-named-columns.ts';

export type AccessListsTable = RecordRow & SameNamedColumns<Pick<AccessList, 'name' | 'description' | 'promptId'>>;

/** A number of a list (no version: an entry is added or removed, never changed). */
export interface AccessListEntriesTable extends Omit<RecordRow, 'version'> {
  access_list_id: number;
  number: string;
}

export interface MobilesTable extends RecordRow {
  description: string;
  number: string;
  active: boolean;
}

/** The area's tables, merged into the one Database type (db/schema.ts). */
declare module '../../db/schema.ts' {
  interface Database {
    access_lists: AccessListsTable;
    access_list_entries: AccessListEntriesTable;
    mobiles: MobilesTable;
  }
}
