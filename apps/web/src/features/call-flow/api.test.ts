import { describe, expect, it } from 'vitest';
import { instantOf, pageOf, quickPicks } from './api.ts';

describe('call flow: the instants offered and the pages linked', () => {
  it('offers now, tonight 20:00, the coming Saturday 10:00 and the next bank holiday (UK time)', () => {
    expect(quickPicks(new Date('2026-11-26T12:00:00Z'))).toEqual([
      { label: 'Now', key: '2026-11-26 12:00' },
      { label: 'Tonight 20:00', key: '2026-11-26 20:00' },
      { label: 'Saturday 10:00', key: '2026-11-28 10:00' },
      { label: 'Next bank holiday (Christmas Day)', key: '2026-12-25 10:00' },
    ]);
    // On a Saturday before 10:00 it is today's; after, next week's.
    expect(quickPicks(new Date('2026-11-28T09:00:00Z'))[2]?.key).toBe('2026-11-28 10:00');
    expect(quickPicks(new Date('2026-11-28T11:00:00Z'))[2]?.key).toBe('2026-12-05 10:00');
    // 23:30 UTC on 31 May is 00:30 BST on 1 June.
    expect(quickPicks(new Date('2026-05-31T23:30:00Z'))[0]?.key).toBe('2026-06-01 00:30');
  });

  it('reads the date and time field as UK time', () => {
    expect(instantOf('2026-07-07T09:30')?.toISOString()).toBe('2026-07-07T08:30:00.000Z');
    expect(instantOf('')).toBeNull();
  });

  it('links each object to its page; an outside number to none', () => {
    expect(pageOf({ type: 'voicemail', id: 7, name: 'Voicemail 201', value: 'voicemail:201' })).toBe('/seats/7');
    expect(pageOf({ type: 'trunk', id: 3, name: 'PBX', value: 'trunk:3' })).toBe('/sip/3');
    expect(pageOf({ type: 'outside', id: null, name: '07700900123', value: '07700900123' })).toBeNull();
  });
});
