/** The table of call monitoring: which seat listens in on which. */
import type { callMonitorFields } from '@switchboard/domain';
import type { RecordRow } from '../../db/schema.ts';
import type { DeclaredColumns } from '../../platform/declared-fields.ts';

/** A monitor: its record row, its declared PIN (domain callMonitorFields) and its two seats. */
export interface CallMonitorsTable extends RecordRow, DeclaredColumns<typeof callMonitorFields> {
  source_seat_id: number;
  destination_seat_id: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    call_monitors: CallMonitorsTable;
  }
}
