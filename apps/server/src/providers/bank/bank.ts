/**
 * UK bank details (direct debit, issue 13): an account number and sort code are checked with the
 * Vocalink modulus rules (`uk-modulus-checking`) and the bank is named; a postcode gives its
 * addresses. Both look-ups are providers:
 * - Sandbox (default): a small built-in table (real sort-code ranges of the big UK banks; a handful
 *   of real postcodes).
 * - Postcoder (Allies Computing) when `POSTCODER_API_KEY` is set (one key serves both): the bank
 *   check `POST https://ws.postcoder.com/pcw/{apikey}/bank` with { sortcode, accountnumber }
 *   (answers valid and bankname), the addresses `GET .../pcw/{apikey}/address/uk/{postcode}`.
 * The modulus check is ours either way and comes first: a pair failing it is never sent. Postcoder
 * not answering (in 5 s), answering an error status (a bad key, its own failure) or something
 * unreadable is a 502 saying the check is unavailable, never a pass.
 */
import { type AddressRecord, DIRECT_DEBIT_MESSAGES } from '@switchboard/domain';
import UkModulusChecking from 'uk-modulus-checking';
import { z } from 'zod';
import { HttpError } from '../../platform/errors.ts';
import { ProviderUnavailableError } from '../../platform/provider-modes.ts';

/** A GB bank account as the bank check knows it. */
export interface BankAccount {
  /** Its bank's name. */
  name: string;
  /** Whether it accepts Direct Debits (a savings account, say, does not). */
  directDebits: boolean;
}

export interface BankLookup {
  readonly kind: 'sandbox' | 'postcoder' | 'unavailable';
  /**
   * The account's bank, or null when the pair fails the modulus check or no GB bank has it. Throws
   * LookupUnavailableError (a 502) when the provider cannot say.
   */
  bankName(sortCode: string, accountNumber: string): Promise<BankAccount | null>;
}

/** The sandbox's account that takes no Direct Debits (a savings account): sort code 20-00-00. */
export const SANDBOX_NO_DIRECT_DEBITS_ACCOUNT = '55500044';

