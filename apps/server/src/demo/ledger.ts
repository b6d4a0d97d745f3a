/**
 * Demo money: a few believable months of ledger entries for the prepay demo accounts (card top-ups,
 * seat and number rental, call charges, a goodwill credit), ending at their advertised balances.
 * Posted in date order through the ledger table, so each entry's balance-after is the database's.
 */
import '../platform/billing-tables.ts';
import type { LedgerKind } from '../platform/billing-tables.ts';
import type { Tx } from '../platform/tenancy.ts';

interface DemoEntry {
  daysAgo: number;
  kind: Exclude<LedgerKind, 'opening'>;
  pence: number;
  description: string;
  reference?: string;
}

const BELLA: DemoEntry[] = [
  {
    daysAgo: 150,
    kind: 'top-up',
    pence: 3000,
    description: 'Card top-up (Visa ending 4242)',
    reference: 'pi_demo_bella_01',
  },
  { daysAgo: 148, kind: 'charge', pence: -720, description: 'Seat rental: 1 seat (inc VAT)' },
  { daysAgo: 131, kind: 'charge', pence: -412, description: 'Call charges: UK landlines and mobiles' },
  { daysAgo: 118, kind: 'charge', pence: -720, description: 'Seat rental: 1 seat (inc VAT)' },
  { daysAgo: 102, kind: 'charge', pence: -389, description: 'Call charges: UK landlines and mobiles' },
  {
    daysAgo: 96,
    kind: 'top-up',
    pence: 2000,
    description: 'Card top-up (Visa ending 4242)',
    reference: 'pi_demo_bella_02',
  },
  { daysAgo: 88, kind: 'charge', pence: -720, description: 'Seat rental: 1 seat (inc VAT)' },
  { daysAgo: 71, kind: 'charge', pence: -266, description: 'Call charges: UK landlines and mobiles' },
  { daysAgo: 64, kind: 'adjustment', pence: 250, description: 'Goodwill credit: dropped calls on 3 September' },
  { daysAgo: 58, kind: 'charge', pence: -720, description: 'Seat rental: 1 seat (inc VAT)' },
  { daysAgo: 44, kind: 'charge', pence: -515, description: 'Call charges: UK landlines and mobiles' },
  {
    daysAgo: 30,
    kind: 'top-up',
    pence: 2000,
    description: 'Card top-up (Visa ending 4242)',
    reference: 'pi_demo_bella_03',
  },
  { daysAgo: 28, kind: 'charge', pence: -720, description: 'Seat rental: 1 seat (inc VAT)' },
  { daysAgo: 12, kind: 'charge', pence: -240, description: 'Number rental: 01179 460000 (inc VAT)' },
];

const WETHERBY: DemoEntry[] = [
  {
    daysAgo: 75,
    kind: 'top-up',
    pence: 3000,
    description: 'Card top-up (Mastercard ending 4444)',
    reference: 'pi_demo_weth_01',
  },
  { daysAgo: 61, kind: 'charge', pence: -720, description: 'Seat rental: 1 seat (inc VAT)' },
  { daysAgo: 33, kind: 'charge', pence: -318, description: 'Call charges: UK landlines and mobiles' },
  { daysAgo: 31, kind: 'charge', pence: -720, description: 'Seat rental: 1 seat (inc VAT)' },
  {
    daysAgo: 20,
    kind: 'top-up',
    pence: 2000,
    description: 'Card top-up (Mastercard ending 4444)',
    reference: 'pi_demo_weth_02',
  },
];

/** The last entry, a month's calls, makes the balance come out at `target`. */
function endingAt(entries: DemoEntry[], target: number): DemoEntry[] {
  const sum = entries.reduce((s, e) => s + e.pence, 0);
  return [
    ...entries,
    { daysAgo: 2, kind: 'charge', pence: target - sum, description: 'Call charges: UK landlines and mobiles' },
  ];
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
