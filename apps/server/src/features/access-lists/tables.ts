/** Tables of access lists and mobile numbers. */
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';

export interface AccessListsTable {
  /** Incremented by every update (migration 011): an update names the version it was based on. */
  version: Generated<number>;
  id: Generated<number>;
  account_no: number;
  name: string;
  description: string;
  prompt_id: number | null;
  created_at: Timestamp;
}

export interface AccessListEntriesTable {
  id: Generated<number>;
  account_no: number;
  access_list_id: number;
  number: string;
  created_at: Timestamp;
}

export interface MobilesTable {
  /** Incremented by every update (migration 011): an update names the version it was based on. */
  version: Generated<number>;
  id: Generated<number>;
  account_no: number;
  description: string;
  number: string;
  active: boolean;
  created_at: Timestamp;
}

/** The area's tables, merged into the one Database type (db/schema.ts). */
declare module '../../db/schema.ts' {
  interface Database {
    access_lists: AccessListsTable;
    access_list_entries: AccessListEntriesTable;
    mobiles: MobilesTable;
  }
}
