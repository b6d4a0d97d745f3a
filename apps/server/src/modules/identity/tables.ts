/** Columns and tables of the account's life (migration 028, features/account): used by the platform's set-password links. */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';

export interface PasswordTokensTable {
  id: Generated<number>;
  account_no: number;
  user_id: number;
  purpose: 'activation' | 'reset' | 'email';
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Generated<Date>;
}

declare module '../../db/schema.ts' {
  interface AccountsTable {
    /** Moves when the account details change (not with the balance). */
    version: Generated<number>;
    deleted_at: Timestamp | null;
    deleted_by: ColumnType<number | null, number | null | undefined, number | null>;
    pending_activation: Generated<boolean>;
    company_no: Generated<string>;
    vat_no: Generated<string>;
  }
  interface UsersTable {
    /** The address `email` is to change to once the old one confirms it (migration 048, features/users). */
    pending_email: ColumnType<string | null, string | null | undefined, string | null>;
  }
  interface SessionsTable {
    password_checked_at: Timestamp | null;
  }
  interface Database {
    password_tokens: PasswordTokensTable;
  }
}
