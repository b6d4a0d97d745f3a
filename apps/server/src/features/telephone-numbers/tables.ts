/** Tables of allocated telephone numbers and their emergency (EMS) data. */
import type { emsFields, telephoneNumberFields } from '@switchboard/domain';
import type { ColumnType, Generated } from 'kysely';
import type { RecordRow, Timestamp } from '../../db/schema.ts';
import type { DeclaredColumns } from '../../platform/declared-fields.ts';

/**
 * The number's settings are its declared fields (domain telephoneNumberFields), but the ring and the
 * screening, stored otherwise (the server's field map maps them); its emergency address is its
 * declared fields (domain emsFields) after 'ems_', each with a default in the table ('' until set).
 */
export interface TelephoneNumbersTable
  extends RecordRow,
    Omit<DeclaredColumns<typeof telephoneNumberFields>, 'distinctive_ring' | 'acl_reject'>,
    Omit<DeclaredColumns<typeof emsFields, 'ems_'>, EmsRequired> {
  number: string;
  distinctive_ring: number | null;
  acl_reject: Generated<boolean>;
  ems_name: Generated<string>;
  ems_premises: Generated<string>;
  ems_postcode: Generated<string>;
  ems_update_pending: Generated<boolean>;
  ems_error_code: number | null;
  ems_error_message: Generated<string>;
  ems_submitted_at: Timestamp | null;
}

/** The address's fields a save needs, though a number has none until one is set. */
type EmsRequired = 'ems_name' | 'ems_premises' | 'ems_postcode';

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
