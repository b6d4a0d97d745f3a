import {
  type AllocateReply,
  BUY_NUMBER_MESSAGES,
  INTERNATIONAL_MESSAGES,
  type InternationalCountry,
  type InternationalNumber,
} from '@switchboard/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from '../../test/harness.ts';
import { multipart } from '../../test/multipart.ts';

let t: TestContext;
let reseller: Record<string, string>;
let retail: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  reseller = await t.login('reseller');
  retail = await t.login('retail');
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const BASE = '/numbering/international';
type Page<T> = { records: T[]; totalRecords: number };

const areaOf = async (country: string, name: string) => {
  const offer = json<InternationalCountry>(await t.api('POST', `${BASE}/country/${country}/-1/1`, reseller));
  const area = offer.records.find((a) => a.name === name);
  if (!area) throw new Error(`no area ${name} in ${country}`);
  return area;
};
const order = (body: object, headers = reseller) => t.api('POST', `${BASE}/order`, headers, body);
const internationalNumbers = async () =>
  json<Page<InternationalNumber>>(await t.api('POST', `${BASE}/-1/-1`, reseller)).records;
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.from('0000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex'),
]);
const PARIS_ADDRESS = {
  title: 'Ms',
  firstname: 'Claire',
  lastname: 'Martin',
  addressLine1: '8 Rue de Rivoli',
  addressLine2: 'Paris',
  county: 'Ile de France',
  country: 'France',
  postcode: '75004',
  regulationAccepted: true,
};
/** A new address in France, with a passport as its proof when `proven`. */
const addressInFrance = async (proven: boolean) => {
  const made = await t.api('POST', `${BASE}/address`, reseller, PARIS_ADDRESS);
  expect(made.statusCode, made.body).toBe(200);
  const id = json<{ id: number }>(made).id;
  if (proven) {
    const body = multipart([
      { name: 'proofType', value: 'Passport' },
      { name: 'proofFile', filename: 'passport.png', type: 'image/png', content: PNG },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1${BASE}/address/${id}/proof/upload`,
      headers: { ...reseller, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
};

describe('the international order', () => {
  it('buys numbers of an area that needs no address: the account’s at once, out of stock, the setup charged', async () => {
    const area = await areaOf('US', 'New York');
    // The USA's areas name their state (the wizard asks for it first).
    expect([area.state, (await areaOf('US', 'San Francisco')).state, (await areaOf('FR', 'Paris')).state]).toEqual([
      'New York',
      'California',
      null,
    ]);
    const before = await internationalNumbers();
    const res = await order({ customerReference: 'PO-1', areaId: area.id, quantity: 2, addressId: null });
    expect(res.statusCode, res.body).toBe(200);
    const reply = json<AllocateReply>(res);
    expect(reply).toMatchObject({ success: true, message: BUY_NUMBER_MESSAGES.summaryPurchased(2) });
    expect(reply.records.map((r) => r.message)).toEqual([BUY_NUMBER_MESSAGES.purchased, BUY_NUMBER_MESSAGES.purchased]);
    const after = await internationalNumbers();
    const bought = after.filter((n) => !before.some((b) => b.id === n.id));
    expect(bought.map((n) => n.number)).toEqual(reply.records.map((r) => r.item));
    expect(bought.every((n) => /^\+1\d{3}5550\d{3}$/.test(n.number))).toBe(true);
    expect((await areaOf('US', 'New York')).stock).toBe(Math.min(100, area.stock - 2));
    // Postpay: the setup waits for the next invoice, the rental is the 'INT' item's.
    const { rows } = await sql<{ tariff_item: string; setup_pence: number; on_ledger: boolean }>`
      select tariff_item, setup_pence, on_ledger from number_allocations
      where number in (${sql.join(bought.map((n) => n.number))})`.execute(t.database.db);
    expect(rows).toEqual([
      { tariff_item: 'INT', setup_pence: 1000, on_ledger: false },
      { tariff_item: 'INT', setup_pence: 1000, on_ledger: false },
    ]);
  });

  it('refuses every number of a country that needs an address without one, or without a proof, taking none', async () => {
    const paris = await areaOf('FR', 'Paris');
    const none = json<AllocateReply>(await order({ areaId: paris.id, quantity: 2, addressId: null }));
    expect(none.success).toBe(false);
    expect(none.records.map((r) => r.message)).toEqual([
      INTERNATIONAL_MESSAGES.addressError,
      INTERNATIONAL_MESSAGES.addressError,
    ]);
    expect(none.message).toBe(BUY_NUMBER_MESSAGES.summaryErrors(2));
    const unproven = json<AllocateReply>(
      await order({ areaId: paris.id, quantity: 1, addressId: await addressInFrance(false) }),
    );
    expect(unproven.records.map((r) => r.message)).toEqual([INTERNATIONAL_MESSAGES.proofError]);
    expect((await areaOf('FR', 'Paris')).stock).toBe(paris.stock);
  });

  it('buys with an address that has its proof, linking the numbers to it', async () => {
    const paris = await areaOf('FR', 'Paris');
    const address = await addressInFrance(true);
    const reply = json<AllocateReply>(await order({ areaId: paris.id, quantity: 1, addressId: address }));
    expect(reply.success, JSON.stringify(reply)).toBe(true);
    const links = json<Page<{ number: string }>>(await t.api('GET', `${BASE}/address/links/${address}`, reseller));
    expect(links.records.map((l) => l.number)).toContain(reply.records[0]?.item);
  });

  it('answers the numbers an area no longer has as errors, and is for wholesale accounts and provider admins only', async () => {
    const area = await areaOf('US', 'New York');
    await sql`update international_stock set allocated_at = now()
      where area_id = ${area.id} and allocated_at is null and id not in (
        select id from international_stock where area_id = ${area.id} and allocated_at is null order by id limit 1)`.execute(
      t.database.db,
    );
    const reply = json<AllocateReply>(await order({ areaId: area.id, quantity: 3, addressId: null }));
    expect(reply.records.map((r) => r.success)).toEqual([true, false, false]);
    expect(reply.records[1]).toMatchObject({ message: BUY_NUMBER_MESSAGES.validationError });
    expect(reply.message).toBe(BUY_NUMBER_MESSAGES.summaryErrors(2));
    expect((await order({ areaId: area.id, quantity: 1, addressId: null }, retail)).statusCode).toBe(403);
    const bad = await order({ areaId: area.id, quantity: 0, addressId: null });
    expect(bad.statusCode).toBe(400);
  });

  it('puts a number given back in quarantine before it is sold again', async () => {
    const [number] = (await internationalNumbers()).filter((n) => n.number.startsWith('+1'));
    if (!number) throw new Error('an international number');
    const stock = (await areaOf('US', 'New York')).stock;
    const res = await t.api('DELETE', `/numbering/allocated/${number.id}`, reseller);
    expect(res.statusCode, res.body).toBe(200);
    // Resting, it is not the area's stock (the order could not take it).
    expect((await areaOf('US', 'New York')).stock).toBe(stock);
    const { rows } = await sql<{ allocated_at: Date | null; resting: boolean }>`
      select allocated_at, quarantined_until > now() + interval '89 days' as resting
      from international_stock where number = ${number.number}`.execute(t.database.db);
    expect(rows).toEqual([{ allocated_at: null, resting: true }]);
  });

  it('sells the stock a provider admin adds, with the country’s requirement; only the country’s numbers, only by a provider admin', async () => {
    const stock = {
      country: 'DE',
      addressType: 'none',
      proofRequired: false,
      proofTypes: [],
      area: 'Berlin',
      first: '+493012345000',
      count: 5,
    };
    expect((await t.api('POST', `${BASE}/stock`, reseller, stock)).statusCode).toBe(403);
    const wrong = await t.api('POST', `${BASE}/stock`, admin, { ...stock, first: '+33199000000' });
    expect(wrong.statusCode).toBe(400);
    expect(json<{ validation: Record<string, string> }>(wrong).validation.first).toBe(
      INTERNATIONAL_MESSAGES.notOfCountry,
    );
    const added = await t.api('POST', `${BASE}/stock`, admin, stock);
    expect(added.statusCode, added.body).toBe(200);
    expect(json(added)).toMatchObject({ added: 5, message: INTERNATIONAL_MESSAGES.stockAdded(5, 'Berlin') });
    // Again over the same numbers and three more: only the new ones are added.
    expect(json(await t.api('POST', `${BASE}/stock`, admin, { ...stock, count: 8 }))).toMatchObject({ added: 3 });
    const berlin = await areaOf('DE', 'Berlin');
    expect(berlin.stock).toBe(8);
    const reply = json<AllocateReply>(await order({ areaId: berlin.id, quantity: 1, addressId: null }));
    expect(reply.records.map((r) => r.item)).toEqual(['+493012345000']);
  });
});
