/**
 * The international order (spec 3 §7 POST /numbering/international/order): `quantity` numbers of an
 * area, taken from the international stock through the numbering module's allocation (priced by the
 * service tariff's 'INT' item, the setup on the ledger or the next invoice, the numbers the account's
 * at once) and linked to the account's address where the country requires one (`internationalCompliance`).
 */
import { type AllocateReply, BUY_NUMBER_MESSAGES, purchaseSummary } from '@switchboard/domain';
import { sql } from 'kysely';
import type { Tx } from '../../platform/tenancy.ts';
import { allocate, type Order, type Resolution, type StockSource } from '../numbering/index.ts';
import { freeStock } from './stock.ts';

const free = freeStock('international_stock');

const international = (number: string) => ({
  number,
  numberType: 'INT',
  rentalItem: 'INT',
  setupItem: 'INT',
  emsNeeded: false,
});

/** The international stock as the allocation's source: items are single E.164 numbers. */
export const internationalStock: StockSource = {
  async resolve(tx, items): Promise<Resolution[]> {
    const numbers = items.map((i) => (i.kind === 'number' ? i.number : ''));
    const rows = await tx
      .selectFrom('international_stock')
      .select('number')
      .where('number', 'in', numbers.length > 0 ? numbers : [''])
      .where(free)
      .execute();
    const available = new Set(rows.map((r) => r.number));
    return numbers.map((n) =>
      available.has(n)
        ? { numbers: [international(n)] }
        : { validation: { telephoneNumbers: BUY_NUMBER_MESSAGES.notAvailable } },
    );
  },
  async claim(tx, numbers) {
    if (numbers.length === 0) return new Set();
    const taken = await tx
      .updateTable('international_stock')
      .set({ allocated_at: sql`now()`, quarantined_until: null })
      .where('number', 'in', [...numbers])
      .where(free)
      .returning('number')
      .execute();
    return new Set(taken.map((t) => t.number));
  },
};

export interface InternationalOrder extends Omit<Order, 'items'> {
  areaId: number;
  quantity: number;
  /** The account's address the numbers are held with (checked before: internationalCompliance). */
  addressId: number | null;
}

/**
 * Takes the area's first `quantity` free numbers (skipping those another order is taking at this
 * moment) and allocates them; each number answers, a shortfall as 'Validation Error' items. The
 * allocated numbers are linked to the address.
 */
export async function orderInternational(tx: Tx, order: InternationalOrder): Promise<AllocateReply> {
  const picked = await tx
    .selectFrom('international_stock')
    .select('number')
    .where('area_id', '=', order.areaId)
    .where(free)
    .orderBy('id')
    .limit(order.quantity)
    .forUpdate()
    .skipLocked()
    .execute();
  const items = picked.map((p) => ({ kind: 'number' as const, number: p.number }));
  const reply: AllocateReply =
    items.length > 0 ? await allocate(tx, internationalStock, { ...order, items }) : emptyReply();
  const short = order.quantity - picked.length;
  const missing = failedItems(picked.length, short, BUY_NUMBER_MESSAGES.validationError, {
    quantity: BUY_NUMBER_MESSAGES.notAvailable,
  });
  const records = [...reply.records, ...missing];
  const ids = records.flatMap((r) => r.ids);
  const addressId = order.addressId;
  if (addressId !== null && ids.length > 0) {
    await tx
      .insertInto('international_address_links')
      .values(ids.map((id) => ({ account_no: order.accountNo, address_id: addressId, telephone_number_id: id })))
      .execute();
  }
  if (short === 0) return reply;
  return {
    success: false,
    message: reply.success || items.length === 0 ? purchaseSummary(records) : reply.message,
    records,
  };
}

const emptyReply = (): AllocateReply => ({ success: true, message: '', records: [] });

/** `count` numbers of an order that failed alike, named by their place ('Number 3') from `after` + 1. */
function failedItems(after: number, count: number, message: string, validation: Record<string, string> | null) {
  return Array.from({ length: count }, (_, i) => ({
    item: `Number ${after + i + 1}`,
    success: false,
    message,
    validation,
    ids: [],
  }));
}

/** Every number of an order its address does not cover: the same per-item error (nothing taken). */
export function refusedOrder(quantity: number, message: string): AllocateReply {
  const records = failedItems(0, quantity, message, null);
  return { success: false, message: purchaseSummary(records), records };
}
