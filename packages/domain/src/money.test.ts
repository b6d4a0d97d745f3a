import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CallRate, callCharge, centipence, pence, pounds } from './money.ts';

describe('pence and pounds', () => {
  it('reads pounds exactly, from numbers and text', () => {
    expect(pence(12.5)).toBe(1250);
    expect(pence('12.50')).toBe(1250);
    expect(pence(0.1 + 0.2)).toBe(30); // 0.30000000000000004: the third decimal rounds
    expect(pence(1.005)).toBe(101); // half away from zero, read from its decimal text
    expect(pence('-3.1')).toBe(-310);
    expect(pence('-0.001')).toBe(0);
    expect(pence(19.99)).toBe(1999);
  });
  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '1,000', '£5', '1e3', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => pence(bad)).toThrow(RangeError);
    }
  });
  it('writes pence as pounds with two decimals', () => {
    expect(pounds(1250)).toBe('12.50');
    expect(pounds(5)).toBe('0.05');
    expect(pounds(-5)).toBe('-0.05');
    expect(pounds(0)).toBe('0.00');
    expect(() => pounds(1.5)).toThrow(RangeError);
  });
  it('pence(pounds(p)) is p for every whole amount', () => {
    fc.assert(fc.property(fc.integer({ min: -1e11, max: 1e11 }), (p) => pence(pounds(p)) === p));
  });
});

describe('call charges', () => {
  const rate: CallRate = { perMinute: centipence('1.25'), connection: centipence(5), minimumPence: 6 };
  it('rounds up once, at the end, and keeps the minimum', () => {
    expect(rate.perMinute).toBe(125);
    expect(callCharge(rate, 0)).toBe(0);
    expect(callCharge(rate, 1)).toBe(6); // 500 + 3 centipence = 5.03p → 6p, the minimum anyway
    expect(callCharge(rate, 60)).toBe(7); // 5p + 1.25p = 6.25p → 7p
    expect(callCharge(rate, 600)).toBe(18); // 5p + 12.5p = 17.5p → 18p
    expect(callCharge({ perMinute: 0, connection: 0, minimumPence: 0 }, 60)).toBe(0);
  });
  it('never charges less for a longer call', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 86_400 }), (perMinute, s) => {
        const r = { perMinute, connection: 0, minimumPence: 0 };
        return callCharge(r, s + 1) >= callCharge(r, s);
      }),
    );
  });
  it('refuses a negative or fractional duration and a negative rate', () => {
    expect(() => callCharge(rate, -1)).toThrow(RangeError);
    expect(() => callCharge(rate, 1.5)).toThrow(RangeError);
    expect(() => centipence('-1')).toThrow(RangeError);
  });
});
