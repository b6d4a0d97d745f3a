/**
 * The demo's year of invoices (made by the real billing run) and the scheduled run: restart-safe
 * (catches up the months it missed), single-runner (a claimed period is not run twice).
 */
import type { InvoiceRecord } from '@switchboard/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoInvoices } from '../../../demo/invoices.ts';
import { createTestContext, json, ledgerOf, type TestContext } from '../../../test/harness.ts';
import { lastCompletePeriod, periodsUpTo } from '../billing-periods.ts';
import { claimPeriod, duePeriods, runDueBilling } from './schedule.ts';

let t: TestContext;
let retail: Record<string, string>;
const tenancy = () => t.app.platform.tenancy;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
});
afterAll(async () => t?.close());

type Page = { records: InvoiceRecord[]; totalRecords: number };

describe('the demo invoices', () => {
  it('gives Acme a year of invoices: the latest Unpaid, one Overdue, one Void, the rest Paid', async () => {
    await seedDemoInvoices(tenancy());
    await seedDemoInvoices(tenancy()); // once only
    const page = json<Page>(await t.api('POST', '/invoice/-1/-1', retail, {}));
    expect(page.totalRecords).toBe(12);
    expect(page.records.map((r) => r.period)).toEqual(periodsUpTo(lastCompletePeriod(), 12).reverse());
    const statuses = page.records.map((r) => r.status);
    expect(statuses[0]).toBe('Unpaid');
    expect(statuses[1]).toBe('Overdue');
    expect(statuses.filter((s) => s === 'Void')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'Paid')).toHaveLength(9);
    // Seats were added during the year: the later months cost more.
    expect((page.records[0] as InvoiceRecord).totalPence).toBeGreaterThan(
      (page.records[11] as InvoiceRecord).totalPence,
    );
    // The ledger: every charge, payment and void credit posted; the balance owes the two open invoices.
    const ledger = await ledgerOf(t, 30000);
    const kinds = await tenancy().crossAccount('seed', (tx) =>
      tx
        .selectFrom('ledger_entries')
        .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
        .where('account_no', '=', 30000)
        .groupBy('kind')
        .orderBy('kind')
        .execute(),
    );
    const open = page.records.filter((r) => r.status === 'Unpaid' || r.status === 'Overdue');
    expect(ledger.balance).toBe(-open.reduce((s, r) => s + r.totalPence, 0));
    expect(ledger.sum).toBe(ledger.balance);
    expect(kinds.map((k) => [k.kind, Number(k.n)])).toEqual([
      ['adjustment', 1],
      ['charge', 12],
      ['invoice-payment', 9],
    ]);
  });
});

describe('the scheduled run', () => {
  it('has nothing to do once the last complete month is billed', async () => {
    expect(await duePeriods(tenancy())).toEqual([]);
    expect(await runDueBilling(tenancy())).toEqual([]);
  });

  it('catches up the months it missed when it starts again, and runs each once', async () => {
    // Two months on (a server that was down over a month end): this month and the next are due.
    const now = new Date();
    const later = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 15, 12));
    const due = await duePeriods(tenancy(), later);
    expect(due).toEqual(periodsUpTo(lastCompletePeriod(later), 2));
    const ran = await runDueBilling(tenancy(), later);
    expect(ran.map((r) => [r.period, r.issued.map((i) => i.accountNo), r.failed])).toEqual(
      due.map((p) => [p, [30000], []]),
    );
    expect(await runDueBilling(tenancy(), later)).toEqual([]);
    const runs = await tenancy().crossAccount('seed', (tx) =>
      tx.selectFrom('billing_runs').select(['period', 'issued']).where('period', 'in', due).orderBy('period').execute(),
    );
    expect(runs).toEqual(due.map((period) => ({ period, issued: 1 })));
  });

  it('claims a period for one runner; a claim left by a dead runner is taken after an hour', async () => {
    expect(await claimPeriod(tenancy(), '2019-01')).toBe(true);
    expect(await claimPeriod(tenancy(), '2019-01')).toBe(false);
    await tenancy().crossAccount('seed', (tx) =>
      sql`update billing_runs set started_at = now() - interval '2 hours' where period = '2019-01'`.execute(tx),
    );
    expect(await claimPeriod(tenancy(), '2019-01')).toBe(true);
    await tenancy().crossAccount('seed', (tx) =>
      sql`update billing_runs set finished_at = now(), started_at = now() - interval '2 hours' where period = '2019-01'`.execute(
        tx,
      ),
    );
    expect(await claimPeriod(tenancy(), '2019-01')).toBe(false);
  });
});
