import { describe, expect, it } from 'vitest';
import { londonClock, londonInstant } from './london-clock.ts';

describe('the UK wall clock', () => {
  it('reads the instant of a UK time in GMT and in BST', () => {
    expect(londonInstant('2026-11-28 10:00').toISOString()).toBe('2026-11-28T10:00:00.000Z');
    expect(londonInstant('2026-07-07 09:30').toISOString()).toBe('2026-07-07T08:30:00.000Z');
    expect(londonClock(londonInstant('2026-03-29 03:00')).key).toBe('2026-03-29 03:00');
    expect(londonInstant('2026-10-25 01:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(Number.isNaN(londonInstant('Saturday').getTime())).toBe(true);
  });
});
