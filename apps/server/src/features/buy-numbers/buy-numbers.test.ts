import {
  type AllocateReply,
  BUY_NUMBER_MESSAGES as M,
  type NumberBlock,
  type NumberRangeRecord,
  type TariffItem,
} from '@switchboard/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingPeriod, lastCompletePeriod, londonToday, runBilling } from '../../modules/billing/index.ts';
import {
  numberRentalLines,
  numberSetupLines,
  QUARANTINE_DAYS,
  releaseQuarantined,
} from '../../modules/numbering/index.ts';
import { balanceOf, createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let retail: Record<string, string>;
let prepay: Record<string, string>;
let viewer: Record<string, string>;
let admin: Record<string, string>;
let reseller: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  prepay = await t.login('prepay');
  viewer = await t.login('viewer');
  admin = await t.login('admin');
  reseller = await t.login('reseller');
});
afterAll(async () => t?.close());

const buy = async (headers: Record<string, string>, body: object) => {
  const res = await t.api('POST', '/numbering/available/allocate', headers, body);
  expect(res.statusCode, res.body).toBe(200);
  return json<AllocateReply>(res);
};
const stock = async (number: string) =>
  t.database.db.selectFrom('number_stock').selectAll().where('number', '=', number).executeTakeFirst();
const setBalance = (accountNo: number, pence: number) =>
  sql`insert into ledger_entries (account_no, kind, amount_pence, description)
      values (${accountNo}, 'adjustment', ${pence} - (select balance_pence from accounts where account_no = ${accountNo}), 'test')`.execute(
    t.database.db,
  );
