/** Tables of allocated telephone numbers and their emergency (EMS) data. */
import type { EmsRecord, telephoneNumberFields } from '@switchboard/domain';
import type { ColumnType, Generated } from 'kysely';
import type { RecordRow, Timestamp } from '../../db/schema.ts';
import type { DeclaredColumns } from '../../platform/declared-fields.ts';
import type { DefaultedColumns } from '../../platform/same-named-columns.ts';

/**
 * The number's settings are its declared fields (domain telephoneNumberFields), but the ring and the
 * screening, stored otherwise (the server's field map maps them); its emergency address is stored in
 * columns of its fields' names after 'ems_', with defaults.
 */
export interface TelephoneNumbersTable
  extends RecordRow,
    Omit<DeclaredColumns<typeof telephoneNumberFields>, 'distinctive_ring' | 'acl_reject'>,
    DefaultedColumns<Omit<EmsRecord, 'id' | 'telephoneNumber' | 'emsNeeded' | 'errorCode' | 'errorText'>, 'ems_'> {
  number: string;
  distinctive_ring: number | null;
  acl_reject: Generated<boolean>;
  ems_error_code: number | null;
  ems_submitted_at: Timestamp | null;
}

/** The sandbox emergency-address registry's submissions (see providers/ems). */
export interface EmsSubmissionsTable extends Pick<RecordRow, 'id' | 'account_no'> {
  number: string;
  /** The submitted address (emsInput's output). */
  address: ColumnType<unknown, string, string>;
  submitted_at: Timestamp;
  decided_at: Timestamp | null;
  code: number | null;
  message: Generated<string>;
}

/** The area's tables, merged into the one Database type (db/schema.ts). */
declare module '../../db/schema.ts' {
  interface Database {
    telephone_numbers: TelephoneNumbersTable;
    ems_submissions: EmsSubmissionsTable;
  }
}
