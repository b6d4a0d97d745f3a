/**
 * The money ledger (issue 13): `postToLedger(trx, entry)` is the one way an account's balance
 * changes. Every posting is an append-only row in integer pence; the database moves
 * `accounts.balance_pence` in the same statement under the account row's lock (migration 022), so
 * the balance is the ledger's sum however many postings race. A posting with an idempotency key
 * (a payment confirmation's id) posts once: a replay answers the first posting.
 *
 * A posting that takes the balance downward across the account's balance alert notifies the
 * account and queues the low-balance e-mail — once per crossing (the posting that crosses).
 * Each posting records its change event ('ledger' / 'posting') in the posting's transaction.
 */
import { formatPence, pounds } from '@switchboard/domain';
import type { AuthContext } from '../../platform/auth.ts';
import { HttpError } from '../../platform/errors.ts';
import { recordChange } from '../../platform/outbox.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { userLabel } from '../identity/index.ts';
import { lowBalanceMail, notify, queueMail } from '../mail/index.ts';
import type { LedgerKind } from './tables.ts';

export interface LedgerPosting {
  accountNo: number;
  kind: Exclude<LedgerKind, 'opening'>;
  /** Signed, in pence: a credit is positive, a debit negative; never zero. */
  amountPence: number;
  /** Why: shown to the account on its transactions page. */
  description: string;
  /** Who posted it (null: the system, e.g. a payment provider's confirmation). */
  by?: Pick<AuthContext, 'userId' | 'name' | 'surname' | 'username' | 'homeAccountNo'> | null;
  /** The external reference (a payment's id, an invoice number). */
  reference?: string | null;
  /** Posts once per key, across the whole ledger. */
  idempotencyKey?: string | null;
}

export interface PostedEntry {
  id: number;
  accountNo: number;
  amountPence: number;
  balanceAfterPence: number;
  /** True when the key had posted already: nothing new was posted. */
  duplicate: boolean;
}

/** A posting the ledger refuses (a 409: the caller's data, not the request's shape, is at fault). */
export class LedgerError extends HttpError {
  constructor(reason: string) {
    super(409, reason);
  }
}

/** The balance column's bound (integer pence), kept well inside PostgreSQL's integer. */
export const MAX_BALANCE_PENCE = 2_000_000_000;

/** Posts `entry` in `trx` (a tenant transaction of its account, or the escape hatch). */
export async function postToLedger(trx: Tx, entry: LedgerPosting): Promise<PostedEntry> {
  if (!Number.isSafeInteger(entry.amountPence) || entry.amountPence === 0) {
    throw new LedgerError('A posting is a non-zero whole number of pence');
  }
  const description = entry.description.trim();
  if (!description) throw new LedgerError('A posting says why');
  // The account row's lock first: postings of one account queue here, and a replayed key waits
  // for the first posting's commit before it looks.
  const account = await trx
    .selectFrom('accounts')
    .select(['account_no', 'alert', 'account_kind', 'email', 'first_name', 'surname', 'balance_pence'])
    .where('account_no', '=', entry.accountNo)
    .forUpdate()
    .executeTakeFirst();
  if (!account) throw new LedgerError(`No account ${entry.accountNo}`);
  if (Math.abs(account.balance_pence + entry.amountPence) > MAX_BALANCE_PENCE) {
    throw new LedgerError('The balance would leave the range the ledger keeps');
  }
  if (entry.idempotencyKey) {
    const existing = await trx
      .selectFrom('ledger_entries')
      .select(['id', 'account_no', 'amount_pence', 'balance_after_pence'])
      .where('idempotency_key', '=', entry.idempotencyKey)
      .executeTakeFirst();
    if (existing) {
      if (existing.account_no !== entry.accountNo || existing.amount_pence !== entry.amountPence) {
        throw new LedgerError(`The key ${entry.idempotencyKey} posted a different entry`);
      }
      return {
        id: existing.id,
        accountNo: existing.account_no,
        amountPence: existing.amount_pence,
        balanceAfterPence: existing.balance_after_pence,
        duplicate: true,
      };
    }
  }
  const by = entry.by ?? null;
  const row = await trx
    .insertInto('ledger_entries')
    .values({
      account_no: entry.accountNo,
      kind: entry.kind,
      amount_pence: entry.amountPence,
      user_id: by?.userId ?? null,
      user_name: by ? userLabel(by) : 'System',
      user_account_no: by?.homeAccountNo ?? null,
      description: description.slice(0, 200),
      reference: entry.reference ?? null,
      idempotency_key: entry.idempotencyKey ?? null,
    })
    .returning(['id', 'balance_after_pence'])
    .executeTakeFirstOrThrow();
  // A posting is a change event like any other write (consumers see money move); the audit log
  // leaves it to the Transactions page and logs the act that caused it.
  await recordChange(trx, { accountNo: entry.accountNo, userId: by?.userId ?? null }, null, {
    area: 'ledger',
    kind: 'posting',
    recordId: row.id,
    after: { kind: entry.kind, amountPence: entry.amountPence, balanceAfterPence: row.balance_after_pence },
    label: description.slice(0, 200),
  });
  const after = row.balance_after_pence;
  const before = after - entry.amountPence;
  if (crossesAlert(before, after, account.alert) && account.account_kind !== 'wholesale') {
    await lowBalance(trx, { ...account, balancePence: after });
  }
  return {
    id: row.id,
    accountNo: entry.accountNo,
    amountPence: entry.amountPence,
    balanceAfterPence: after,
    duplicate: false,
  };
}

