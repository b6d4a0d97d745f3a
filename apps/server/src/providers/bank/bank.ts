/**
 * UK bank details (direct debit, issue 13): an account number and sort code are checked with the
 * Vocalink modulus rules (`uk-modulus-checking`) and the bank is named from its sort code; a
 * postcode gives its addresses. Both look-ups are providers: the sandbox answers from a small
 * built-in table (real sort-code ranges of the big UK banks; a handful of real postcodes); the
 * modulus check is the real one either way.
 */
import type { AddressRecord } from '@switchboard/domain';
import UkModulusChecking from 'uk-modulus-checking';

export interface BankLookup {
  /** The bank's name, or null when the pair fails the modulus check or no GB bank has the sort code. */
  bankName(sortCode: string, accountNumber: string): Promise<string | null>;
}

export interface AddressLookup {
  addresses(postcode: string): Promise<AddressRecord[]>;
}

/** Sort-code ranges (first two digits, or a range of six-digit codes) and their banks. */
const SORT_CODE_BANKS: ReadonlyArray<{ from: number; to: number; bank: string }> = [
  { from: 200000, to: 209999, bank: 'Barclays Bank' },
  { from: 300000, to: 309999, bank: 'Lloyds Bank' },
  { from: 400000, to: 409999, bank: 'HSBC UK Bank' },
  { from: 600000, to: 609999, bank: 'National Westminster Bank' },
  { from: 70000, to: 70999, bank: 'Nationwide Building Society' },
  { from: 89000, to: 89999, bank: 'Santander UK' },
  { from: 90000, to: 90999, bank: 'Santander UK' },
  { from: 830000, to: 839999, bank: 'Royal Bank of Scotland' },
  { from: 938000, to: 938999, bank: 'Bank of Ireland (UK)' },
];

export const isModulusValid = (sortCode: string, accountNumber: string) =>
  new UkModulusChecking({ sortCode, accountNumber }).isValid();

export class SandboxBankLookup implements BankLookup {
  async bankName(sortCode: string, accountNumber: string): Promise<string | null> {
    if (!isModulusValid(sortCode, accountNumber)) return null;
    const code = Number(sortCode);
    return SORT_CODE_BANKS.find((r) => code >= r.from && code <= r.to)?.bank ?? null;
  }
}

const SANDBOX_ADDRESSES: Readonly<Record<string, ReadonlyArray<[string, string, string, string]>>> = {
  'B1 1AA': [
    ['1 Victoria Square', '', 'Birmingham', 'West Midlands'],
    ['The Council House', 'Victoria Square', 'Birmingham', 'West Midlands'],
  ],
  'SW1A 1AA': [['Buckingham Palace', '', 'London', 'Greater London']],
  'M1 1AE': [
    ['1 Piccadilly Gardens', '', 'Manchester', 'Greater Manchester'],
    ['3 Piccadilly Gardens', '', 'Manchester', 'Greater Manchester'],
  ],
  'LS1 4AP': [['2 Park Row', '', 'Leeds', 'West Yorkshire']],
  'HG1 1AA': [
    ['12 Station Parade', '', 'Harrogate', 'North Yorkshire'],
    ['14 Station Parade', '', 'Harrogate', 'North Yorkshire'],
  ],
};

/** 'b11aa' and 'B1 1AA' are one postcode. */
export const normalisePostcode = (postcode: string) => {
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
};

export class SandboxAddressLookup implements AddressLookup {
  async addresses(postcode: string): Promise<AddressRecord[]> {
    return (SANDBOX_ADDRESSES[normalisePostcode(postcode)] ?? []).map(([line1, line2, town, county]) => ({
      line_1: line1,
      line_2: line2,
      post_town: town,
      postal_county: county,
      country_iso: 'GB',
    }));
  }
}
