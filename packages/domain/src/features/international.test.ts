import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { canUseInternational, FEATURES } from '../permissions.ts';
import { callingCodeOf, countryName, countryOfNumber } from '../phone.ts';
import { INTERNATIONAL_MESSAGES, internationalAddressInput } from './international.ts';

const GOOD = {
  title: 'Mrs',
  firstname: "O'Neill",
  lastname: 'Zoë',
  addressLine1: '12 Rue de Rivoli',
  addressLine2: 'Paris',
  county: 'Ile de France',
  country: 'France',
  postcode: '75001',
  regulationAccepted: true,
};

const messageOf = (input: object, field: string) => {
  const result = internationalAddressInput.safeParse(input);
  return result.success ? undefined : result.error.issues.find((i) => i.path[0] === field)?.message;
};

describe('international address (spec 3 §5)', () => {
  it('takes an address with every field filled within its rules', () => {
    expect(internationalAddressInput.safeParse(GOOD).success).toBe(true);
    expect(internationalAddressInput.parse(GOOD).allocatedNumberIds).toEqual([]);
  });

  it.each([
    ['title', '', MESSAGES.required],
    ['title', '   ', MESSAGES.required],
    ['title', 'Dr.', INTERNATIONAL_MESSAGES.lettersApostrophe],
    ['title', 'a'.repeat(21), MESSAGES.maxLength(20)],
    ['firstname', 'Anne-Marie', INTERNATIONAL_MESSAGES.lettersApostrophe],
    ['firstname', 'a'.repeat(51), MESSAGES.maxLength(50)],
    ['lastname', '', MESSAGES.required],
    ['lastname', 'Smith 3', INTERNATIONAL_MESSAGES.lettersApostrophe],
    ['addressLine1', '12, Rue', INTERNATIONAL_MESSAGES.lettersDigitsSpaces],
    ['addressLine1', 'a'.repeat(151), MESSAGES.maxLength(150)],
    ['addressLine2', '', MESSAGES.required],
    ['addressLine2', 'Apt #4', INTERNATIONAL_MESSAGES.lettersDigitsSpaces],
    ['county', 'Ile-de-France', INTERNATIONAL_MESSAGES.lettersSpaces],
    ['county', 'County 9', INTERNATIONAL_MESSAGES.lettersSpaces],
    ['county', 'a'.repeat(51), MESSAGES.maxLength(50)],
    ['country', 'a'.repeat(51), MESSAGES.maxLength(50)],
    ['country', 'U.S.A', INTERNATIONAL_MESSAGES.lettersSpaces],
    ['postcode', '', MESSAGES.required],
    ['postcode', '1'.repeat(21), MESSAGES.maxLength(20)],
    ['regulationAccepted', false, INTERNATIONAL_MESSAGES.regulationNotAccepted],
    ['regulationAccepted', undefined, INTERNATIONAL_MESSAGES.regulationNotAccepted],
  ])('%s = %j: %s', (field, value, message) => {
    expect(messageOf({ ...GOOD, [field]: value }, field)).toBe(message);
  });

  it('allows letters of any script and apostrophes, and the longest values', () => {
    const long = {
      ...GOOD,
      title: 'a'.repeat(20),
      firstname: 'Ólafur',
      lastname: "D'Artagnan",
      county: "Côte d'Or",
      addressLine1: `${'a'.repeat(149)}1`,
      postcode: 'SW1A 1AA-1234 X9',
    };
    expect(internationalAddressInput.safeParse(long).success).toBe(true);
  });
});

describe('international permission (spec 3 §6)', () => {
  const holder = (accountKind: string, grants: Record<number, number>) => ({
    accountKind,
    permissions: Object.fromEntries(Object.entries(grants).map(([k, v]) => [k, v])),
  });
  it('is for wholesale accounts and provider admins with the numbers permission', () => {
    expect(canUseInternational(holder('wholesale', { [FEATURES.numbers]: 15 }), 'create')).toBe(true);
    expect(canUseInternational(holder('standard', { [FEATURES.vhAdmin]: 15, [FEATURES.numbers]: 15 }), 'read')).toBe(
      true,
    );
    expect(canUseInternational(holder('retail', { [FEATURES.numbers]: 15 }), 'read')).toBe(false);
    expect(canUseInternational(holder('standard', { [FEATURES.numbers]: 15 }), 'read')).toBe(false);
    expect(canUseInternational(holder('wholesale', { [FEATURES.numbers]: 2 }), 'create')).toBe(false);
  });
});

describe('country names and calling codes (libphonenumber-js, Intl.DisplayNames)', () => {
  it('names countries and their codes', () => {
    expect([countryName('FR'), callingCodeOf('FR')]).toEqual(['France', '33']);
    expect([countryName('US'), callingCodeOf('US')]).toEqual(['United States', '1']);
    expect(callingCodeOf('ZZ')).toBeUndefined();
    expect(countryOfNumber('+61255500000')).toBe('AU');
  });
});
