import { describe, expect, it } from 'vitest';
import { formatInvoiceNo, invoiceStatus, invoiceTotals, isPayable, vatOf } from './invoices.ts';

describe('invoice arithmetic', () => {
  it('takes VAT at 20 % rounded half-up to the penny (hand-computed)', () => {
    expect(vatOf(1950)).toBe(390); // 390.0
    expect(vatOf(1953)).toBe(391); // 390.6 → 391
    expect(vatOf(1952)).toBe(390); // 390.4 → 390
    expect(vatOf(1)).toBe(0); // 0.2 → 0
    expect(vatOf(3)).toBe(1); // 0.6 → 1
    expect(vatOf(0)).toBe(0);
    expect(vatOf(-1953)).toBe(-391); // a credit rounds the same way, away from zero at .5 and above
    expect(() => vatOf(1.5)).toThrow();
  });

  it('totals lines: 3 × £6 + 1 × £1.50 → 1950 + 390 = 2340', () => {
    expect(
      invoiceTotals([
        { quantity: 3, unitPricePence: 600 },
        { quantity: 1, unitPricePence: 150 },
      ]),
    ).toEqual({ subtotalPence: 1950, vatPence: 390, totalPence: 2340 });
    expect(invoiceTotals([{ quantity: 7, unitPricePence: 333 }])).toEqual({
      subtotalPence: 2331,
      vatPence: 466, // 466.2
      totalPence: 2797,
    });
  });

  it('numbers invoices INV-000123', () => {
    expect(formatInvoiceNo(123)).toBe('INV-000123');
    expect(formatInvoiceNo(1234567)).toBe('INV-1234567');
  });
});

describe('invoice status', () => {
  it('derives Overdue from Unpaid and a due date before today', () => {
    expect(invoiceStatus('unpaid', '2026-11-22', '2026-11-23')).toBe('Overdue');
    expect(invoiceStatus('unpaid', '2026-11-23', '2026-11-23')).toBe('Unpaid'); // due today: not yet
    expect(invoiceStatus('unpaid', '2026-12-01', '2026-11-23')).toBe('Unpaid');
    expect(invoiceStatus('paid', '2026-01-01', '2026-11-23')).toBe('Paid');
    expect(invoiceStatus('void', '2026-01-01', '2026-11-23')).toBe('Void');
  });

  it('opens the pay flow for Unpaid and Overdue only', () => {
    expect(['Unpaid', 'Overdue', 'Paid', 'Void'].filter((s) => isPayable(s as 'Unpaid'))).toEqual([
      'Unpaid',
      'Overdue',
    ]);
  });
});
