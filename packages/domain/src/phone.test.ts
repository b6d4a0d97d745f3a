import { describe, expect, it } from 'vitest';
import { PATTERNS } from './patterns.ts';
import { isUkMobileNumber, type NumberKind, normaliseNumber, numberKind, restrictionSwitchFor } from './phone.ts';

describe('normaliseNumber', () => {
  it.each([
    ['01214960000', '+441214960000'],
    ['0121 496 0000', '+441214960000'],
    ['441214960000', '+441214960000'],
    ['00441214960000', '+441214960000'],
    ['+44 7700 900501', '+447700900501'],
    ['07700900501', '+447700900501'],
    ['0033612345678', '+33612345678'],
  ])('%s is %s', (value, e164) => expect(normaliseNumber(value)).toBe(e164));
  it.each(['12345', '0121', 'abc', ''])('%s has no normal form', (value) =>
    expect(normaliseNumber(value)).toBeUndefined(),
  );
});

describe('numberKind, for the call-restriction switches', () => {
  it.each<[string, NumberKind | undefined]>([
    ['01214960000', 'geographic'],
    ['02079460000', 'geographic'],
    ['+441179460777', 'geographic'],
    ['03001234567', 'geographic'],
    ['03331234567', 'geographic'],
    ['07400123456', 'mobile'],
    ['+447911123456', 'mobile'],
    ['447624123456', 'mobile'],
    ['07012345678', 'personal070'],
    ['07600123456', 'nonGeographic'],
    ['08001234567', 'nonGeographic'],
    ['08081234567', 'nonGeographic'],
    ['08451234567', 'nonGeographic'],
    ['08711234567', 'nonGeographic'],
    ['05612345678', 'nonGeographic'],
    ['09011234567', 'premium09'],
    ['+449051234567', 'premium09'],
    ['118500', 'directory'],
    ['118118', 'directory'],
    ['+33612345678', 'international'],
    ['0033612345678', 'international'],
    ['+12025550123', 'international'],
    ['+35312345678', 'international'],
    // Ofcom's drama range and impossible lengths are no numbers in use.
    ['07700900501', undefined],
    ['12345', undefined],
    ['0121', undefined],
  ])('%s is %s', (value, kind) => expect(numberKind(value)).toBe(kind));

  it('names the switch a call needs', () => {
    expect(restrictionSwitchFor('01214960000')).toBe('allowUKGeo');
    expect(restrictionSwitchFor('07400123456')).toBe('allowUKMobile');
    expect(restrictionSwitchFor('118500')).toBe('allowUK118');
    expect(restrictionSwitchFor('08001234567')).toBe('allowUKOther');
    expect(restrictionSwitchFor('09011234567')).toBe('allowUKPremium09');
    expect(restrictionSwitchFor('07012345678')).toBe('allowUKPremium070');
    expect(restrictionSwitchFor('+33612345678')).toBe('allowInternational');
    expect(restrictionSwitchFor('12345')).toBeUndefined();
  });
});

describe('the /mobile pattern agrees with libphonenumber', () => {
  // Every 07 range (0700-0799 and a five-digit step), a few numbers in each.
  const numbers = Array.from({ length: 1000 }, (_, i) => `07${String(i).padStart(3, '0')}`).flatMap((prefix) =>
    ['000000', '123456', '456789', '999999'].map((rest) => prefix + rest),
  );

  it('accepts every number libphonenumber calls a UK mobile, in each written form', () => {
    const mobiles = numbers.filter(isUkMobileNumber);
    expect(mobiles.length).toBeGreaterThan(1000);
    const refused = mobiles
      .flatMap((n) => [n, `44${n.slice(1)}`, `+44${n.slice(1)}`])
      .filter((n) => !PATTERNS.ukMobile.pattern.test(n));
    expect(refused).toEqual([]);
  });

  it('refuses every number libphonenumber gives another kind (070 personal numbers, 076 pagers)', () => {
    const others = numbers.filter((n) => numberKind(n) !== undefined && numberKind(n) !== 'mobile');
    expect(others.length).toBeGreaterThan(100);
    expect(others.filter((n) => PATTERNS.ukMobile.pattern.test(n))).toEqual([]);
  });
});
