/**
 * The direct-debit wizard's bank check and postcode addresses through Postcoder (POSTCODER_API_KEY
 * set): the app is pointed at a local server answering like Postcoder's web service, which records
 * every request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DIRECT_DEBIT_MESSAGES, type DirectDebitRecord } from '@switchboard/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import {
  bankLookupsFor,
  PostcoderAddressLookup,
  PostcoderBankLookup,
  SandboxAddressLookup,
  SandboxBankLookup,
} from '../../providers/bank/bank.ts';
import { directDebitSubmit } from '../../test/direct-debit-fixtures.ts';
import { createTestContext, json, type TestContext } from '../../test/harness.ts';

const KEY = 'PCW45-12345-12345-1234X';
const TIMEOUT_MS = 400;

interface Recorded {
  method: string;
  url: string;
  contentType: string;
  body: string;
}

/** What the fake Postcoder does: answer, fail with a status, or answer too late. */
let mode: 'ok' | 500 | 403 | 'slow' | 'not-json' = 'ok';
const requests: Recorded[] = [];

/** Postcoder's answers: a valid pair of the bank's (EISCD names are in capitals), an invalid one. */
const BANKS: Record<string, object> = {
  '200000/41011166': {
    valid: true,
    stateid: 0,
    sortcode: '200000',
    accountnumber: '41011166',
    directdebits: true,
    bankname: 'BARCLAYS BANK UK PLC',
    branchname: 'LEEDS',
  },
  // A savings account: valid, but it takes no Direct Debits.
  '200000/55500044': { valid: true, directdebits: false, bankname: 'BARCLAYS BANK UK PLC' },
};
const address = (line1: string, line2: string, town: string, county: string, postcode: string) => ({
  addressline1: line1,
  addressline2: line2,
  summaryline: [line1, line2, town, county, postcode].filter(Boolean).join(', '),
  posttown: town,
  county,
  postcode,
});
const ADDRESSES: Record<string, object[][]> = {
  'LS1 4AP': [
    [
      address('Bella Hair Studio', '2 Park Row', 'Leeds', 'West Yorkshire', 'LS1 4AP'),
      address('4 Park Row', '', 'Leeds', 'West Yorkshire', 'LS1 4AP'),
    ],
  ],
  // More than a page: the last address of page 0 says so.
  'EC1A 1BB': [
    [
      address('1 Long Lane', '', 'London', '', 'EC1A 1BB'),
      { ...address('2 Long Lane', '', 'London', '', 'EC1A 1BB'), morevalues: 'true', nextpage: '1', totalresults: '3' },
    ],
    [address('3 Long Lane', '', 'London', '', 'EC1A 1BB')],
  ],
};

let server: http.Server;
let t: TestContext;
let prepay: Record<string, string>;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        contentType: String(req.headers['content-type'] ?? ''),
        body,
      });
      const send = (status: number, payload: unknown) => {
        res.statusCode = status;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(payload));
      };
      if (mode === 'slow') {
        setTimeout(() => send(200, { valid: true, bankname: 'TOO LATE BANK' }), TIMEOUT_MS * 3);
        return;
      }
      if (mode === 500 || mode === 403) return send(mode, { error: 'unavailable' });
      if (mode === 'not-json') {
        res.setHeader('content-type', 'text/html');
        return res.end('<html>maintenance</html>');
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (!url.pathname.startsWith(`/pcw/${KEY}/`)) return send(403, 'Invalid API key');
      const path = url.pathname.slice(`/pcw/${KEY}`.length);
      if (req.method === 'POST' && path === '/bank') {
        const { sortcode, accountnumber } = JSON.parse(body) as { sortcode: string; accountnumber: string };
        return send(
          200,
          BANKS[`${sortcode}/${accountnumber}`] ?? { valid: false, stateid: 1, sortcode, accountnumber },
        );
      }
      const postcode = /^\/address\/uk\/(.+)$/.exec(path)?.[1];
      if (req.method === 'GET' && postcode) {
        const pages = ADDRESSES[decodeURIComponent(postcode)] ?? [[]];
        return send(200, pages[Number(url.searchParams.get('page') ?? 0)] ?? []);
      }
      send(404, 'Not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  t = await createTestContext({
    postcoder: { apiKey: KEY, apiBase: `http://127.0.0.1:${port}/pcw`, timeoutMs: TIMEOUT_MS },
  });
  prepay = await t.login('prepay');
});
afterAll(async () => {
  await t?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});
beforeEach(() => {
  mode = 'ok';
  requests.length = 0;
});

type Reply = { success: boolean; message: string; name?: string; validation?: Record<string, string> };
const bankName = (sortCode: string, accountNumber: string) =>
  t.api('POST', '/billing/directdebit/bankname', prepay, { sortCode, accountNumber });
// Postcoder's own name for the bank (EISCD names are in capitals).
const submit = (changes: object = {}) => directDebitSubmit({ bankName: 'BARCLAYS BANK UK PLC', ...changes });

describe('choosing the provider', () => {
  it('is Postcoder when POSTCODER_API_KEY is set, else the sandbox', () => {
    const configured = loadConfig({ POSTCODER_API_KEY: KEY, POSTCODER_API_BASE: 'http://127.0.0.1:9/pcw' }).postcoder;
    expect(configured).toEqual({ apiKey: KEY, apiBase: 'http://127.0.0.1:9/pcw' });
    const real = bankLookupsFor(configured);
    expect(real.bank).toBeInstanceOf(PostcoderBankLookup);
    expect(real.addresses).toBeInstanceOf(PostcoderAddressLookup);
    const sandbox = bankLookupsFor(loadConfig({}).postcoder);
    expect(sandbox.bank).toBeInstanceOf(SandboxBankLookup);
    expect(sandbox.addresses).toBeInstanceOf(SandboxAddressLookup);
  });
});

