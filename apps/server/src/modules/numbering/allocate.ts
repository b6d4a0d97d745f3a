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
  /** Each item's numbers (or why not), in the items' order: read together, so 100 items are a few statements. */
  resolve(tx: Tx, items: readonly OrderItem[], account: BuyingAccount): Promise<Resolution[]>;
  /** Takes those of `numbers` still in stock for the account; answers the numbers taken. */
  claim(tx: Tx, numbers: readonly string[], accountNo: number): Promise<Set<string>>;
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
  const answers = new Map<number, AllocateItemReply>();
  const priced = await priceItems(tx, source, order, account, answers);
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
  // All items at once; should anything fail, item by item (each in its savepoint, its own answer).
  const batch = await allocateBatch(tx, source, order, account, priced);
  for (const [index, reply] of batch ?? []) answers.set(index, reply);
  if (!batch) for (const p of priced) answers.set(p.index, await allocateItem(tx, source, order, account, p));
  const charged = priced.reduce(
    (sum, p) => sum + (answers.get(p.index)?.success ? p.setupPence.reduce((a, b) => a + b, 0) : 0),
    0,
  );
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

type IndexedPriced = Priced & { index: number };

/** Each item resolved and priced; those that cannot be answer here ('Validation Error', 'Error returning pricing'). */
async function priceItems(
  tx: Tx,
  source: StockSource,
  order: Order,
  account: BuyingAccount,
  answers: Map<number, AllocateItemReply>,
): Promise<IndexedPriced[]> {
  const tariff = await tariffByItem(tx);
  const resolutions = await source.resolve(tx, order.items, account);
  const priced: IndexedPriced[] = [];
  for (const [index, item] of order.items.entries()) {
    const label = itemLabel(item);
    const resolved = resolutions[index];
    if (!resolved || 'validation' in resolved) {
      const validation = resolved?.validation ?? { telephoneNumbers: BUY_NUMBER_MESSAGES.notAvailable };
      answers.set(index, answer(label, BUY_NUMBER_MESSAGES.validationError, { validation }));
      continue;
    }
    const setups = resolved.numbers.map((n) => tariff.get(n.setupItem)?.setup_pence);
    const rentals = resolved.numbers.map((n) => tariff.get(n.rentalItem));
    const setupPence = setups.filter((s) => s !== undefined);
    if (setupPence.length !== setups.length || rentals.some((r) => r === undefined)) {
      answers.set(index, answer(label, BUY_NUMBER_MESSAGES.pricingError));
      continue;
    }
    priced.push({ index, item, label, numbers: resolved.numbers, setupPence });
  }
  return priced;
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

/**
 * Every priced item at once, in one savepoint: one claim of all their numbers, then the account's
 * numbers, allocations and events of the items whose numbers were all taken (an item none of whose
 * numbers was left answers 'Validation Error'). Null — everything rolled back — when an item was
 * taken only in part or a write failed: the caller then goes item by item.
 */
async function allocateBatch(
  tx: Tx,
  source: StockSource,
  order: Order,
  account: BuyingAccount,
  priced: readonly IndexedPriced[],
): Promise<Map<number, AllocateItemReply> | null> {
  if (priced.length === 0) return new Map();
  await sql`savepoint allocate_batch`.execute(tx);
  try {
    const claimed = await source.claim(
      tx,
      priced.flatMap((p) => p.numbers.map((n) => n.number)),
      order.accountNo,
    );
    const whole = priced.filter((p) => p.numbers.every((n) => claimed.has(n.number)));
    const none = priced.filter((p) => p.numbers.every((n) => !claimed.has(n.number)));
    if (whole.length + none.length !== priced.length) throw new Error('an item was taken in part');
    const ids = await recordAllocations(tx, order, account, whole);
    await sql`release savepoint allocate_batch`.execute(tx);
    const answers = new Map<number, AllocateItemReply>();
    for (const p of none) answers.set(p.index, notAvailable(p.label));
    for (const p of whole) {
      const mine = p.numbers.map((n) => ids.get(n.number) ?? 0);
      answers.set(p.index, answer(p.label, BUY_NUMBER_MESSAGES.purchased, { success: true, ids: mine }));
    }
    return answers;
  } catch {
    await sql`rollback to savepoint allocate_batch`.execute(tx);
    return null;
  }
}

const notAvailable = (label: string) =>
  answer(label, BUY_NUMBER_MESSAGES.validationError, {
    validation: { telephoneNumbers: BUY_NUMBER_MESSAGES.notAvailable },
  });

/** One item in a savepoint: claimed, the account's numbers, its allocations and events — or none of it. */
async function allocateItem(tx: Tx, source: StockSource, order: Order, account: BuyingAccount, p: Priced) {
  await sql`savepoint allocate_item`.execute(tx);
  try {
    const numbers = p.numbers.map((n) => n.number);
    if ((await source.claim(tx, numbers, order.accountNo)).size !== numbers.length) {
      await sql`rollback to savepoint allocate_item`.execute(tx);
      return notAvailable(p.label);
    }
    const ids = await recordAllocations(tx, order, account, [p]);
    await sql`release savepoint allocate_item`.execute(tx);
    return answer(p.label, BUY_NUMBER_MESSAGES.purchased, { success: true, ids: numbers.map((n) => ids.get(n) ?? 0) });
  } catch {
    await sql`rollback to savepoint allocate_item`.execute(tx);
    return answer(p.label, BUY_NUMBER_MESSAGES.failed);
  }
}

/** The claimed items' numbers as the account's telephone numbers, their allocations and change events; their ids by number. */
async function recordAllocations(
  tx: Tx,
  order: Order,
  account: BuyingAccount,
  items: readonly Priced[],
): Promise<Map<string, number>> {
  const numbers = items.flatMap((p) => p.numbers.map((n, i) => ({ ...n, setupPence: p.setupPence[i] ?? 0 })));
  if (numbers.length === 0) return new Map();
  const rows = await tx
    .insertInto('telephone_numbers')
    .values(numbers.map((n) => ({ account_no: order.accountNo, number: n.number, ems_needed: n.emsNeeded })))
    .returning(['id', 'number'])
    .execute();
  await tx
    .insertInto('number_allocations')
    .values(
      numbers.map((n) => ({
        account_no: order.accountNo,
        number: n.number,
        number_type: n.numberType,
        tariff_item: n.rentalItem,
        setup_pence: n.setupPence,
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
  return new Map(rows.map((r) => [r.number, r.id]));
}
