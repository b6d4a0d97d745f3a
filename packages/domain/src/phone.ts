/**
 * Telephone numbers read by libphonenumber-js: the normal (E.164) form of a number and its kind, the
 * kinds that the call-restriction switches of spec 2 §3 tell apart (allowUKGeo, allowUKMobile,
 * allowUK118, allowUKOther, allowUKPremium09, allowUKPremium070, allowInternational).
 *
 * It needs the 'max' metadata (the only build with the number types: 'min' has none, 'mobile' only
 * mobile ones), about 150 kB, so it is imported as '@switchboard/domain/phone' and not re-exported by
 * the package's index: nothing reaches a bundle that does not ask for it (the web asks for none).
 */
import parsePhoneNumber, {
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  type PhoneNumberType,
} from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/max/metadata';
import type { RestrictionSwitch } from './call-options.ts';

/**
 * A number's kind, as the restriction switches see it: 'geographic' 01, 02 and 03 (charged like
 * geographic numbers); 'mobile' 07 mobiles; 'directory' 118 directory enquiries; 'nonGeographic'
 * 080, 084, 087, 055, 056, 076 pagers; 'premium09' 09; 'personal070' 070; 'international' any
 * other country code.
 */
export type NumberKind =
  | 'geographic'
  | 'mobile'
  | 'directory'
  | 'nonGeographic'
  | 'premium09'
  | 'personal070'
  | 'international';

/** The call-restriction switch that allows calls to each kind of number. */
export const RESTRICTION_SWITCH_OF_KIND = {
  geographic: 'allowUKGeo',
  mobile: 'allowUKMobile',
  directory: 'allowUK118',
  nonGeographic: 'allowUKOther',
  premium09: 'allowUKPremium09',
  personal070: 'allowUKPremium070',
  international: 'allowInternational',
} as const satisfies Record<NumberKind, RestrictionSwitch>;

const UK = '44';

/** A number as dialled in the UK (national 0..., 44..., +44..., 00 + country code ...). */
function parse(value: string) {
  return parsePhoneNumber(value, 'GB', metadata);
}

/**
 * The E.164 form ('+447700900501') of a number of a possible length, or undefined. It does not ask
 * that the number be allocated: Ofcom's drama numbers (07700 900xxx) normalise too.
 */
export function normaliseNumber(value: string): string | undefined {
  const number = parse(value);
  return number?.isPossible() ? number.number : undefined;
}

const UK_KIND_OF_TYPE: Partial<Record<PhoneNumberType, NumberKind>> = {
  FIXED_LINE: 'geographic',
  FIXED_LINE_OR_MOBILE: 'geographic',
  MOBILE: 'mobile',
  PERSONAL_NUMBER: 'personal070',
  TOLL_FREE: 'nonGeographic',
  SHARED_COST: 'nonGeographic',
  VOIP: 'nonGeographic',
  PAGER: 'nonGeographic',
};

/**
 * The kind of a number, or undefined when it is no number in use: a UK number outside every
 * allocated range (libphonenumber's 'invalid', e.g. 07700 900xxx) or of an impossible length.
 * Directory enquiries (118 xxx) are short codes, which libphonenumber-js has no metadata for: that
 * one rule is ours.
 */
export function numberKind(value: string): NumberKind | undefined {
  const number = parse(value);
  if (!number?.isPossible()) {
    return number?.countryCallingCode === UK && /^118\d{3}$/.test(number.nationalNumber) ? 'directory' : undefined;
  }
  if (number.countryCallingCode !== UK) return 'international';
  const national = number.nationalNumber;
  const type = number.getType();
  if (type === 'PREMIUM_RATE') return national.startsWith('9') ? 'premium09' : 'nonGeographic';
  if (type === 'UAN') return national.startsWith('3') ? 'geographic' : 'nonGeographic';
  return type === undefined ? undefined : UK_KIND_OF_TYPE[type];
}

/** The switch that must be on for a call to this number, or undefined for a number not in use. */
export function restrictionSwitchFor(value: string): RestrictionSwitch | undefined {
  const kind = numberKind(value);
  return kind && RESTRICTION_SWITCH_OF_KIND[kind];
}

/** A UK mobile number in use (a +44 number libphonenumber types as mobile). */
export function isUkMobileNumber(value: string): boolean {
  return numberKind(value) === 'mobile';
}

function isCountry(code: unknown): code is CountryCode {
  return typeof code === 'string' && isSupportedCountry(code as CountryCode, metadata);
}

/** The calling code of an ISO 3166 country ('FR' → '33'), from libphonenumber's metadata; undefined when unknown. */
export function callingCodeOf(country: string): string | undefined {
  const code: unknown = country;
  return isCountry(code) ? getCountryCallingCode(code, metadata) : undefined;
}

const COUNTRY_NAMES = new Intl.DisplayNames(['en-GB'], { type: 'region', fallback: 'code' });

/** The English name of an ISO 3166 country ('FR' → 'France'), or the code itself when unknown. */
export function countryName(country: string): string {
  try {
    return COUNTRY_NAMES.of(country) ?? country;
  } catch {
    return country;
  }
}

/** The country of an international number in E.164 form, when libphonenumber can tell it. */
export function countryOfNumber(value: string): string | undefined {
  return parsePhoneNumber(value, metadata)?.country;
}
