/**
 * The audit log's consumer of the change events: one entry per change, with the changed fields, or
 * per act (a sign-in, an adjustment) with what the act said. The log has no other way in.
 */

import { sql } from 'kysely';
import { userLabel } from '../../modules/identity/index.ts';
import { changedFields, consumer, type StoredChangeEvent } from '../../platform/outbox.ts';
import type { Tx } from '../../platform/tenancy.ts';

/** The acts whose entries are stored as they always were: 'login' and 'logout', not 'session.login'. */
const BARE_ACTIONS: ReadonlySet<string> = new Set(['session.login', 'session.logout']);

/**
 * Events the log leaves out: a ledger posting is the balance's own record (Transactions lists it);
 * the act that caused it is logged (an adjustment, an invoice's void, a change of a record).
 */
const UNLOGGED: ReadonlySet<string> = new Set(['ledger.posting']);

/** A state machine's row event's verb as the log names it. */
const ROW_VERBS: Readonly<Record<string, string>> = {
  'row:insert': 'create',
  'row:update': 'update',
  'row:delete': 'delete',
};

/**
 * Whether a state machine's row as the database recorded it (migration 066) is logged: only when a
 * person's request wrote it (it names its user, migration 076) and that transaction logged nothing
 * else (a card top-up's payment, an auto top-up's settings); otherwise the act that caused it is
 * logged, or it was a job's, a webhook's or the system's work.
 */
async function rowLogged(tx: Tx, event: StoredChangeEvent): Promise<boolean> {
  if (event.userId === null) return false;
  const { rows } = await sql`select 1 from change_events e where e.txid = ${event.txid}::xid8
    and e.kind not like 'row:%' and not (e.area = 'ledger' and e.kind = 'posting') limit 1`.execute(tx);
  return rows.length === 0;
}

export const auditConsumer = consumer('audit', async (tx, event) => {
  const row = ROW_VERBS[event.kind];
  if (row !== undefined && !(await rowLogged(tx, event))) return;
  const kind = row ?? event.kind;
  const action = `${event.area}.${kind}`;
  if (UNLOGGED.has(action)) return;
  const entry = { at: event.at, user_id: event.userId, account_no: event.accountNo, ip: event.ip };
  if (event.details) {
    await tx
      .insertInto('audit_log')
      .values({
        ...entry,
        action: BARE_ACTIONS.has(action) ? event.kind : action,
        target_account_no: event.targetAccountNo,
        details: JSON.stringify(event.details),
        change_event_id: event.id,
      })
      .onConflict((oc) => oc.column('change_event_id').doNothing())
      .execute();
    return;
  }
  const changes = changedFields(event.before, event.after);
  if (kind === 'update' && Object.keys(changes).length === 0) return;
  // Who, and whose account they acted as, named as they were at the time (the log outlives renames;
  // a provider admin's name is not readable from the customer's account later).
  const user = event.userId
    ? await tx
        .selectFrom('users')
        .select(['name', 'surname', 'username'])
        .where('id', '=', event.userId)
        .executeTakeFirst()
    : undefined;
  const account =
    event.puppeteer !== null
      ? await tx.selectFrom('accounts').select('company').where('account_no', '=', event.accountNo).executeTakeFirst()
      : undefined;
  await tx
    .insertInto('audit_log')
    .values({
      ...entry,
      action,
      target_account_no: null,
      details: JSON.stringify({
        recordId: event.recordId,
        puppeteer: event.puppeteer,
        changes,
        label: event.label ?? '',
        user: user ? userLabel(user) : '',
        actingAs: account ? `${account.company} (${event.accountNo})` : '',
      }),
      change_event_id: event.id,
    })
    .onConflict((oc) => oc.column('change_event_id').doNothing())
    .execute();
});