/**
 * A charge for something used now (texts sent, issue 28), in the using transaction: a prepay account
 * pays from its balance — the account row locked, and the whole charge refused (409, `short`'s text
 * of the amounts in pounds; nothing posted, so the caller's transaction stores nothing) when the
 * balance does not cover it —; a postpay one is answered `onLedger: false` and pays on its next
 * invoice (the caller's charge source). Needs the cross-account role (only it posts, migration 067).
 */
export async function chargeForUse(
  trx: Tx,
  charge: Omit<LedgerPosting, 'kind' | 'amountPence'> & {
    amountPence: number;
    short: (needed: string, balance: string) => string;
  },
): Promise<{ onLedger: boolean }> {
  const account = await trx
    .selectFrom('accounts')
    .select(['account_type', 'balance_pence'])
    .where('account_no', '=', charge.accountNo)
    .forUpdate()
    .executeTakeFirst();
  if (!account) throw new LedgerError(`No account ${charge.accountNo}`);
  if (account.account_type !== 'prepay') return { onLedger: false };
  if (charge.amountPence > account.balance_pence) {
    throw new HttpError(409, charge.short(pounds(charge.amountPence), pounds(account.balance_pence)));
  }
  if (charge.amountPence > 0) {
    const { short: _short, ...posting } = charge;
    await postToLedger(trx, { ...posting, kind: 'charge', amountPence: -charge.amountPence });
  }
  return { onLedger: true };
}

/** Whether a posting from `before` to `after` takes the balance below the alert (0: disabled). */
export function crossesAlert(before: number, after: number, alertPence: number): boolean {
  return alertPence > 0 && before >= alertPence && after < alertPence;
}

async function lowBalance(
  trx: Tx,
  a: { account_no: number; alert: number; email: string; first_name: string; balancePence: number },
): Promise<void> {
  await notify(trx, a.account_no, {
    kind: 'low-balance',
    title: `Low balance: ${formatPence(a.balancePence)}`,
    message: `Your balance is ${formatPence(a.balancePence)}, below your alert of ${formatPence(a.alert)}. Top up to keep your calls running.`,
    icon: 'warning',
    color: 'warning',
  });
  if (a.email) {
    const mail = lowBalanceMail({
      name: a.first_name,
      accountNo: a.account_no,
      balancePence: a.balancePence,
      alertPence: a.alert,
    });
    await queueMail(trx, { accountNo: a.account_no, to: a.email, ...mail });
  }
}
