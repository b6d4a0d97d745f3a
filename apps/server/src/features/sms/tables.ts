/** The SMS tables (migration 096). */
import type { smsFields } from '@switchboard/domain';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';
import type { DeclaredColumns } from '../../platform/declared-fields.ts';

/** A text: its declared fields (domain smsFields) and what the database and the gateway keep. */
export interface SmsMessagesTable extends Omit<DeclaredColumns<typeof smsFields>, 'status'> {
  id: Generated<number>;
  account_no: number;
  status: Generated<number>;
  failure: Generated<string>;
  gateway_id: string | null;
  cost_pence: Generated<number>;
  on_ledger: Generated<boolean>;
  created_at: Timestamp;
}

/** The sandbox gateway's status reports waiting for their moment. */
export interface SmsSandboxCallbacksTable {
  id: Generated<number>;
  due_at: ColumnType<Date, Date | string, Date | string>;
  params: ColumnType<unknown, string, string>;
}

/** An account's alphanumeric sender IDs (migration 106). */
export interface SmsSenderIdsTable {
  id: Generated<number>;
  account_no: number;
  sender_id: string;
  created_at: Generated<Date>;
}

declare module '../../db/schema.ts' {
  interface Database {
    sms_messages: SmsMessagesTable;
    sms_sandbox_callbacks: SmsSandboxCallbacksTable;
    sms_sender_ids: SmsSenderIdsTable;
  }
}
