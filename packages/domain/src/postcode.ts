/** UK postcodes: the normal form an address is saved in (the pattern that checks one is in patterns.ts). */
import { toNormalised } from 'postcode';

/**
 * A UK postcode in its normal form — upper case, one space before the inward code ('b12jr' →
 * 'B1 2JR', 'ec1a1bb' → 'EC1A 1BB'); the library knows every shape but the Girobank's 'GIR 0AA'.
 * Anything it cannot read is only upper-cased (the pattern refuses it anyway).
 */
export function normalisePostcode(value: string): string {
  const typed = value.trim();
  if (/^gir\s*0aa$/i.test(typed)) return 'GIR 0AA';
  return toNormalised(typed) ?? typed.toUpperCase();
}
