/** Tables of dial-throughs and their caller-ID authentication entries. */
import type { dialThroughFields } from '@switchboard/domain';
import type { Generated } from 'kysely';
import type { RecordRow, Timestamp } from '../../db/schema.ts';
import type { DeclaredColumns } from '../../platform/declared-fields.ts';

/** A dial-through's columns: its record row and its declared fields (domain dialThroughFields). */
export interface DialThroughsTable extends RecordRow, DeclaredColumns<typeof dialThroughFields> {}

export interface DialThroughClisTable {
  id: Generated<number>;
  account_no: number;
  dial_through_id: number;
  number: string;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    dial_throughs: DialThroughsTable;
    dial_through_clis: DialThroughClisTable;
  }
}
