/**
 * Tables of identity verification (migration 037). The account's identity status
 * (account_identity) is the identity module's (modules/identity/identity-status.ts): the account form's save reads it too.
 */
import type { VerificationSessionStatus } from '@switchboard/domain';
import '../../modules/identity/index.ts';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';

export interface IdentityVerificationsTable {
  id: Generated<number>;
  account_no: number;
  provider: 'sandbox' | 'stripe';
  provider_id: string;
  status: ColumnType<VerificationSessionStatus, VerificationSessionStatus | undefined, VerificationSessionStatus>;
  last_error_code: Generated<string>;
  last_error_reason: Generated<string>;
  via: 'panel' | 'registration';
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The sandbox identity provider's sessions: Stripe's side of a session. */
export interface IdentitySandboxSessionsTable {
  id: string;
  account_no: number;
  email: string;
  client_secret: string;
  idempotency_key: string;
  status: ColumnType<VerificationSessionStatus, VerificationSessionStatus | undefined, VerificationSessionStatus>;
  last_error_code: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    identity_verifications: IdentityVerificationsTable;
    identity_sandbox_sessions: IdentitySandboxSessionsTable;
  }
}
