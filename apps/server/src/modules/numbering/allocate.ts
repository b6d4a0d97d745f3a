/**
 * Allocating numbers to an account (spec 3 §7 "POST /numbering/available/allocate", §8): each item
 * — one number, or a range of consecutive numbers — is taken out of stock atomically (an UPDATE of
 * the rows still 'available': of two buyers of one number, the second finds none and gets the item's
 * error; nothing is ever both sold twice or lost), becomes the account's telephone number at once,
 * and its setup is charged: a prepay account from its balance (the whole purchase refused, nothing
 * allocated, when the balance does not cover it), a postpay one on its next invoice. Its monthly
 * rental is the billing run's (rentals.ts).
 *
 * The stock is a `StockSource`: the UK stock here; an international order brings its own and calls
 * `allocate` the same way. Runs in one cross-account transaction (the 'numbering' use): the stock is
 * the provider's, and the ledger is written by the cross-account role only (migration 067).
 */
import { type AllocateItemReply, BUY_NUMBER_MESSAGES, purchaseSummary } from '@switchboard/domain';
import { sql } from 'kysely';
import { recordChange } from '../../platform/outbox.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { type LedgerPosting, postToLedger, pounds } from '../billing/index.ts';
import { tariffByItem } from './stock.ts';

/** A number an item resolved to: its type (the tariff item of its rental) and setup. */
export interface ResolvedNumber {
  number: string;
  numberType: string;
  /** The tariff item of its monthly rental ('GEONUM', 'VAN'). */
  rentalItem: string;
  /** The tariff item of its setup ('GEONUM', 'VAN2'). */
  setupItem: string;
  /** Whether emergency (EMS) data is needed (geographic numbers). */
  emsNeeded: boolean;
}

export type Resolution = { numbers: ResolvedNumber[] } | { validation: Record<string, string> };

/** Where the numbers come from: how an item is read, and how its numbers are taken (all or none). */
export interface StockSource {
  resolve(tx: Tx, item: OrderItem, account: BuyingAccount): Promise<Resolution>;
  /** Takes every number of the item for the account, or none (answers false). */
  claim(tx: Tx, numbers: readonly string[], accountNo: number): Promise<boolean>;
}

export type OrderItem = { kind: 'number'; number: string } | { kind: 'range'; start: string; end: string };

export interface BuyingAccount {
  accountNo: number;
  accountType: 'prepay' | 'postpay';
  notForProfit: boolean;
  balancePence: number;
}

export interface Order {
  accountNo: number;
  items: readonly OrderItem[];
  by: NonNullable<LedgerPosting['by']> & { puppeteer?: number | null };
  ip: string | null;
}

interface Priced {
  item: OrderItem;
  label: string;
  numbers: ResolvedNumber[];
  setupPence: number[];
}

const itemLabel = (item: OrderItem) => (item.kind === 'number' ? item.number : `${item.start} - ${item.end}`);
const answer = (label: string, message: string, extra: Partial<AllocateItemReply> = {}): AllocateItemReply => ({
  item: label,
  success: false,
  message,
  validation: null,
  ids: [],
  ...extra,
});

