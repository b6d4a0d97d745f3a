import { describe, expect, it } from 'vitest';
import {
  accountFormBody,
  adjustmentBody,
  BALANCE_ALERT_PENCE,
  balanceAlertLabel,
  parsePounds,
  recentMonths,
  TRANSACTION_MONTHS,
} from './features/account-billing.ts';
import { MESSAGES } from './messages.ts';

describe('account money', () => {
  it('lists the last 12 months, newest first, across a year end', () => {
    const months = recentMonths(new Date(Date.UTC(2026, 1, 15)));
    expect(months).toHaveLength(TRANSACTION_MONTHS);
    expect(months[0]).toEqual({ value: '2026-02', label: 'February 2026' });
    expect(months[1]).toEqual({ value: '2026-01', label: 'January 2026' });
    expect(months[2]).toEqual({ value: '2025-12', label: 'December 2025' });
    expect(months[11]).toEqual({ value: '2025-03', label: 'March 2025' });
  });

  it('offers the balance alert options of spec 1 §9 and takes no other', () => {
    expect(BALANCE_ALERT_PENCE.map(balanceAlertLabel)).toEqual([
      'Disabled',
      'Below £1.00',
      'Below £1.50',
      'Below £2.00',
      'Below £2.50',
      'Below £5.00',
      'Below £10.00',
      'Below £20.00',
      'Below £50.00',
    ]);
    expect(accountFormBody.safeParse({ alert: 250 }).success).toBe(true);
    expect(accountFormBody.safeParse({ alert: 300 }).error?.issues[0]?.message).toBe(MESSAGES.selectOption);
    expect(accountFormBody.safeParse({ alert: 2.5 }).success).toBe(false);
  });

  it('needs an adjustment in whole pence with a reason', () => {
    expect(adjustmentBody.safeParse({ type: 'credit', amountPence: 500, reason: 'Goodwill' }).success).toBe(true);
    expect(adjustmentBody.safeParse({ type: 'debit', amountPence: 0, reason: 'x' }).success).toBe(false);
    expect(adjustmentBody.safeParse({ type: 'debit', amountPence: 1.5, reason: 'x' }).success).toBe(false);
    expect(adjustmentBody.safeParse({ type: 'debit', amountPence: 10_000_001, reason: 'x' }).success).toBe(false);
    expect(adjustmentBody.safeParse({ type: 'credit', amountPence: 5, reason: '   ' }).error?.issues[0]?.message).toBe(
      MESSAGES.required,
    );
  });

  it('reads pounds into exact pence', () => {
    expect(['12', '12.5', '£12.50', '0.07', '1234567.89'].map(parsePounds)).toEqual([1200, 1250, 1250, 7, 123456789]);
    expect(['', '12.345', '-1', '1,000', 'abc', '12.'].map(parsePounds)).toEqual([null, null, null, null, null, null]);
  });
});
