import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centipence } from './money.ts';
import { bandAt, type DeckRate, dialledDigits, priceCall, RateDeckIndex, rateCall, secondsByBand } from './rating.ts';

/** A rate from pence text, as the deck's CSV states them. */
function rate(prefix: string, destination: string, r: Partial<Record<keyof DeckRate, string>>): DeckRate {
  const p = (v: string | undefined) => centipence(v ?? '0');
  return {
    prefix,
    destination,
    access: p(r.access),
    onPeak: p(r.onPeak),
    onPeakConnection: p(r.onPeakConnection),
    offPeak: p(r.offPeak),
    weekendOnPeak: p(r.weekendOnPeak),
    weekendOffPeak: p(r.weekendOffPeak),
    minimum: p(r.minimum),
  };
}

const landline = rate('441', 'UK Geographic (01)', {
  onPeak: '1.5',
  onPeakConnection: '5',
  offPeak: '0.5',
  weekendOnPeak: '1',
  weekendOffPeak: '0.5',
});
const mobile = rate('447', 'UK Mobile', { onPeak: '9', offPeak: '6', weekendOnPeak: '4', weekendOffPeak: '4' });
const freephone = rate('44800', 'UK Freephone (0800)', {});
const premium = rate('449', 'UK Premium (09)', { access: '10', onPeak: '1', offPeak: '1', minimum: '25' });
const franceMobile = rate('336', 'France Mobile', {
  onPeak: '12.5',
  offPeak: '12.5',
  weekendOnPeak: '12.5',
  weekendOffPeak: '12.5',
  minimum: '3',
});
const france = rate('33', 'France', { onPeak: '3', offPeak: '3', weekendOnPeak: '3', weekendOffPeak: '3' });
const deck = new RateDeckIndex([landline, mobile, freephone, premium, franceMobile, france]);

// November 2026 is GMT (UK time = UTC); June 2026 is BST (UK time = UTC + 1).
const at = (iso: string) => new Date(iso);

describe('rating a call (hand-checked)', () => {
  it('UK landline on-peak: 5p connection + 2 min at 1.5p = 8p', () => {
    expect(rateCall(landline, at('2026-11-24T10:00:00Z'), 120)).toBe(8);
  });
  it('UK landline off-peak: 90 s at 0.5p = 0.75p, rounded up to 1p; no connection', () => {
    expect(rateCall(landline, at('2026-11-24T20:00:00Z'), 90)).toBe(1);
  });
  it('weekend on-peak: Saturday 12:00, 10 min at 1p = 10p', () => {
    expect(rateCall(landline, at('2026-11-28T12:00:00Z'), 600)).toBe(10);
  });
  it('UK mobile: 61 s at 9p = 9.15p → 10p', () => {
    expect(priceCall(deck, { number: '07700900123', start: at('2026-11-25T09:00:00Z'), seconds: 61 })).toEqual({
      rate: mobile,
      costPence: 10,
    });
  });
  it('0800 is free', () => {
    expect(
      priceCall(deck, { number: '08001234567', start: at('2026-11-25T09:00:00Z'), seconds: 3600 })?.costPence,
    ).toBe(0);
  });
  it('an international mobile (00336…): 2 min at 12.5p = 25p; a landline of France at 3p', () => {
    expect(priceCall(deck, { number: '0033612345678', start: at('2026-11-25T09:00:00Z'), seconds: 120 })).toEqual({
      rate: franceMobile,
      costPence: 25,
    });
    expect(
      priceCall(deck, { number: '0033145678901', start: at('2026-11-25T09:00:00Z'), seconds: 120 })?.costPence,
    ).toBe(6);
  });
  it('a minimum charge: 5 s of premium (10p access + 1p a minute = 0.92p) is the 25p minimum', () => {
    expect(rateCall(premium, at('2026-11-25T09:00:00Z'), 5)).toBe(25);
    // 3 minutes: 30p access + 3p = 33p, above the minimum.
    expect(rateCall(premium, at('2026-11-25T09:00:00Z'), 180)).toBe(33);
  });
  it('a call crossing 18:00 pays each band for its own seconds: 5p + 1 min at 1.5p + 1 min at 0.5p = 7p', () => {
    expect(secondsByBand(at('2026-11-24T17:59:00Z'), 120)).toEqual({
      onPeak: 60,
      offPeak: 60,
      weekendOnPeak: 0,
      weekendOffPeak: 0,
    });
    expect(rateCall(landline, at('2026-11-24T17:59:00Z'), 120)).toBe(7);
  });
  it('peak follows UK time across the clock change: 07:30 UTC is on-peak in summer, off-peak in winter', () => {
    expect(bandAt(at('2026-06-01T07:30:00Z'))).toBe('onPeak'); // 08:30 BST
    expect(bandAt(at('2026-03-27T07:30:00Z'))).toBe('offPeak'); // 07:30 GMT, the Friday before
    expect(bandAt(at('2026-06-01T17:30:00Z'))).toBe('offPeak'); // 18:30 BST
    // Monday after the change (29 March 2026): 06:30-07:30 UTC is 07:30-08:30 BST.
    expect(secondsByBand(at('2026-03-30T06:30:00Z'), 3600)).toMatchObject({ offPeak: 1800, onPeak: 1800 });
  });
  it('a call over the night the clocks change keeps its band and its length', () => {
    // 00:30 UTC Sunday 29 March 2026 for two hours: 00:30 GMT → 03:30 BST, all weekend off-peak.
    expect(secondsByBand(at('2026-03-29T00:30:00Z'), 7200)).toEqual({
      onPeak: 0,
      offPeak: 0,
      weekendOnPeak: 0,
      weekendOffPeak: 7200,
    });
    // Sunday 25 October 2026 the clocks go back at 01:00 UTC; 07:30 UTC is 07:30 GMT: off-peak until 08:00.
    expect(secondsByBand(at('2026-10-25T07:30:00Z'), 3600)).toMatchObject({
      weekendOffPeak: 1800,
      weekendOnPeak: 1800,
    });
  });
  it('an unanswered call costs nothing; a bad duration is refused', () => {
    expect(rateCall(premium, at('2026-11-25T09:00:00Z'), 0)).toBe(0);
    expect(() => rateCall(premium, at('2026-11-25T09:00:00Z'), -1)).toThrow(RangeError);
    expect(() => rateCall(premium, at('2026-11-25T09:00:00Z'), 1.5)).toThrow(RangeError);
  });
});

