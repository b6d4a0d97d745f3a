import fs from 'node:fs';
import { MESSAGES, TARIFF_MESSAGES, type TariffLookupRecord, type TariffRateRecord } from '@switchboard/domain';
import { parse } from 'csv-parse/sync';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callCost, smsCosts, spreadsheetSafe } from '../../modules/billing/index.ts';
import { createTestContext, json, type TestContext } from '../../test/harness.ts';
import { RATE_DECK_FILE, readRateDeck } from './migrations/081-rate-deck.ts';

let t: TestContext;
let admin: Record<string, string>;
let retail: Record<string, string>;
let reseller: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin');
  retail = await t.login('retail');
  reseller = await t.login('reseller');
});
afterAll(() => t.close());

const lookUp = (number: string, headers = retail) => t.api('GET', `/billing/callcost/${number}`, headers);

describe('GET /billing/callcost/{number}', () => {
  it('answers the longest prefix: UK mobile, Isle of Man mobile, France mobile, Jamaica', async () => {
    const mobile = json<TariffLookupRecord>(await lookUp('07700900123'));
    expect(mobile).toMatchObject({ prefix: '447', destination: 'UK Mobile', category: 'mobile', onPeak: '2.50' });
    expect(json<TariffLookupRecord>(await lookUp('07624123456')).prefix).toBe('447624');
    const france = json<TariffLookupRecord>(await lookUp('0033612345678'));
    expect(france).toMatchObject({ prefix: '336', destination: 'France Mobile', category: 'international' });
    expect(json<TariffLookupRecord>(await lookUp('0033145678901')).destination).toBe('France');
    expect(json<TariffLookupRecord>(await lookUp('0018765551234')).destination).toBe('Jamaica');
    expect(json<TariffLookupRecord>(await lookUp('0015551234567')).destination).toBe('United States');
  });

  it('answers every field of the look-up and a three-minute call priced now by the rating function', async () => {
    const res = await lookUp('01132496000');
    expect(res.statusCode).toBe(200);
    const body = json<TariffLookupRecord>(res);
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining([
        'destination',
        'access',
        'onPeak',
        'onPeakConnection',
        'offPeak',
        'weekendOnPeak',
        'weekendOffPeak',
        'minimum',
      ]),
    );
    expect(body.example.seconds).toBe(180);
    const rate = body.example.band;
    // 3 minutes at 1.20p (on-peak) or 0.60p: 3.6p → 4p, 1.8p → 2p.
    expect(body.example.costPence).toBe(rate === 'onPeak' ? 4 : 2);
  });

  it('refuses what is not a caller-ID number with the spec’s message, 400', async () => {
    for (const bad of ['12345', '+447700900123', '0770090012a', '0000123', `0${'1'.repeat(20)}`, '07700 900123']) {
      const res = await lookUp(encodeURIComponent(bad));
      expect(res.statusCode, bad).toBe(400);
      expect(json(res).message, bad).toContain(MESSAGES.telephone);
    }
  });

  it('answers 404 with its message for a number no rate covers', async () => {
    const res = await lookUp('00999123456');
    expect(res.statusCode).toBe(404);
    expect(json(res).message).toBe(TARIFF_MESSAGES.noRate);
  });

  it('is for retail accounts and provider admins: wholesale is refused', async () => {
    expect((await lookUp('07700900123', admin)).statusCode).toBe(200);
    expect((await lookUp('07700900123', reseller)).statusCode).toBe(403);
    expect((await t.api('GET', '/billing/callcost/07700900123', {})).statusCode).toBe(401);
  });

  it('prices calls for the other areas through the one rating function (0800 free, premium minimum)', async () => {
    const start = new Date('2026-11-24T10:00:00Z');
    const price = (number: string, seconds: number) =>
      t.app.platform.tenancy.tenant(30000, (db) => callCost(db, { number, start, seconds }));
    expect((await price('08001234567', 600))?.costPence).toBe(0);
    // 5 seconds of 090: 2p access + 150p a minute ≈ 12.7p, under the 25p minimum.
    expect((await price('09012345678', 5))?.costPence).toBe(25);
    expect(await price('00999123456', 60)).toBeNull();
  });
});

