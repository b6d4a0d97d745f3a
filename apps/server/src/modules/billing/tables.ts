/** The money ledger's table (migration 022). */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';

export type LedgerKind = 'opening' | 'top-up' | 'card-refund' | 'charge' | 'invoice-payment' | 'adjustment';

export interface LedgerEntriesTable {
  id: Generated<number>;
  account_no: number;
  kind: LedgerKind;
  amount_pence: number;
  /** Set by the posting trigger (the account's balance after this entry). */
  balance_after_pence: ColumnType<number, never, never>;
  user_id: number | null;
  user_name: string;
  user_account_no: number | null;
  description: string;
  reference: string | null;
  idempotency_key: string | null;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    ledger_entries: LedgerEntriesTable;
  }
}