const rangeOf = async (type: string, name?: string, country?: string) => {
  const res = await t.api('POST', '/numbering/available/ranges', retail, { type, ...(country ? { country } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  const records = json<{ records: NumberRangeRecord[] }>(res).records;
  const found = name ? records.find((r) => r.name === name) : records[0];
  if (!found) throw new Error(`no ${type} range ${name ?? ''}`);
  return found;
};

describe('the wizard’s searches', () => {
  it('lists the areas with stock by type and country, named from the geocoding data', async () => {
    const eng = json<{ records: NumberRangeRecord[] }>(
      await t.api('POST', '/numbering/available/ranges', retail, { type: 'GEONUM', country: 'ENG' }),
    ).records;
    expect(eng.map((r) => r.name)).toEqual(expect.arrayContaining(['Birmingham', 'London', 'Leeds', 'Manchester']));
    expect(eng.every((r) => r.country === 'ENG' && r.type === 'GEONUM')).toBe(true);
    const wal = await rangeOf('GEONUM', 'Cardiff', 'WAL');
    expect(wal.prefix).toBe('029');
    const noCountry = await t.api('POST', '/numbering/available/ranges', retail, { type: 'GEONUM' });
    expect(noCountry.statusCode).toBe(400);
    expect(json<{ message: string }>(noCountry).message).toBe(M.selectCountry);
    const noType = await t.api('POST', '/numbering/available/ranges', retail, {});
    expect(json<{ message: string }>(noType).message).toBe(M.selectType);
    const vanity = json<{ records: NumberRangeRecord[] }>(
      await t.api('POST', '/numbering/available/ranges', retail, { type: 'VAN' }),
    ).records;
    // The 0300 vanity range only for not-for-profit accounts, and 0300 numbers stop at the type.
    expect(vanity.map((r) => r.numberRangeId).sort()).toEqual([359, 676, 699]);
    const ngn = await t.api('POST', '/numbering/available/ranges', retail, { type: '03NGN' });
    expect(ngn.statusCode).toBe(400);
    expect(json<{ message: string }>(ngn).message).toBe(M.notForProfit);
    await t.database.db.updateTable('accounts').set({ not_for_profit: true }).where('account_no', '=', 30000).execute();
    expect((await rangeOf('03NGN')).type).toBe('03NGN');
    const all = json<{ records: NumberRangeRecord[] }>(
      await t.api('POST', '/numbering/available/ranges', retail, { type: 'VAN' }),
    ).records;
    expect(all.map((r) => r.numberRangeId).sort()).toEqual([359, 676, 699, 700]);
    await t.database.db
      .updateTable('accounts')
      .set({ not_for_profit: false })
      .where('account_no', '=', 30000)
      .execute();
  });

  it('answers runs of free numbers of at least the size asked, leaving out the numbers accounts hold', async () => {
    const birmingham = await rangeOf('GEONUM', 'Birmingham', 'ENG');
    const res = await t.api('POST', '/numbering/available/ranges/-1/-1', retail, {
      numberRangeId: birmingham.numberRangeId,
      minimumRangeSize: 50,
    });
    const blocks = json<{ records: NumberBlock[] }>(res).records;
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.every((b) => b.amount >= 50)).toBe(true);
    // The demo's 0121 496 0000.. are held by account 30000: no block starts at the range's first number.
    expect(blocks[0]?.start).not.toBe('01214960000');
  });

  it('finds vanity numbers by class and filter, with their setup price', async () => {
    const res = await t.api('POST', '/numbering/available/vanity', retail, {
      numberRangeId: 699,
      platinum: true,
      gold: false,
      silver: false,
      bronze: false,
      filter: '',
    });
    expect(json<{ records: unknown[] }>(res).records).toEqual([{ number: '08081570800', class: 1, setup: '500.00' }]);
    const gold = json<{ records: Array<{ number: string; class: number }> }>(
      await t.api('POST', '/numbering/available/vanity', retail, {
        numberRangeId: 699,
        platinum: false,
        bronze: false,
        silver: false,
        filter: '55',
      }),
    ).records;
    expect(gold).toEqual([{ number: '08081570855', class: 2, setup: '250.00' }]);
  });

  it('shows the service tariff, without prices for wholesale but vanity setups', async () => {
    const items = json<{ records: TariffItem[] }>(await t.api('GET', '/billing/tariff/-1/-1', retail)).records;
    expect(items.find((i) => i.item === 'GEONUM')).toMatchObject({ monthly: '2.00', setup: '0.00' });
    expect(items.find((i) => i.item === '0800FREE')).toMatchObject({ monthly: '5.00', setup: '10.00' });
    const wholesale = json<{ records: TariffItem[] }>(await t.api('GET', '/billing/tariff/-1/-1', reseller)).records;
    expect(wholesale.find((i) => i.item === 'GEONUM')).toMatchObject({ monthly: null, setup: null });
    expect(wholesale.find((i) => i.item === 'VAN1')).toMatchObject({ setup: '500.00' });
  });
});

describe('buying numbers', () => {
  it('allocates a range and a number at once: in the list, routable, charged on the next invoice (postpay)', async () => {
    const reply = await buy(retail, {
      telephoneNumberRanges: [{ start: '01134960100', end: '01134960101' }],
      telephoneNumbers: ['08081570400'],
    });
    expect(reply.records.map((r) => [r.item, r.message, r.success])).toEqual([
      ['01134960100 - 01134960101', M.purchased, true],
      ['08081570400', M.purchased, true],
    ]);
    expect(reply.message).toBe('3 Telephone Numbers successfully purchased');
    const id = reply.records[0]?.ids[0] as number;
    const read = await t.api('GET', `/numbering/allocated/${id}`, retail);
    expect(read.statusCode).toBe(200);
    expect(json<{ telephoneNumber: string }>(read).telephoneNumber).toBe('01134960100');
    // Routable at once: the number's destination is saved like any other.
    const routed = await t.api('PATCH', `/numbering/allocated/${id}`, retail, { destination: 'seat:204' });
    expect(routed.statusCode, routed.body).toBe(200);
    expect((await stock('01134960100'))?.status).toBe('allocated');
    // Postpay: the setup on the next invoice, the rental at the type's monthly price.
    const period = billingPeriod(londonToday().slice(0, 7));
    const setup = await t.app.platform.tenancy.crossAccount('billing', (tx) => numberSetupLines(tx, 30000, period));
    expect(setup).toEqual([
      { description: `0800 freephone number setup, ${period.label}`, quantity: 1, unitPricePence: 1000 },
    ]);
    const rent = await t.app.platform.tenancy.crossAccount('billing', (tx) => numberRentalLines(tx, 30000, period));
    expect(rent).toContainEqual({
      description: `0800 freephone number rental, ${period.label}`,
      quantity: 1,
      unitPricePence: 500,
    });
    expect(rent.find((l) => l.description.startsWith('Telephone number rental'))?.unitPricePence).toBe(200);
  });

  it('puts a postpay purchase’s setup and its type’s rental on the billing run’s invoice', async () => {
    const harrogate = await t.login('harrogate');
    const reply = await buy(harrogate, { telephoneNumbers: ['08081570410', '01314960200'] });
    expect(reply.message).toBe('2 Telephone Numbers successfully purchased');
    // Bought in the middle of the last complete month.
    const period = billingPeriod(lastCompletePeriod());
    const mid = new Date(`${period.start.slice(0, 8)}15T12:00:00Z`);
    await t.database.db
      .updateTable('telephone_numbers')
      .set({ created_at: mid })
      .where('account_no', '=', 20001)
      .execute();
    await t.database.db
      .updateTable('number_allocations')
      .set({ allocated_at: mid })
      .where('account_no', '=', 20001)
      .execute();
    const run = await runBilling(t.app.platform, { period: period.period, accounts: [20001] });
    expect(run.failed).toEqual([]);
    const lines = await sql<{ description: string; quantity: number; unit_price_pence: number }>`
      select l.description, l.quantity, l.unit_price_pence from invoice_lines l join invoices i on i.id = l.invoice_id
      where i.account_no = 20001 and i.period = ${period.period} order by l.position`.execute(t.database.db);
    expect(lines.rows).toEqual(
      expect.arrayContaining([
        { description: `0800 freephone number rental, ${period.label}`, quantity: 1, unit_price_pence: 500 },
        {
          description: `Telephone number rental, ${period.label}`,
          quantity: expect.any(Number),
          unit_price_pence: 200,
        },
        { description: `0800 freephone number setup, ${period.label}`, quantity: 1, unit_price_pence: 1000 },
      ]),
    );
  });

  it('answers Validation Error for a number another account has, and counts the errors', async () => {
    const reply = await buy(prepay, { telephoneNumbers: ['01134960100', '01134960102'] });
    expect(reply.records[0]).toMatchObject({
      success: false,
      message: M.validationError,
      validation: { telephoneNumbers: M.notAvailable },
    });
    expect(reply.records[1]).toMatchObject({ success: true, message: M.purchased });
    expect(reply.message).toBe('1 errors occurred');
    const bad = await buy(prepay, { telephoneNumberRanges: [{ start: '01134960300', end: '01134960500' }] });
    expect(bad.records[0]).toMatchObject({
      message: M.validationError,
      validation: { telephoneNumberRanges: M.badRange },
    });
    const none = await t.api('POST', '/numbering/available/allocate', prepay, {});
    expect(none.statusCode).toBe(400);
    expect(json<{ message: string }>(none).message).toBe(M.selectNumber);
  });

  it('refuses a prepay purchase the balance does not cover, allocating nothing', async () => {
    await setBalance(30001, 300);
    const reply = await buy(prepay, { telephoneNumbers: ['08081570401', '01134960103'] });
    expect(reply.success).toBe(false);
    expect(reply.message).toBe(M.balanceShort('10.00', '3.00'));
    expect(reply.records.map((r) => r.message)).toEqual([M.costError, M.costError]);
    expect((await stock('08081570401'))?.status).toBe('available');
    expect((await stock('01134960103'))?.status).toBe('available');
    expect(await balanceOf(t, 30001)).toBe(300);
  });

  it('takes a prepay account’s setup from its balance, on the ledger', async () => {
    await setBalance(30001, 2000);
    const reply = await buy(prepay, { telephoneNumbers: ['08081570402'] });
    expect(reply.records[0]?.message).toBe(M.purchased);
    expect(await balanceOf(t, 30001)).toBe(1000);
    const entry = await t.database.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('account_no', '=', 30001)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ kind: 'charge', amount_pence: -1000, description: 'Setup of 1 telephone number' });
    // Paid at purchase: not on the invoice again.
    const period = billingPeriod(londonToday().slice(0, 7));
    expect(await t.app.platform.tenancy.crossAccount('billing', (tx) => numberSetupLines(tx, 30001, period))).toEqual(
      [],
    );
  });

  it('sells 0300 numbers to not-for-profit accounts only', async () => {
    const refused = await buy(retail, { telephoneNumbers: ['03069990001'] });
    expect(refused.records[0]).toMatchObject({ message: M.validationError, validation: { type: M.notForProfit } });
    // Only a provider admin marks an account not-for-profit.
    const mark = (who: Record<string, string>, on: boolean) =>
      t.api('PUT', '/numbering/not-for-profit/30000', who, { notForProfit: on });
    expect((await mark(retail, true)).statusCode).toBe(403);
    const marked = await mark(admin, true);
    expect(json<{ message: string }>(marked).message).toBe(M.notForProfitSaved(30000, true));
    expect((await buy(retail, { telephoneNumbers: ['03069990001'] })).records[0]?.message).toBe(M.purchased);
    expect((await mark(admin, false)).statusCode).toBe(200);
    expect((await t.api('PUT', '/numbering/not-for-profit/99999', admin, { notForProfit: true })).statusCode).toBe(404);
  });

  it('answers Error returning pricing for a type without a tariff item, and Something went wrong for a failed item', async () => {
    const saved = await t.database.db
      .selectFrom('service_tariff')
      .selectAll()
      .where('item', '=', '0845NGN')
      .executeTakeFirstOrThrow();
    await t.database.db.deleteFrom('service_tariff').where('item', '=', '0845NGN').execute();
    const priced = await buy(retail, { telephoneNumbers: ['03069990600'] });
    expect(priced.records[0]?.message).toBe(M.pricingError);
    await t.database.db
      .insertInto('service_tariff')
      .values({ ...saved, version: undefined })
      .execute();
    // A stock row out of step with the numbers (one an account holds marked available): the item fails whole.
    await t.database.db
      .updateTable('number_stock')
      .set({ status: 'available', account_no: null })
      .where('number', '=', '01214960000')
      .execute();
    const failed = await buy(prepay, { telephoneNumbers: ['01214960000'] });
    expect(failed.records[0]?.message).toBe(M.failed);
    expect((await stock('01214960000'))?.status).toBe('available');
    await t.database.db
      .updateTable('number_stock')
      .set({ status: 'allocated', account_no: 30000 })
      .where('number', '=', '01214960000')
      .execute();
  });

  it('sells a number bought at the same moment by several accounts once, and loses none from stock', async () => {
    const harrogate = await t.login('harrogate');
    for (const number of ['01144960777', '01144960778', '01144960779']) {
      const replies = await Promise.all(
        [retail, prepay, harrogate].map((who) => buy(who, { telephoneNumbers: [number] })),
      );
      const outcomes = replies.map((r) => r.records[0]?.message);
      expect(outcomes.filter((m) => m === M.purchased)).toHaveLength(1);
      expect(outcomes.filter((m) => m === M.validationError)).toHaveLength(2);
      const held = await t.database.db
        .selectFrom('telephone_numbers')
        .select('account_no')
        .where('number', '=', number)
        .execute();
      expect(held).toHaveLength(1);
      expect((await stock(number))?.account_no).toBe(held[0]?.account_no);
    }
    // Overlapping ranges at once: one buyer gets them all, the other none.
    const ranges = await Promise.all([
      buy(retail, { telephoneNumberRanges: [{ start: '01144960800', end: '01144960809' }] }),
      buy(harrogate, { telephoneNumberRanges: [{ start: '01144960805', end: '01144960814' }] }),
    ]);
    expect(ranges.map((r) => r.records[0]?.success).filter(Boolean)).toHaveLength(1);
    // Every allocated stock number is its account's telephone number, and no bought number is still for sale.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from number_stock s
      where (s.status = 'allocated') <> exists (select 1 from telephone_numbers t where t.number = s.number and t.account_no = s.account_no)`.execute(
      t.database.db,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('takes a number given back out of the rentals and returns it to stock after the quarantine', async () => {
    const reply = await buy(retail, { telephoneNumbers: ['01154960500'] });
    const id = reply.records[0]?.ids[0] as number;
    const gone = await t.api('DELETE', `/numbering/allocated/${id}`, retail);
    expect(gone.statusCode, gone.body).toBe(200);
    const row = await stock('01154960500');
    expect(row).toMatchObject({ status: 'quarantined', account_no: null });
    const ended = await t.database.db
      .selectFrom('number_allocations')
      .selectAll()
      .where('number', '=', '01154960500')
      .executeTakeFirstOrThrow();
    expect(ended.released_at).not.toBeNull();
    const release = (now: Date) =>
      t.app.platform.tenancy.crossAccount('numbering', (tx) => releaseQuarantined(tx, now));
    await release(new Date(Date.now() + (QUARANTINE_DAYS - 1) * 86_400_000));
    expect((await stock('01154960500'))?.status).toBe('quarantined');
    await release(new Date(Date.now() + (QUARANTINE_DAYS + 1) * 86_400_000));
    expect((await stock('01154960500'))?.status).toBe('available');
  });
});

describe('permissions', () => {
  it('lets only buyers buy and only provider admins add stock and set prices', async () => {
    expect(
      (await t.api('POST', '/numbering/available/allocate', viewer, { telephoneNumbers: ['01164960001'] })).statusCode,
    ).toBe(403);
    const range = { type: 'GEONUM', country: 'ENG', first: '01164960000', last: '01164960009' };
    expect((await t.api('POST', '/numbering/stock/ranges', retail, range)).statusCode).toBe(403);
    const overlap = await t.api('POST', '/numbering/stock/ranges', admin, range);
    expect(overlap.statusCode).toBe(409);
    const added = await t.api('POST', '/numbering/stock/ranges', admin, {
      ...range,
      first: '01164990000',
      last: '01164990099',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(json<{ message: string }>(added).message).toBe(M.rangeAdded(100));
    expect((await rangeOf('GEONUM', 'Leicester', 'ENG')).name).toBe('Leicester');
    expect((await t.api('PUT', '/billing/tariff/GEONUM', retail, { monthly: '2.50', setup: '0' })).statusCode).toBe(
      403,
    );
    const saved = await t.api('PUT', '/billing/tariff/GEONUM', admin, { monthly: '2.50', setup: '0' });
    expect(saved.statusCode, saved.body).toBe(200);
    const items = json<{ records: TariffItem[] }>(await t.api('GET', '/billing/tariff/-1/-1', retail)).records;
    expect(items.find((i) => i.item === 'GEONUM')?.monthly).toBe('2.50');
    await t.api('PUT', '/billing/tariff/GEONUM', admin, { monthly: '2.00', setup: '0' });
  });
});
