/** The table of outbound caller-ID lists. */
import type { outboundCliFields } from '@switchboard/domain';
import type { RecordRow } from '../../db/schema.ts';
import type { DeclaredColumns } from '../../platform/declared-fields.ts';

/** A caller-ID list's columns: its record row and its declared fields (domain outboundCliFields). */
export interface OutboundClisTable extends RecordRow, DeclaredColumns<typeof outboundCliFields> {}

/** The area's tables, merged into the one Database type (db/schema.ts). */
declare module '../../db/schema.ts' {
  interface Database {
    outbound_clis: OutboundClisTable;
  }
}
