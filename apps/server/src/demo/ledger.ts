/**
 * Demo money: a few believable months of ledger entries for the prepay demo accounts (card top-ups,
 * seat and number rental, call charges, a goodwill credit), ending at their advertised balances.
 * Posted in date order through the ledger table, so each entry's balance-after is the database's.
 */
import '../modules/billing/index.ts';
import type { LedgerKind } from '../modules/billing/index.ts';
import type { Tx } from '../platform/tenancy.ts';

interface DemoEntry {
  daysAgo: number;
  kind: Exclude<LedgerKind, 'opening'>;
  pence: number;
  description: string;
  reference?: string;
}

const CALLS = 'Call charges: UK landlines and mobiles';
const topUp = (daysAgo: number, pence: number, card: string, reference: string): DemoEntry => ({
  daysAgo,
  kind: 'top-up',
  pence,
  description: `Card top-up (${card})`,
  reference,
});
const seatRental = (daysAgo: number): DemoEntry => ({
  daysAgo,
  kind: 'charge',
  pence: -720,
  description: 'Seat rental: 1 seat (inc VAT)',
});
const calls = (daysAgo: number, pence: number): DemoEntry => ({ daysAgo, kind: 'charge', pence, description: CALLS });

const BELLA_CARD = 'Visa ending 4242';
const BELLA: DemoEntry[] = [
  topUp(150, 3000, BELLA_CARD, 'pi_demo_bella_01'),
  seatRental(148),
  calls(131, -412),
  seatRental(118),
  calls(102, -389),
  topUp(96, 2000, BELLA_CARD, 'pi_demo_bella_02'),
  seatRental(88),
  calls(71, -266),
  { daysAgo: 64, kind: 'adjustment', pence: 250, description: 'Goodwill credit: dropped calls on 3 September' },
  seatRental(58),
  calls(44, -515),
  topUp(30, 2000, BELLA_CARD, 'pi_demo_bella_03'),
  seatRental(28),
  { daysAgo: 12, kind: 'charge', pence: -240, description: 'Number rental: 01179 460000 (inc VAT)' },
];

const WETHERBY_CARD = 'Mastercard ending 4444';
const WETHERBY: DemoEntry[] = [
  topUp(75, 3000, WETHERBY_CARD, 'pi_demo_weth_01'),
  seatRental(61),
  calls(33, -318),
  seatRental(31),
  topUp(20, 2000, WETHERBY_CARD, 'pi_demo_weth_02'),
];

/** The last entry, a month's calls, makes the balance come out at `target`. */
function endingAt(entries: DemoEntry[], target: number): DemoEntry[] {
  const sum = entries.reduce((s, e) => s + e.pence, 0);
  return [...entries, calls(2, target - sum)];
}

export const DEMO_BALANCES = { 30001: 1234, 20002: 2500 } as const;

export async function seedLedger(trx: Tx, now = new Date()): Promise<void> {
  const books: Array<[number, DemoEntry[]]> = [
    [30001, endingAt(BELLA, DEMO_BALANCES[30001])],
    [20002, endingAt(WETHERBY, DEMO_BALANCES[20002])],
  ];
  for (const [accountNo, entries] of books) {
    for (const e of entries) {
      // One row at a time, in date order: the posting trigger keeps the running balance.
      await trx
        .insertInto('ledger_entries')
        .values({
          account_no: accountNo,
          kind: e.kind,
          amount_pence: e.pence,
          user_id: null,
          user_name: e.kind === 'adjustment' ? 'Sam Okafor (admin)' : 'System',
          user_account_no: e.kind === 'adjustment' ? 10000 : null,
          description: e.description,
          reference: e.reference ?? null,
          idempotency_key: e.reference ? `demo:${e.reference}` : null,
          created_at: new Date(now.getTime() - e.daysAgo * 86_400_000),
        })
        .execute();
    }
  }
}
