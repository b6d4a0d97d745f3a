/** The UK stock as a `StockSource`: items read from `number_stock` together, claimed by one conditional UPDATE. */
import { BUY_NUMBER_MESSAGES, MAX_RANGE_SIZE, NOT_FOR_PROFIT_RANGE_IDS } from '@switchboard/domain';
import type { Tx } from '../../platform/tenancy.ts';
import type { BuyingAccount, OrderItem, Resolution, ResolvedNumber, StockSource } from './allocate.ts';

const notAvailable = { validation: { telephoneNumbers: BUY_NUMBER_MESSAGES.notAvailable } };
const badRange = { validation: { telephoneNumberRanges: BUY_NUMBER_MESSAGES.badRange } };

interface StockRow {
  number: string;
  status: string;
  vanity_class: number | null;
  range_id: number;
  number_type: string;
  vanity: boolean;
}

/** The numbers an item asks for: from..to (one number: itself), or null when the bounds are no range of at most 100. */
function wanted(item: OrderItem): string[] | null {
  const [start, end] = item.kind === 'number' ? [item.number, item.number] : [item.start, item.end];
  if (start.length !== end.length || start > end) return null;
  const size = Number(BigInt(end) - BigInt(start)) + 1;
  if (size < 1 || size > MAX_RANGE_SIZE) return null;
  const first = BigInt(start);
  return Array.from({ length: size }, (_, i) => (first + BigInt(i)).toString().padStart(start.length, '0'));
}

const resolved = (r: StockRow): ResolvedNumber => ({
  number: r.number,
  numberType: r.vanity ? 'VAN' : r.number_type,
  rentalItem: r.vanity ? 'VAN' : r.number_type,
  setupItem: r.vanity ? `VAN${r.vanity_class}` : r.number_type,
  emsNeeded: r.number_type === 'GEONUM',
});

function resolveOne(numbers: string[] | null, rows: Map<string, StockRow>, account: BuyingAccount): Resolution {
  if (!numbers) return badRange;
  const found = numbers.map((n) => rows.get(n));
  if (found.some((r) => r === undefined || r.status !== 'available')) return notAvailable;
  const stock = found.filter((r) => r !== undefined);
  const first = stock[0];
  if (!first) return notAvailable;
  if (new Set(stock.map((r) => r.range_id)).size !== 1) return badRange;
  if ((first.number_type === '03NGN' || NOT_FOR_PROFIT_RANGE_IDS.includes(first.range_id)) && !account.notForProfit) {
    return { validation: { type: BUY_NUMBER_MESSAGES.notForProfit } };
  }
  return { numbers: stock.map(resolved) };
}

async function resolve(tx: Tx, items: readonly OrderItem[], account: BuyingAccount): Promise<Resolution[]> {
  const asked = items.map(wanted);
  const all = [...new Set(asked.flatMap((n) => n ?? []))];
  const rows = all.length
    ? await tx
        .selectFrom('number_stock as s')
        .innerJoin('number_ranges as r', 'r.id', 's.range_id')
        .select(['s.number', 's.status', 's.vanity_class', 's.range_id', 'r.number_type', 'r.vanity'])
        .where('s.number', 'in', all)
        .execute()
    : [];
  const byNumber = new Map(rows.map((r) => [r.number, r]));
  // A number asked for twice in one order is bought once: the later item answers 'not available'.
  const seen = new Set<string>();
  return asked.map((numbers) => {
    const repeated = numbers?.some((n) => seen.has(n));
    for (const n of numbers ?? []) seen.add(n);
    return repeated ? notAvailable : resolveOne(numbers, byNumber, account);
  });
}

/** The numbers still available become the account's (one UPDATE); answers those taken. */
async function claim(tx: Tx, numbers: readonly string[], accountNo: number): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await tx
    .updateTable('number_stock')
    .set({ status: 'allocated', account_no: accountNo, released_at: null })
    .where('number', 'in', [...numbers])
    .where('status', '=', 'available')
    .returning('number')
    .execute();
  return new Set(rows.map((r) => r.number));
}

export const ukStock: StockSource = { resolve, claim };
