/** Tables of allocated telephone numbers and their emergency (EMS) data. */
import type { EmsRecord, TelephoneNumberValues } from '@switchboard/domain';
import type { ColumnType, Generated } from 'kysely';
import type { RecordRow, Timestamp } from '../../db/schema.ts';
import type { DefaultedColumns } from '../../platform/same-named-columns.ts';

/**
 * The number's settings and emergency address are stored in columns of their names (the address's
 * after 'ems_'), with defaults; these differ.
 */
export interface TelephoneNumbersTable
  extends RecordRow,
    DefaultedColumns<
      Omit<TelephoneNumberValues, 'distinctiveRing' | 'telephoneNumberAclId' | 'telephoneNumberAclReject'>
    >,
    DefaultedColumns<Omit<EmsRecord, 'id' | 'telephoneNumber' | 'emsNeeded' | 'errorCode' | 'errorText'>, 'ems_'> {
  number: string;
  distinctive_ring: number | null;
  acl_id: number | null;
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