describe('bank check through Postcoder', () => {
  it('sends the pair with the key in the path and names the bank Postcoder names', async () => {
    const res = await bankName('20-00-00', '41011166');
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Reply>(res)).toEqual({ success: true, name: 'BARCLAYS BANK UK PLC', message: '' });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: `/pcw/${KEY}/bank?format=json`,
      contentType: 'application/json',
    });
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ sortcode: '200000', accountnumber: '41011166' });
  });

  it("answers Postcoder's invalid with the spec's text", async () => {
    // Vocalink's own passing example: our modulus check lets it through, Postcoder says invalid.
    const res = await bankName('089999', '66374958');
    expect(json<Reply>(res)).toEqual({ success: false, name: '', message: DIRECT_DEBIT_MESSAGES.bankMismatch });
    expect(requests).toHaveLength(1);
  });

  it('refuses an account Postcoder says takes no Direct Debits', async () => {
    const res = await bankName('200000', '55500044');
    expect(json<Reply>(res)).toEqual({
      success: false,
      name: 'BARCLAYS BANK UK PLC',
      message: DIRECT_DEBIT_MESSAGES.noDirectDebits,
    });
  });

  it('never sends a pair that fails the modulus check', async () => {
    for (const [sortCode, accountNumber] of [
      ['938063', '15764273'],
      ['200000', '31926819'],
    ]) {
      const res = await bankName(sortCode as string, accountNumber as string);
      expect(json<Reply>(res)).toEqual({ success: false, name: '', message: DIRECT_DEBIT_MESSAGES.bankMismatch });
    }
    expect(requests).toHaveLength(0);
  });

  it('is a 502 saying the check is unavailable when Postcoder fails, refuses the key, answers late or unreadably', async () => {
    for (const failure of [500, 403, 'slow', 'not-json'] as const) {
      mode = failure;
      const started = Date.now();
      const res = await bankName('200000', '41011166');
      expect(res.statusCode, `${failure}: ${res.body}`).toBe(502);
      expect(json<Reply>(res)).toEqual({ success: false, message: DIRECT_DEBIT_MESSAGES.bankCheckUnavailable });
      if (failure === 'slow') expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 3);
    }
  });

  it('sets up a mandate with the bank Postcoder names, and none while Postcoder is unavailable', async () => {
    mode = 500;
    const down = await t.api('POST', '/billing/directdebit', prepay, submit());
    expect(down.statusCode).toBe(502);
    expect(json<Reply>(down).message).toBe(DIRECT_DEBIT_MESSAGES.bankCheckUnavailable);
    expect(json<{ record: unknown }>(await t.api('GET', '/billing/directdebit', prepay)).record).toBeNull();

    mode = 'ok';
    const invalid = await t.api(
      'POST',
      '/billing/directdebit',
      prepay,
      submit({ sortCode: '089999', accountNumber: '66374958' }),
    );
    expect(invalid.statusCode).toBe(400);
    expect(json<Reply>(invalid).validation?.accountNumber).toBe(DIRECT_DEBIT_MESSAGES.bankMismatch);

    const res = await t.api('POST', '/billing/directdebit', prepay, submit());
    expect(res.statusCode, res.body).toBe(200);
    const record = json<{ record: DirectDebitRecord }>(await t.api('GET', '/billing/directdebit', prepay)).record;
    expect(record).toMatchObject({ bank_name: 'BARCLAYS BANK UK PLC', account_ending: '1166' });
  });
});

describe('postcode addresses through Postcoder', () => {
  type Records = { records: Record<string, string>[] };

  it('maps Postcoder’s addresses to the address records', async () => {
    const res = await t.api('GET', '/address/ls14ap/addresses', prepay);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Records>(res).records).toEqual([
      {
        line_1: 'Bella Hair Studio',
        line_2: '2 Park Row',
        post_town: 'Leeds',
        postal_county: 'West Yorkshire',
        country_iso: 'GB',
      },
      { line_1: '4 Park Row', line_2: '', post_town: 'Leeds', postal_county: 'West Yorkshire', country_iso: 'GB' },
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('GET');
    const url = new URL(requests[0]?.url ?? '', 'http://localhost');
    expect(url.pathname).toBe(`/pcw/${KEY}/address/uk/LS1%204AP`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: 'json',
      lines: '2',
      postcodeonly: 'true',
      page: '0',
    });
  });

  it('follows the pages while Postcoder says there are more', async () => {
    const res = await t.api('GET', '/address/EC1A%201BB/addresses', prepay);
    expect(json<Records>(res).records.map((r) => r.line_1)).toEqual(['1 Long Lane', '2 Long Lane', '3 Long Lane']);
    expect(requests.map((r) => new URL(r.url, 'http://localhost').searchParams.get('page'))).toEqual(['0', '1']);
  });

  it('answers no addresses for a postcode Postcoder does not know (the page then asks to type it)', async () => {
    const res = await t.api('GET', '/address/ZZ9%209ZZ/addresses', prepay);
    expect(res.statusCode).toBe(200);
    expect(json<Records>(res).records).toEqual([]);
  });

  it('is a 502 saying the look-up is unavailable when Postcoder fails or answers late', async () => {
    for (const failure of [500, 'slow'] as const) {
      mode = failure;
      const res = await t.api('GET', '/address/LS1%204AP/addresses', prepay);
      expect(res.statusCode, `${failure}: ${res.body}`).toBe(502);
      expect(json<Reply>(res)).toEqual({ success: false, message: DIRECT_DEBIT_MESSAGES.addressLookupUnavailable });
    }
  });
});