/** Allocates an order's items; every item answers (spec 3 §8), the summary says how it went. */
export async function allocate(tx: Tx, source: StockSource, order: Order) {
  const account = await lockAccount(tx, order.accountNo);
  const tariff = await tariffByItem(tx);
  const answers = new Map<number, AllocateItemReply>();
  const priced: Array<Priced & { index: number }> = [];
  for (const [index, item] of order.items.entries()) {
    const label = itemLabel(item);
    const resolved = await source.resolve(tx, item, account);
    if ('validation' in resolved) {
      answers.set(index, answer(label, BUY_NUMBER_MESSAGES.validationError, { validation: resolved.validation }));
      continue;
    }
    const setups = resolved.numbers.map((n) => tariff.get(n.setupItem)?.setup_pence);
    const rentals = resolved.numbers.map((n) => tariff.get(n.rentalItem));
    if (setups.some((s) => s === undefined) || rentals.some((r) => r === undefined)) {
      answers.set(index, answer(label, BUY_NUMBER_MESSAGES.pricingError));
      continue;
    }
    priced.push({ index, item, label, numbers: resolved.numbers, setupPence: setups as number[] });
  }
  const total = priced.reduce((sum, p) => sum + p.setupPence.reduce((a, b) => a + b, 0), 0);
  if (account.accountType === 'prepay' && total > account.balancePence) {
    for (const p of priced) answers.set(p.index, answer(p.label, BUY_NUMBER_MESSAGES.costError));
    const records = order.items.map((_, i) => answers.get(i) as AllocateItemReply);
    return {
      success: false,
      message: BUY_NUMBER_MESSAGES.balanceShort(pounds(total), pounds(account.balancePence)),
      records,
    };
  }
  let charged = 0;
  for (const p of priced) {
    const reply = await allocateItem(tx, source, order, account, p);
    if (reply.success) charged += p.setupPence.reduce((a, b) => a + b, 0);
    answers.set(p.index, reply);
  }
  if (account.accountType === 'prepay' && charged > 0) {
    const bought = [...answers.values()].reduce((n, a) => n + a.ids.length, 0);
    await postToLedger(tx, {
      accountNo: order.accountNo,
      kind: 'charge',
      amountPence: -charged,
      description: `Setup of ${bought} telephone number${bought === 1 ? '' : 's'}`,
      by: order.by,
    });
  }
  const records = order.items.map((_, i) => answers.get(i) as AllocateItemReply);
  return { success: records.every((r) => r.success), message: purchaseSummary(records), records };
}

async function lockAccount(tx: Tx, accountNo: number): Promise<BuyingAccount> {
  const row = await tx
    .selectFrom('accounts')
    .select(['account_no', 'account_type', 'not_for_profit', 'balance_pence'])
    .where('account_no', '=', accountNo)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return {
    accountNo: row.account_no,
    accountType: row.account_type,
    notForProfit: row.not_for_profit,
    balancePence: row.balance_pence,
  };
}

/** One item in a savepoint: claimed, the account's numbers, its allocations and events — or none of it. */
async function allocateItem(tx: Tx, source: StockSource, order: Order, account: BuyingAccount, p: Priced) {
  await sql`savepoint allocate_item`.execute(tx);
  try {
    const numbers = p.numbers.map((n) => n.number);
    if (!(await source.claim(tx, numbers, order.accountNo))) {
      await sql`rollback to savepoint allocate_item`.execute(tx);
      return answer(p.label, BUY_NUMBER_MESSAGES.validationError, {
        validation: { telephoneNumbers: BUY_NUMBER_MESSAGES.notAvailable },
      });
    }
    const rows = await tx
      .insertInto('telephone_numbers')
      .values(p.numbers.map((n) => ({ account_no: order.accountNo, number: n.number, ems_needed: n.emsNeeded })))
      .returning(['id', 'number'])
      .execute();
    await tx
      .insertInto('number_allocations')
      .values(
        p.numbers.map((n, i) => ({
          account_no: order.accountNo,
          number: n.number,
          number_type: n.numberType,
          tariff_item: n.rentalItem,
          setup_pence: p.setupPence[i] ?? 0,
          on_ledger: account.accountType === 'prepay',
        })),
      )
      .execute();
    const actor = { accountNo: order.accountNo, userId: order.by.userId, puppeteer: order.by.puppeteer ?? null };
    await recordChange(
      tx,
      actor,
      order.ip,
      rows.map((r) => ({
        area: 'telephone-numbers' as const,
        kind: 'create',
        recordId: r.id,
        after: { telephoneNumber: r.number },
        label: r.number,
        details: { purchased: true },
      })),
    );
    await sql`release savepoint allocate_item`.execute(tx);
    return answer(p.label, BUY_NUMBER_MESSAGES.purchased, { success: true, ids: rows.map((r) => r.id) });
  } catch {
    await sql`rollback to savepoint allocate_item`.execute(tx);
    return answer(p.label, BUY_NUMBER_MESSAGES.failed);
  }
}
