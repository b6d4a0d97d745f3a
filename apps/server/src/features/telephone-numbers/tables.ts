/** Tables of allocated telephone numbers and their emergency (EMS) data. */
import type { ColumnType, Generated } from 'kysely';
import type { RecordRow, Timestamp } from '../../db/schema.ts';

export interface TelephoneNumbersTable extends RecordRow {
  number: string;
  nickname: Generated<string>;
  destination: Generated<string>;
  distinctive_ring: number | null;
  cid_prefix: Generated<string>;
  cid_called_number: Generated<boolean>;
  cid_on_divert: Generated<boolean>;
  acl_id: number | null;
  acl_reject: Generated<boolean>;
  anon_call_reject: Generated<boolean>;
  anon_call_reject_advanced: Generated<boolean>;
  call_record: Generated<number>;
  call_record_warn: Generated<boolean>;
  fax_contact: Generated<boolean>;
  fax_address: Generated<string>;
  fax_password: Generated<string>;
  ems_needed: Generated<boolean>;
  cancellation_available: Generated<boolean>;
  ems_title: Generated<string>;
  ems_forename: Generated<string>;
  ems_name: Generated<string>;
  ems_business_suffix: Generated<string>;
  ems_premises: Generated<string>;
  ems_thoroughfare: Generated<string>;
  ems_locality: Generated<string>;
  ems_postcode: Generated<string>;
  ems_update_pending: Generated<boolean>;
  ems_error_code: number | null;
  ems_error_message: Generated<string>;
  ems_submitted_at: Timestamp | null;
}

/** The sandbox emergency-address registry's submissions (see providers/ems). */
export interface EmsSubmissionsTable extends Pick<RecordRow, 'id' | 'account_no'> {
  number: string;
  /** The submitted address (EmsValues). */
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
