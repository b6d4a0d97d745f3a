/** Tables of invoices, their lines and the providers' invoice numbering (migration 026). */

import type { StoredInvoiceStatus } from '@switchboard/domain';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../../db/schema.ts';

/** A `date` column: written as 'YYYY-MM-DD'; read through to_char (drivers differ on dates). */
export type DateColumn = ColumnType<unknown, string, string>;

export interface InvoiceNumbersTable {
  provider_account_no: number;
  last_no: number;
}

export interface InvoicesTable {
  id: Generated<number>;
  account_no: number;
  provider_account_no: number;
  seq: number;
  invoice_no: string;
  period: string;
  period_start: DateColumn;
  period_end: DateColumn;
  invoice_date: DateColumn;
  due_date: DateColumn;
  paid_date: ColumnType<unknown, string | null | undefined, string | null>;
  paid_reference: string | null;
  subtotal_pence: number;
  vat_pence: number;
  total_pence: number;
  status: Generated<StoredInvoiceStatus>;
  void_reason: string | null;
  voided_at: Timestamp | null;
  voided_by: number | null;
  /** Incremented by every update: a void names the version it was based on. */
  version: Generated<number>;
  created_at: Generated<Timestamp>;
}

export interface InvoiceLinesTable {
  id: Generated<number>;
  account_no: number;
  invoice_id: number;
  position: number;
  description: string;
  quantity: number;
  unit_price_pence: number;
  amount_pence: number;
}

export interface BillingRunsTable {
  period: string;
  started_at: Generated<Timestamp>;
  finished_at: Timestamp | null;
  issued: Generated<number>;
  failed: Generated<number>;
}

/** A line for an account's next invoice (migration 086): waiting while `invoice_id` is null. */
export interface InvoiceNotesTable {
  id: Generated<number>;
  account_no: number;
  note: string;
  invoice_id: number | null;
  created_at: Generated<Timestamp>;
}

declare module '../../../db/schema.ts' {
  interface Database {
    invoice_numbers: InvoiceNumbersTable;
    billing_runs: BillingRunsTable;
    invoices: InvoicesTable;
    invoice_lines: InvoiceLinesTable;
    invoice_notes: InvoiceNotesTable;
  }
}
