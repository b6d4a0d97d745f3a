/**
 * The account's identity status (migration 037, features/identity): whether the account holder's
 * identity has been verified by a document check. features/identity starts checks and applies their
 * results; the account form's save (features/account-billing, PUT /account/{no}) asks here whether
 * it changed a verified legal identity (spec 1 §4 "Save may ... start an identity verification
 * session").
 *
 * A function the save calls in its own transaction, rather than a consumer of the account's change
 * event: the outbox's consumers run later, in the worker's transaction, so they could neither make
 * the status change commit with the save nor tell the save's reply that a check is now needed.
 */
import {
  IDENTITY_FIELDS,
  IDENTITY_MESSAGES,
  type IdentityField,
  type IdentityStatus,
  identityFieldList,
} from '@switchboard/domain';
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';
import { recordAct } from '../../platform/outbox.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { notify } from '../mail/index.ts';

export interface AccountIdentityTable {
  account_no: number;
  status: IdentityStatus;
  /** The check the status follows (identity_verifications). */
  verification_id: number;
  started_by: number | null;
  started_at: Timestamp;
  verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    account_identity: AccountIdentityTable;
  }
}

/** The legal identity's fields among a save's changed fields (form field names), in the form's order. */
export function identityFieldsIn(changed: Iterable<string>): IdentityField[] {
  const set = new Set(changed);
  return (Object.keys(IDENTITY_FIELDS) as IdentityField[]).filter((f) => set.has(f));
}

/**
 * After a save of the account's fields (in the save's transaction `tx`): when it changed the legal
 * identity (first name, surname or company) of an account whose identity is verified, the identity
 * needs a new check — the status goes back to unverified, with an audit entry and a notification
 * saying why. Answers whether it did (the save's reply then says a verification is required).
 */
export async function identityNeedsNewCheck(
  tx: Tx,
  save: { accountNo: number; userId: number | null; ip: string | null; changed: Iterable<string> },
): Promise<boolean> {
  const fields = identityFieldsIn(save.changed);
  if (fields.length === 0) return false;
  const now = new Date();
  const reset = await tx
    .updateTable('account_identity')
    .set({ status: 'unverified', verified_at: null, updated_at: now })
    .where('account_no', '=', save.accountNo)
    .where('status', '=', 'verified')
    .returning('verification_id')
    .executeTakeFirst();
  if (!reset) return false;
  await recordAct(tx, {
    userId: save.userId,
    accountNo: save.accountNo,
    action: 'identity.recheck',
    details: { reason: 'account-changed', fields, verificationId: reset.verification_id },
    ip: save.ip,
  });
  await notify(tx, save.accountNo, {
    kind: 'identity-recheck',
    title: IDENTITY_MESSAGES.reverifyTitle,
    message: IDENTITY_MESSAGES.reverifyMessage(identityFieldList(fields)),
    icon: 'warning',
    color: 'warning',
  });
  return true;
}
