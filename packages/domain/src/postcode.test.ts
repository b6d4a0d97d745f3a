import { describe, expect, it } from 'vitest';
import { emsInput } from './features/telephone-numbers.ts';
import { normalisePostcode } from './postcode.ts';

// Every shape of UK postcode (outward A9, A99, AA9, AA99, A9A, AA9A, and GIR 0AA), as typed.
const cases: Array<[string, string]> = [
  ['b12jr', 'B1 2JR'],
  ['B1 2JR', 'B1 2JR'],
  ['m601nw', 'M60 1NW'],
  ['cr26xh', 'CR2 6XH'],
  ['dn55 1pt', 'DN55 1PT'],
  ['w1a0ax', 'W1A 0AX'],
  ['EC1A1BB', 'EC1A 1BB'],
  ['sw1a 1aa', 'SW1A 1AA'],
  ['gir0aa', 'GIR 0AA'],
  ['  ls22 6ne ', 'LS22 6NE'],
];

describe('UK postcodes in their normal form', () => {
  it.each(cases)('%s → %s', (typed, normal) => {
    expect(normalisePostcode(typed)).toBe(normal);
  });

  it.each(cases)('the emergency address saves %s as %s', (typed, normal) => {
    const address = { name: 'Acme', premises: '45', postcode: typed };
    expect(emsInput.parse(address).postcode).toBe(normal);
  });
});