export interface AddressLookup {
  readonly kind: 'sandbox' | 'postcoder' | 'unavailable';
  /** The postcode's addresses ([] for a postcode nobody lives at). Throws LookupUnavailableError (a 502). */
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

/**
 * The provider did not answer usably: a 502 with the look-up's unavailable text; `detail` (what
 * went wrong, never shown to the user) is logged by the error handler as its cause.
 */
export class LookupUnavailableError extends HttpError {
  constructor(message: string, detail: string) {
    super(502, message);
    this.cause = new Error(detail);
  }
}

export const isModulusValid = (sortCode: string, accountNumber: string) =>
  new UkModulusChecking({ sortCode, accountNumber }).isValid();

export class SandboxBankLookup implements BankLookup {
  readonly kind = 'sandbox' as const;
  async bankName(sortCode: string, accountNumber: string): Promise<BankAccount | null> {
    if (!isModulusValid(sortCode, accountNumber)) return null;
    const code = Number(sortCode);
    const bank = SORT_CODE_BANKS.find((r) => code >= r.from && code <= r.to)?.bank;
    return bank ? { name: bank, directDebits: accountNumber !== SANDBOX_NO_DIRECT_DEBITS_ACCOUNT } : null;
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
  readonly kind = 'sandbox' as const;
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

// ---- Postcoder ------------------------------------------------------------------------------

export const POSTCODER_API = 'https://ws.postcoder.com/pcw';
export const POSTCODER_TIMEOUT_MS = 5000;
/** A postcode has a few dozen addresses; paging stops here whatever Postcoder says. */
const MAX_ADDRESS_PAGES = 10;

export interface PostcoderOptions {
  apiKey: string;
  /** Another server answering like Postcoder (tests); default ws.postcoder.com/pcw. */
  apiBase?: string | undefined;
  timeoutMs?: number | undefined;
}

const postcoderBank = z.looseObject({
  valid: z.boolean(),
  bankname: z.string().optional(),
  directdebits: z.boolean().optional(),
});
const postcoderAddress = z.looseObject({
  addressline1: z.string().optional(),
  addressline2: z.string().optional(),
  posttown: z.string().optional(),
  county: z.string().optional(),
  // Paging: the last address of a full page says there are more, and which page is next.
  morevalues: z.union([z.boolean(), z.string()]).optional(),
  nextpage: z.union([z.number(), z.string()]).optional(),
});
const postcoderAddresses = z.array(postcoderAddress);

/** Postcoder's web service: the API key is a path segment; JSON both ways. */
class PostcoderClient {
  readonly #base: string;
  readonly #timeoutMs: number;
  constructor(options: PostcoderOptions) {
    let base = options.apiBase ?? POSTCODER_API;
    while (base.endsWith('/')) base = base.slice(0, -1);
    this.#base = `${base}/${encodeURIComponent(options.apiKey)}`;
    this.#timeoutMs = options.timeoutMs ?? POSTCODER_TIMEOUT_MS;
  }

  /** The JSON answer of `path`, parsed by `schema`; anything else throws LookupUnavailableError(`unavailable`). */
  async call<T>(path: string, init: RequestInit, schema: z.ZodType<T>, unavailable: string): Promise<T> {
    let body: unknown;
    try {
      const res = await fetch(`${this.#base}${path}`, {
        ...init,
        headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      if (!res.ok) {
        // The key is in the URL: the detail names the path after it only.
        throw new LookupUnavailableError(unavailable, `Postcoder answered ${res.status} to ${path}`);
      }
      body = await res.json();
    } catch (error) {
      if (error instanceof LookupUnavailableError) throw error;
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? `no answer in ${this.#timeoutMs} ms` : String(error);
      throw new LookupUnavailableError(unavailable, `Postcoder could not be reached for ${path}: ${reason}`);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new LookupUnavailableError(unavailable, `Postcoder answered ${path} unreadably`);
    return parsed.data;
  }
}

export class PostcoderBankLookup implements BankLookup {
  readonly kind = 'postcoder' as const;
  readonly #client: PostcoderClient;
  constructor(options: PostcoderOptions) {
    this.#client = new PostcoderClient(options);
  }
  async bankName(sortCode: string, accountNumber: string): Promise<BankAccount | null> {
    if (!isModulusValid(sortCode, accountNumber)) return null;
    const unavailable = DIRECT_DEBIT_MESSAGES.bankCheckUnavailable;
    const answer = await this.#client.call(
      '/bank?format=json',
      { method: 'POST', body: JSON.stringify({ sortcode: sortCode, accountnumber: accountNumber }) },
      postcoderBank,
      unavailable,
    );
    if (!answer.valid) return null;
    const name = answer.bankname?.trim();
    // A valid account of no named bank cannot be shown or stored: not a pass.
    if (!name) throw new LookupUnavailableError(unavailable, 'Postcoder named no bank for a valid account');
    // Only an explicit 'no' refuses: an answer that does not say is not taken as a refusal.
    return { name, directDebits: answer.directdebits !== false };
  }
}

export class PostcoderAddressLookup implements AddressLookup {
  readonly kind = 'postcoder' as const;
  readonly #client: PostcoderClient;
  constructor(options: PostcoderOptions) {
    this.#client = new PostcoderClient(options);
  }
  async addresses(postcode: string): Promise<AddressRecord[]> {
    const search = encodeURIComponent(normalisePostcode(postcode));
    const records: AddressRecord[] = [];
    let page = 0;
    for (let pages = 0; pages < MAX_ADDRESS_PAGES; pages++) {
      // lines=2: the address before its post town over two lines; postcodeonly: the term is a postcode.
      const found = await this.#client.call(
        `/address/uk/${search}?format=json&lines=2&postcodeonly=true&page=${page}`,
        { method: 'GET' },
        postcoderAddresses,
        DIRECT_DEBIT_MESSAGES.addressLookupUnavailable,
      );
      for (const a of found) {
        records.push({
          line_1: a.addressline1 ?? '',
          line_2: a.addressline2 ?? '',
          post_town: a.posttown ?? '',
          postal_county: a.county ?? '',
          country_iso: 'GB',
        });
      }
      const last = found.at(-1);
      if (!last || String(last.morevalues) !== 'true') break;
      const next = Number(last.nextpage ?? page + 1);
      if (!Number.isInteger(next) || next <= page) break;
      page = next;
    }
    return records;
  }
}

/** No bank check (not configured, sandboxes off): no bank is named, so no pair passes. */
export class UnavailableBankLookup implements BankLookup {
  readonly kind = 'unavailable' as const;
  async bankName(): Promise<BankAccount | null> {
    throw new ProviderUnavailableError('bank');
  }
}

/** No address look-up (not configured, sandboxes off). */
export class UnavailableAddressLookup implements AddressLookup {
  readonly kind = 'unavailable' as const;
  async addresses(): Promise<AddressRecord[]> {
    throw new ProviderUnavailableError('addresses');
  }
}

/** Postcoder when its API key is set; else the sandbox tables when sandboxes are allowed, else none. */
export function bankLookupsFor(
  postcoder: Partial<PostcoderOptions>,
  sandboxes = true,
): { bank: BankLookup; addresses: AddressLookup } {
  if (!postcoder.apiKey) {
    return sandboxes
      ? { bank: new SandboxBankLookup(), addresses: new SandboxAddressLookup() }
      : { bank: new UnavailableBankLookup(), addresses: new UnavailableAddressLookup() };
  }
  const options: PostcoderOptions = { ...postcoder, apiKey: postcoder.apiKey };
  return { bank: new PostcoderBankLookup(options), addresses: new PostcoderAddressLookup(options) };
}
