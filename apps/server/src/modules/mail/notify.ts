/** Notifications (spec 1 §3 "Notification"): what the server tells an account about its events. */
import './tables.ts';
import type { Tx } from '../../platform/tenancy.ts';

export interface NotificationInput {
  /** What caused it ('low-balance', ...). */
  kind: string;
  title: string;
  message: string;
  /** An icon name the panel knows ('warning', 'info', 'error', 'success'). */
  icon?: 'warning' | 'info' | 'error' | 'success';
  /** The colour (a palette name): 'warning', 'info', 'error', 'success'. */
  color?: 'warning' | 'info' | 'error' | 'success';
}

/** Adds a notification for `accountNo` in `trx` (the transaction of its cause); answers its id. */
export async function notify(trx: Tx, accountNo: number, n: NotificationInput): Promise<number> {
  const row = await trx
    .insertInto('notifications')
    .values({
      account_no: accountNo,
      kind: n.kind,
      title: n.title,
      message: n.message,
      icon: n.icon ?? 'info',
      color: n.color ?? n.icon ?? 'info',
      read_at: null,
      read_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
