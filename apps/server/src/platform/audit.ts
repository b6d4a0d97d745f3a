/** The audit log: who did what, as whom, from where. */
import type { AuditAction } from '@switchboard/domain';
import type { Tx } from './tenancy.ts';

export interface AuditEntry {
  userId: number | null;
  accountNo: number | null;
  /** '{area}.{verb}' of an area the domain names (AREA_NAMES), or the session's 'login' / 'logout'. */
  action: AuditAction;
  targetAccountNo?: number | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

export async function audit(db: Tx, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      user_id: entry.userId,
      account_no: entry.accountNo,
      action: entry.action,
      target_account_no: entry.targetAccountNo ?? null,
      details: JSON.stringify(entry.details ?? {}),
      ip: entry.ip ?? null,
    })
    .execute();
}
