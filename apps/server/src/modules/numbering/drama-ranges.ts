/**
 * The demo's and a fresh provider's stock: Ofcom's telephone numbers reserved for TV, radio and
 * film ("drama") use and testing, which are never given to a subscriber — so no real person's number
 * is ever sold. Source: Ofcom, "Telephone numbers for use in TV and radio drama programmes"
 * (https://www.ofcom.org.uk/phones-and-broadband/phone-numbers/numbers-for-drama), checked against
 * its list of 1,000-number blocks: 0113/0114/0115/0116/0117/0118/0121/0131/0141/0151/0161 496 0xxx,
 * 020 7946 0xxx, 0191 498 0xxx, 028 9649 6xxx, 029 2018 0xxx, 01632 960xxx, 0306 999 0xxx,
 * 0808 157 0xxx, 0909 879 0xxx.
 *
 * The geographic blocks are stocked as they are, each under its area (the area's name comes from
 * libphonenumber's geocoding data, not from this file); 01632 (a fictional area with no geocoded
 * name) and 0909 (premium rate, not a type we sell) are left out. There are no drama blocks of the
 * non-geographic and freephone types, so the two UK-wide blocks stand in for them, split by hundreds
 * (a documented mapping; a provider admin adds real ranges through POST /numbering/stock/ranges):
 *   0306 999 0000–0199 → 03NGN (0300)     0306 999 0200–0399 → 0333NGN
 *   0306 999 0400–0599 → 0843NGN          0306 999 0600–0799 → 0845NGN
 *   0306 999 0800–0899 → vanity 0333 (range 676)   0306 999 0900–0999 → vanity 0300 (range 700)
 *   0808 157 0000–0399 → 0808FREE         0808 157 0400–0799 → 0800FREE
 *   0808 157 0800–0899 → vanity 0808 (range 699)   0808 157 0900–0999 → vanity 0800 (range 359)
 */
import type { GeoCountry, UkNumberType } from '@switchboard/domain';

export interface StockRange {
  /** A fixed id (the spec's vanity ranges), else the sequence's. */
  id?: number;
  type: UkNumberType;
  country: GeoCountry | null;
  /** The area's name; null: the geocoder's for the first number. */
  name: string | null;
  prefix: string;
  first: string;
  last: string;
  vanity?: boolean;
}

export const OFCOM_DRAMA_SOURCE = 'Ofcom numbers reserved for drama use';

const geo = (prefix: string, first: string, last: string, country: GeoCountry): StockRange => ({
  type: 'GEONUM',
  country,
  name: null,
  prefix,
  first,
  last,
});

export const DRAMA_RANGES: readonly StockRange[] = [
  geo('020', '02079460000', '02079460999', 'ENG'),
  geo('0113', '01134960000', '01134960999', 'ENG'),
  geo('0114', '01144960000', '01144960999', 'ENG'),
  geo('0115', '01154960000', '01154960999', 'ENG'),
  geo('0116', '01164960000', '01164960999', 'ENG'),
  geo('0117', '01174960000', '01174960999', 'ENG'),
  geo('0118', '01184960000', '01184960999', 'ENG'),
  geo('0121', '01214960000', '01214960999', 'ENG'),
  geo('0151', '01514960000', '01514960999', 'ENG'),
  geo('0161', '01614960000', '01614960999', 'ENG'),
  geo('0191', '01914980000', '01914980999', 'ENG'),
  geo('0131', '01314960000', '01314960999', 'SCO'),
  geo('0141', '01414960000', '01414960999', 'SCO'),
  geo('028', '02896496000', '02896496999', 'NIR'),
  geo('029', '02920180000', '02920180999', 'WAL'),
  { type: '03NGN', country: null, name: '0300 (UK-wide)', prefix: '0300', first: '03069990000', last: '03069990199' },
  { type: '0333NGN', country: null, name: '0333 (UK-wide)', prefix: '0333', first: '03069990200', last: '03069990399' },
  { type: '0843NGN', country: null, name: '0843 (UK-wide)', prefix: '0843', first: '03069990400', last: '03069990599' },
  { type: '0845NGN', country: null, name: '0845 (UK-wide)', prefix: '0845', first: '03069990600', last: '03069990799' },
  {
    type: '0808FREE',
    country: null,
    name: '0808 Freephone',
    prefix: '0808',
    first: '08081570000',
    last: '08081570399',
  },
  {
    type: '0800FREE',
    country: null,
    name: '0800 Freephone',
    prefix: '0800',
    first: '08081570400',
    last: '08081570799',
  },
  vanity(676, '0333NGN', '0333', '03069990800', '03069990899'),
  vanity(700, '03NGN', '0300', '03069990900', '03069990999'),
  vanity(699, '0808FREE', '0808', '08081570800', '08081570899'),
  vanity(359, '0800FREE', '0800', '08081570900', '08081570999'),
];

function vanity(id: number, type: UkNumberType, prefix: string, first: string, last: string): StockRange {
  return { id, type, country: null, name: `Vanity ${prefix}`, prefix, first, last, vanity: true };
}

/**
 * A vanity number's class by its last two digits: '00' Platinum (1), a pair ('77') Gold (2), ending
 * in 0 Silver (3), anything else Bronze (4).
 */
export function vanityClassOf(number: string): 1 | 2 | 3 | 4 {
  const tail = number.slice(-2);
  if (tail === '00') return 1;
  if (tail[0] === tail[1]) return 2;
  if (tail.endsWith('0')) return 3;
  return 4;
}
