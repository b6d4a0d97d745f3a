/** Table of NTS destinations. */
import type { ntsFields } from '@switchboard/domain';
import type { RecordRow } from '../../db/schema.ts';
import type { DeclaredColumns } from '../../platform/declared-fields.ts';

/** An NTS destination's columns: its record row and its declared fields (domain ntsFields). */
export interface NtsDestinationsTable extends RecordRow, DeclaredColumns<typeof ntsFields> {}

declare module '../../db/schema.ts' {
  interface Database {
    nts_destinations: NtsDestinationsTable;
  }
}