describe('the dialled number and the longest prefix', () => {
  it('reads the caller-ID forms as international digits', () => {
    expect(dialledDigits('01234567890')).toBe('441234567890');
    expect(dialledDigits('441234567890')).toBe('441234567890');
    expect(dialledDigits('0441234567890')).toBe('441234567890');
    expect(dialledDigits('0033612345678')).toBe('33612345678');
    for (const bad of ['', '1234', '+441234567890', '0012345678901234567', '0ab', '00012345']) {
      expect(dialledDigits(bad)).toBeNull();
    }
  });
  it('answers the longest prefix that matches, or nothing', () => {
    expect(deck.match('33612345678')?.destination).toBe('France Mobile');
    expect(deck.match('33145678901')?.destination).toBe('France');
    expect(deck.match('448001234567')?.destination).toBe('UK Freephone (0800)');
    expect(deck.match('4420')).toBeNull();
    expect(deck.match('999')).toBeNull();
  });
  it('matches what a scan of the whole deck for the longest prefix finds', () => {
    const prefixes = fc.uniqueArray(fc.stringMatching(/^[1-9]\d{0,4}$/), { minLength: 1, maxLength: 60 });
    fc.assert(
      fc.property(prefixes, fc.stringMatching(/^[1-9]\d{0,14}$/), (ps, digits) => {
        const rates = ps.map((p) => rate(p, p, {}));
        const scan = rates
          .filter((r) => digits.startsWith(r.prefix))
          .sort((a, b) => b.prefix.length - a.prefix.length)[0];
        expect(new RateDeckIndex(rates).match(digits)?.prefix).toBe(scan?.prefix);
      }),
    );
  });
});

describe('rating properties', () => {
  const anyRate = fc
    .record({
      access: fc.integer({ min: 0, max: 5000 }),
      onPeak: fc.integer({ min: 0, max: 5000 }),
      onPeakConnection: fc.integer({ min: 0, max: 5000 }),
      offPeak: fc.integer({ min: 0, max: 5000 }),
      weekendOnPeak: fc.integer({ min: 0, max: 5000 }),
      weekendOffPeak: fc.integer({ min: 0, max: 5000 }),
      minimum: fc.integer({ min: 0, max: 5000 }),
    })
    .map((r): DeckRate => ({ prefix: '44', destination: 'UK', ...r }));
  // Any second of 2026, both clock changes included.
  const anyStart = fc
    .integer({ min: Date.UTC(2026, 0, 1) / 1000, max: Date.UTC(2027, 0, 1) / 1000 })
    .map((s) => new Date(s * 1000));
  const anySeconds = fc.integer({ min: 1, max: 6 * 3600 });

  it('never costs less as the call gets longer', () => {
    fc.assert(
      fc.property(anyRate, anyStart, anySeconds, anySeconds, (r, start, a, b) => {
        const [short, long] = a <= b ? [a, b] : [b, a];
        expect(rateCall(r, start, short)).toBeLessThanOrEqual(rateCall(r, start, long));
      }),
    );
  });
  it('is never below the minimum (in whole pence, rounded up)', () => {
    fc.assert(
      fc.property(anyRate, anyStart, anySeconds, (r, start, s) => {
        expect(rateCall(r, start, s)).toBeGreaterThanOrEqual(Math.ceil(r.minimum / 100));
      }),
    );
  });
  it('rounds up once: the cost is the exact charge rounded up to a penny, and each second is in one band', () => {
    fc.assert(
      fc.property(anyRate, anyStart, anySeconds, (r, start, s) => {
        const spent = secondsByBand(start, s);
        expect(spent.onPeak + spent.offPeak + spent.weekendOnPeak + spent.weekendOffPeak).toBe(s);
        const exact =
          r.access * s +
          r.onPeak * spent.onPeak +
          r.offPeak * spent.offPeak +
          r.weekendOnPeak * spent.weekendOnPeak +
          r.weekendOffPeak * spent.weekendOffPeak +
          (bandAt(start) === 'onPeak' ? r.onPeakConnection * 60 : 0);
        const charged = Math.max(exact, r.minimum * 60);
        const cost = rateCall(r, start, s);
        expect(cost * 6000).toBeGreaterThanOrEqual(charged);
        expect((cost - 1) * 6000).toBeLessThan(charged);
      }),
    );
  });
});

describe('rates as a customer reads them', () => {
  it('shows pence under a pound and pounds from a pound up', async () => {
    const { formatRate } = await import('./features/tariff.ts');
    expect(formatRate('1.20')).toBe('1.20p');
    expect(formatRate('0.00')).toBe('0p');
    expect(formatRate('150.00')).toBe('£1.50');
    expect(formatRate('1000.00')).toBe('£10.00');
    expect(formatRate('150.50')).toBe('150.50p');
  });
});
