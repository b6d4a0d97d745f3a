/** The call recording area's tables. */
import type { callRecordingFields, callRecordingSettingsFields } from '@switchboard/domain';
import type { Generated } from 'kysely';
import type { RecordRow, Timestamp } from '../../db/schema.ts';
import type { DeclaredColumns } from '../../platform/declared-fields.ts';

/** A recording: its declared fields (domain callRecordingFields), when, the seat, and its stored file. */
export interface CallRecordingsTable extends DeclaredColumns<typeof callRecordingFields> {
  id: Generated<number>;
  account_no: number;
  started_at: Timestamp;
  seat: Generated<string>;
  file_key: string;
  /** bigint: read as text by the driver. */
  file_size: number | string;
  file_sha256: string;
  created_at: Generated<Timestamp>;
}

/** An account's storage settings (numeric GB: read as text by the driver). */
export interface CallRecordingSettingsTable
  extends RecordRow,
    Omit<DeclaredColumns<typeof callRecordingSettingsFields>, 'quota_gb'> {
  quota_gb: number | string;
}

declare module '../../db/schema.ts' {
  interface Database {
    call_recordings: CallRecordingsTable;
    call_recording_settings: CallRecordingSettingsTable;
  }
}
