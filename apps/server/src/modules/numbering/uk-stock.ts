/** The UK stock as a `StockSource`: items read from `number_stock`, claimed by one conditional UPDATE. */
import { BUY_NUMBER_MESSAGES, MAX_RANGE_SIZE, NOT_FOR_PROFIT_RANGE_IDS } from '@switchboard/domain';
import { sql } from 'kysely';
import type { Tx } from '../../platform/tenancy.ts';
import type { BuyingAccount, OrderItem, Resolution, StockSource } from './allocate.ts';

const notAvailable = { validation: { telephoneNumbers: BUY_NUMBER_MESSAGES.notAvailable } };

async function resolve(tx: Tx, item: OrderItem, account: BuyingAccount): Promise<Resolution> {
  const [start, end] = item.kind === 'number' ? [item.number, item.number] : [item.start, item.end];
  const size = start.length === end.length && start <= end ? Number(BigInt(end) - BigInt(start)) + 1 : 0;
  if (size < 1 || size > MAX_RANGE_SIZE) return { validation: { telephoneNumberRanges: BUY_NUMBER_MESSAGES.badRange } };
  const rows = await tx
    .selectFrom('number_stock as s')
    .innerJoin('number_ranges as r', 'r.id', 's.range_id')
    .select(['s.number', 's.status', 's.vanity_class', 's.range_id', 'r.number_type', 'r.vanity'])
    .where('s.number', '>=', start)
    .where('s.number', '<=', end)
    .where(sql<boolean>`length(s.number) = ${start.length}`)
    .orderBy('s.number')
    .execute();
  if (rows.length !== size || rows.some((r) => r.status !== 'available')) return notAvailable;
  if (new Set(rows.map((r) => r.range_id)).size !== 1) {
    return { validation: { telephoneNumberRanges: BUY_NUMBER_MESSAGES.badRange } };
  }
  const first = rows[0];
  if (!first) return notAvailable;
  if ((first.number_type === '03NGN' || NOT_FOR_PROFIT_RANGE_IDS.includes(first.range_id)) && !account.notForProfit) {
    return { validation: { type: BUY_NUMBER_MESSAGES.notForProfit } };
  }
  return {
    numbers: rows.map((r) => ({
      number: r.number,
      numberType: r.vanity ? 'VAN' : r.number_type,
      rentalItem: r.vanity ? 'VAN' : r.number_type,
      setupItem: r.vanity ? `VAN${r.vanity_class}` : r.number_type,
      emsNeeded: r.number_type === 'GEONUM',
    })),
  };
}

/** Every number still available becomes the account's; all of them or (rolled back by the caller) none. */
async function claim(tx: Tx, numbers: readonly string[], accountNo: number): Promise<boolean> {
  const result = await tx
    .updateTable('number_stock')
    .set({ status: 'allocated', account_no: accountNo, released_at: null })
    .where('number', 'in', [...numbers])
    .where('status', '=', 'available')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === numbers.length;
}

export const ukStock: StockSource = { resolve, claim };