describe('tariff documents', () => {
  it('lists the documents (title, filename, id)', async () => {
    const res = await t.api('GET', '/documents/tariff', retail);
    expect(res.statusCode).toBe(200);
    expect(json<{ records: unknown[] }>(res).records).toEqual([
      { id: 1, title: 'Call tariff (CSV)', filename: 'call-tariff.csv' },
      { id: 2, title: 'Call tariff (PDF)', filename: 'call-tariff.pdf' },
    ]);
  });

  it('answers the CSV generated from the deck: every rate of the checked-in file', async () => {
    const res = await t.api('POST', '/documents/tariff/call-tariff.csv/1', retail);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const rows: Record<string, string>[] = parse(res.body, { columns: true });
    const deck = readRateDeck(fs.readFileSync(RATE_DECK_FILE, 'utf8'));
    expect(rows).toHaveLength(deck.length);
    const byPrefix = new Map(rows.map((r) => [r.prefix, r]));
    for (const rate of deck) {
      const row = byPrefix.get(rate.prefix);
      expect(row?.destination).toBe(rate.destination);
      expect(row?.onPeak).toBe((rate.on_peak / 100).toFixed(2));
      expect(row?.minimum).toBe((rate.minimum / 100).toFixed(2));
    }
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'destination',
      'prefix',
      'category',
      'access',
      'onPeak',
      'onPeakConnection',
      'offPeak',
      'weekendOnPeak',
      'weekendOffPeak',
      'minimum',
    ]);
  });

  it('never writes a cell a spreadsheet would run as a formula', () => {
    expect(spreadsheetSafe('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(spreadsheetSafe('-1+2')).toBe(`'-1+2`);
    expect(spreadsheetSafe('UK Mobile')).toBe('UK Mobile');
  });

  it('answers the PDF: a PDF naming the destinations', async () => {
    const res = await t.api('POST', '/documents/tariff/call-tariff.pdf/2', retail);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    expect(text).toContain('CALL TARIFF');
    expect(text).toContain('UK Mobile');
    expect(text).toContain('France Mobile');
  });

  it('answers 404 for a document that does not exist (name and id must agree); wholesale is refused', async () => {
    for (const url of [
      '/documents/tariff/call-tariff.pdf/1',
      '/documents/tariff/other.pdf/2',
      '/documents/tariff/x/9',
    ]) {
      const res = await t.api('POST', url, retail);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await t.api('POST', '/documents/tariff/call-tariff.csv/1', reseller)).statusCode).toBe(403);
  });
});

describe('the provider admins’ edit of the deck', () => {
  async function rateOf(prefix: string): Promise<TariffRateRecord> {
    const res = await t.api('GET', `/tariff/rates?search=${prefix}&limit=200`, admin);
    expect(res.statusCode).toBe(200);
    const found = json<{ records: TariffRateRecord[] }>(res).records.find((r) => r.prefix === prefix);
    if (!found) throw new Error(`no rate ${prefix}`);
    return found;
  }
  const body = (r: TariffRateRecord, changes: Partial<TariffRateRecord> = {}) => {
    const { id: _id, prefix: _p, category: _c, ...input } = { ...r, ...changes };
    return input;
  };

  it('updates a rate, and the look-up answers the new rate at once', async () => {
    const before = await rateOf('4456');
    const res = await t.api('PUT', `/tariff/rates/${before.id}`, admin, body(before, { onPeak: '1.35' }));
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ success: true, message: TARIFF_MESSAGES.updated });
    const after = await rateOf('4456');
    expect(after).toMatchObject({ onPeak: '1.35', version: before.version + 1 });
    expect(json<TariffLookupRecord>(await lookUp('05612345678')).onPeak).toBe('1.35');
    const events = await t.app.platform.tenancy.crossAccount('seed', (tx) =>
      tx.selectFrom('change_events').select(['area', 'kind', 'label']).where('area', '=', 'tariff').execute(),
    );
    expect(events).toContainEqual({ area: 'tariff', kind: 'update', label: 'UK Location-independent (056) (4456)' });
  });

  it('edits the SMS rate: texts are priced by it at once; empty takes no texts; a stale version is refused', async () => {
    const mobiles = await rateOf('447');
    expect(mobiles.sms).toBe('4.00');
    expect((await rateOf('441')).sms).toBe(''); // a landline range takes no texts
    const res = await t.api('PUT', `/tariff/rates/${mobiles.id}`, admin, body(mobiles, { sms: '5.50' }));
    expect(res.statusCode, res.body).toBe(200);
    const after = await rateOf('447');
    expect(after).toMatchObject({ sms: '5.50', onPeak: mobiles.onPeak, version: mobiles.version + 1 });
    const price = () =>
      t.app.platform.tenancy.tenant(30000, (db) => smsCosts(db, ['07700900123'], 'x'.repeat(161)), { readOnly: true });
    expect(await price()).toEqual([{ to: '07700900123', costPence: 11, parts: 2 }]);
    // Stale: based on the version before this edit.
    const stale = await t.api('PUT', `/tariff/rates/${mobiles.id}`, admin, body(mobiles, { sms: '1.00' }));
    expect(stale.statusCode).toBe(409);
    expect(json(stale).message).toBe(MESSAGES.staleVersion);
    for (const bad of ['-1', '1.234', 'abc', '4p', '1234567']) {
      const refused = await t.api('PUT', `/tariff/rates/${after.id}`, admin, body(after, { sms: bad }));
      expect(refused.statusCode, bad).toBe(400);
      expect(json<{ validation: Record<string, string> }>(refused).validation, bad).toEqual({
        sms: TARIFF_MESSAGES.smsRate,
      });
    }
    expect(await rateOf('447')).toEqual(after);
    const none = await t.api('PUT', `/tariff/rates/${after.id}`, admin, body(after, { sms: '' }));
    expect(none.statusCode).toBe(200);
    expect((await rateOf('447')).sms).toBe('');
    expect(await price()).toEqual([null]);
    // Left out, it stays as it is.
    const cleared = await rateOf('447');
    expect((await t.api('PUT', `/tariff/rates/${cleared.id}`, admin, body(cleared, { sms: '4.00' }))).statusCode).toBe(
      200,
    );
    const { sms: _left, ...withoutSms } = body(await rateOf('447'));
    expect((await t.api('PUT', `/tariff/rates/${cleared.id}`, admin, withoutSms)).statusCode).toBe(200);
    expect(await rateOf('447')).toMatchObject({ sms: '4.00', version: cleared.version + 2 });
    const events = await t.app.platform.tenancy.crossAccount('seed', (tx) =>
      tx
        .selectFrom('change_events')
        .select(['before', 'after'])
        .where('area', '=', 'tariff')
        .where('record_id', '=', mobiles.id)
        .orderBy('id')
        .execute(),
    );
    expect(events[0]).toMatchObject({ before: { sms: '4.00' }, after: { sms: '5.50' } });
  });

  it('pages the deck, searched by destination words or by prefix digits', async () => {
    const words = json<{ records: TariffRateRecord[]; totalRecords: number }>(
      await t.api('GET', '/tariff/rates?search=corporate', admin),
    );
    expect(words.records.map((r) => r.prefix)).toEqual(['4455']);
    const digits = json<{ records: TariffRateRecord[] }>(await t.api('GET', '/tariff/rates?search=4487', admin));
    expect(digits.records.map((r) => r.prefix)).toEqual(['44870', '44871', '44872', '44873']);
    const page = json<{ records: TariffRateRecord[]; totalRecords: number; lastPage: boolean }>(
      await t.api('GET', '/tariff/rates?offset=0&limit=10', admin),
    );
    expect(page.records).toHaveLength(10);
    expect(page.totalRecords).toBeGreaterThan(250);
    expect(page.lastPage).toBe(false);
  });

  it('refuses a stale version with nothing changed, 409', async () => {
    const current = await rateOf('4455');
    const stale = body(current, { onPeak: '9.99', version: current.version - 1 || 999 });
    const res = await t.api('PUT', `/tariff/rates/${current.id}`, admin, stale);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(MESSAGES.staleVersion);
    expect(await rateOf('4455')).toEqual(current);
  });

  it('refuses a rate that is not pence with two decimals, 400, nothing changed', async () => {
    const current = await rateOf('4455');
    for (const bad of ['-1', '1.234', 'abc', '', '1e3']) {
      const res = await t.api('PUT', `/tariff/rates/${current.id}`, admin, body(current, { offPeak: bad }));
      expect(res.statusCode, bad).toBe(400);
      expect(JSON.stringify(json(res)), bad).toContain(TARIFF_MESSAGES.rate);
    }
    expect(await rateOf('4455')).toEqual(current);
  });

  it('refuses everyone but a provider admin: the retail holder, the reseller', async () => {
    const current = await rateOf('4455');
    for (const headers of [retail, reseller]) {
      expect((await t.api('PUT', `/tariff/rates/${current.id}`, headers, body(current))).statusCode).toBe(403);
      expect((await t.api('GET', '/tariff/rates', headers)).statusCode).toBe(403);
    }
    expect((await t.api('PUT', '/tariff/rates/999999', admin, body(current))).statusCode).toBe(404);
  });

  it('the tenant role cannot write the deck, whatever SQL it runs', async () => {
    await expect(
      t.app.platform.tenancy.tenant(30000, (db) =>
        db.updateTable('tariff_rates').set({ on_peak: 0 }).where('prefix', '=', '447').execute(),
      ),
    ).rejects.toThrow(/permission denied/);
  });
});
