import {
  CALL_OPTION_MESSAGES,
  DIAL_THROUGH_MESSAGES,
  type DialThrough,
  type DialThroughCli,
  FEATURES,
  MASK,
  MESSAGES,
} from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let retail: Record<string, string>;
let prepay: Record<string, string>;
let viewer: Record<string, string>;
let highRisk: Record<string, string>;
/** A user of Acme with dial-through rights but no highRisk (the demo holder has it). */
let noRisk: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  prepay = await t.login('prepay');
  viewer = await t.login('viewer');
  await addUser(t.database.db, {
    username: 'dt_highrisk',
    accountNo: 30000,
    grants: [
      [FEATURES.dialThrough, MASK.all],
      [FEATURES.highRisk, MASK.readOnly],
    ],
  });
  highRisk = await t.login('dt_highrisk');
  await addUser(t.database.db, { username: 'dt_norisk', accountNo: 30000, grants: [[FEATURES.dialThrough, MASK.all]] });
  noRisk = await t.login('dt_norisk');
});
afterAll(async () => t?.close());

type Reply = { success?: boolean; message: string; id?: number; validation?: Record<string, string> };
type Page<T> = { records: T[]; totalRecords: number };

const create = async (headers: Record<string, string>, body: object) => {
  const res = await t.api('POST', '/dialthrough', headers, body);
  expect(res.statusCode, res.body).toBe(200);
  return json<Reply>(res).id as number;
};
const read = async (id: number, headers = retail) =>
  json<DialThrough>(await t.api('GET', `/dialthrough/${id}`, headers));
const clis = async (id: number) => json<Page<DialThroughCli>>(await t.api('GET', `/dialthrough/${id}/clis`, retail));

describe('dial-through', () => {
  it('saves every field and reads it back; defaults are the spec’s first choices', async () => {
    const defaults = await create(retail, { name: 'Defaults', pin: '4455' });
    expect(await read(defaults)).toMatchObject({
      name: 'Defaults',
      cli: '',
      pin: '4455',
      pinEnabled: true,
      ukGeo: true,
      inter: false,
      ukMob: true,
      ukOther: false,
      channels: 2,
      cliCount: 0,
    });
    const body = {
      name: 'Every field',
      cli: '01214960001',
      pin: '123456',
      pinEnabled: true,
      ukGeo: false,
      inter: true,
      ukMob: false,
      ukOther: true,
      channels: 50,
    };
    const id = await create(highRisk, body);
    expect(await read(id)).toMatchObject({ ...body, id });
    // The listed record is the same, found by its name.
    const page = json<Page<DialThrough>>(await t.api('POST', '/dialthrough/0/15', retail, { search: 'Every field' }));
    expect(page.records.map((r) => r.id)).toEqual([id]);
  });

  it('refuses each invalid field with the spec’s message and changes nothing', async () => {
    const id = await create(retail, { name: 'Valid', pin: '1111' });
    const cases: Array<[object, string, string]> = [
      [{ name: '' }, 'name', MESSAGES.required],
      [{ name: 'x'.repeat(51) }, 'name', MESSAGES.maxLength(50)],
      [{ pin: '12' }, 'pin', MESSAGES.pin],
      [{ pin: '1234567' }, 'pin', MESSAGES.pin],
      [{ pin: 'abcd' }, 'pin', MESSAGES.pin],
      [{ pin: '' }, 'pin', MESSAGES.required],
      [{ channels: 6 }, 'channels', MESSAGES.selectOption],
      [{ channels: 0 }, 'channels', MESSAGES.selectOption],
      [{ cli: '12' }, 'cli', MESSAGES.telephone],
      [{ cli: '01179460000' }, 'cli', DIAL_THROUGH_MESSAGES.notAccountNumber],
    ];
    for (const [patch, field, message] of cases) {
      const res = await t.api('PATCH', `/dialthrough/${id}`, retail, patch);
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(json<Reply>(res).validation?.[field], JSON.stringify(patch)).toBe(message);
    }
    const created = await t.api('POST', '/dialthrough', retail, { name: 'No PIN', pinEnabled: true });
    expect(json<Reply>(created).validation).toEqual({ pin: MESSAGES.required });
    expect(await read(id)).toMatchObject({ name: 'Valid', pin: '1111', channels: 2, cli: '' });
    // Without the PIN switch, no PIN is needed — once a caller ID guards it.
    expect(
      (await t.api('POST', '/dialthrough/cli', retail, { dialThroughId: id, number: '07700900150' })).statusCode,
    ).toBe(200);
    const open = await t.api('PATCH', `/dialthrough/${id}`, retail, { pinEnabled: false, pin: '' });
    expect(open.statusCode, open.body).toBe(200);
    expect(await read(id)).toMatchObject({ pinEnabled: false, pin: '' });
  });

  it('is never open to any caller: no PIN needs a caller ID, and the last one stays while the PIN is off', async () => {
    const refused = await t.api('POST', '/dialthrough', retail, { name: 'Wide open', pinEnabled: false });
    expect(refused.statusCode).toBe(400);
    expect(json<Reply>(refused).validation).toEqual({ pinEnabled: DIAL_THROUGH_MESSAGES.pinOffNeedsCallerId });
    const id = await create(retail, { name: 'Guarded', pin: '5555' });
    const off = await t.api('PATCH', `/dialthrough/${id}`, retail, { pinEnabled: false, pin: '' });
    expect(json<Reply>(off).validation).toEqual({ pinEnabled: DIAL_THROUGH_MESSAGES.pinOffNeedsCallerId });
    expect((await read(id)).pinEnabled).toBe(true);

    await t.api('POST', '/dialthrough/cli', retail, { dialThroughId: id, number: '07700900161' });
    await t.api('POST', '/dialthrough/cli', retail, { dialThroughId: id, number: '07700900162' });
    expect((await t.api('PATCH', `/dialthrough/${id}`, retail, { pinEnabled: false, pin: '' })).statusCode).toBe(200);
    const [first, second] = (await clis(id)).records;
    // Removing both at once, or the last one, is refused and removes nothing.
    const both = await t.api('DELETE', '/dialthrough/cli', retail, { ids: [first?.id, second?.id] });
    expect(both.statusCode).toBe(409);
    expect(json<Reply>(both).message).toBe(DIAL_THROUGH_MESSAGES.lastCallerId);
    expect((await clis(id)).records).toHaveLength(2);
    expect((await t.api('DELETE', '/dialthrough/cli', retail, { id: first?.id })).statusCode).toBe(200);
    const last = await t.api('DELETE', '/dialthrough/cli', retail, { id: second?.id });
    expect(json<Reply>(last).message).toBe(DIAL_THROUGH_MESSAGES.lastCallerId);
    // With the PIN back on, it may go.
    expect((await t.api('PATCH', `/dialthrough/${id}`, retail, { pinEnabled: true, pin: '5555' })).statusCode).toBe(
      200,
    );
    expect((await t.api('DELETE', '/dialthrough/cli', retail, { id: second?.id })).statusCode).toBe(200);
  });

  it('lets only a holder of highRisk read change international calls (server-enforced)', async () => {
    const refused = await t.api('POST', '/dialthrough', noRisk, { name: 'Abroad', pin: '1234', inter: true });
    expect(refused.statusCode).toBe(403);
    expect(json<Reply>(refused)).toMatchObject({
      message: CALL_OPTION_MESSAGES.highRisk,
      validation: { inter: CALL_OPTION_MESSAGES.highRisk },
    });
    const id = await create(highRisk, { name: 'Abroad', pin: '1234', inter: true });
    // The holder without highRisk may change the rest, leaving international calls as they are...
    const rename = await t.api('PATCH', `/dialthrough/${id}`, noRisk, { name: 'Abroad renamed' });
    expect(rename.statusCode, rename.body).toBe(200);
    // ...but not switch them off.
    const off = await t.api('PATCH', `/dialthrough/${id}`, noRisk, { inter: false });
    expect(off.statusCode).toBe(403);
    expect(json<Reply>(off).validation).toEqual({ inter: CALL_OPTION_MESSAGES.highRisk });
    expect(await read(id)).toMatchObject({ name: 'Abroad renamed', inter: true });
    const on = await t.api('PATCH', `/dialthrough/${id}`, highRisk, { inter: false });
    expect(on.statusCode, on.body).toBe(200);
  });

  it('shows the PIN only to who may change it', async () => {
    const id = await create(retail, { name: 'Secret', pin: '9876' });
    expect((await read(id, viewer)).pin).toBe('');
    expect((await read(id, retail)).pin).toBe('9876');
    const listed = json<Page<DialThrough>>(await t.api('POST', '/dialthrough/-1/-1', viewer, { search: 'Secret' }));
    expect(listed.records[0]?.pin).toBe('');
  });

  it('adds caller-ID entries once each with the telephone pattern, lists and deletes them', async () => {
    const id = await create(retail, { name: 'Callers', pin: '2222' });
    const add = (number: string, dialThroughId = id, headers = retail) =>
      t.api('POST', '/dialthrough/cli', headers, { dialThroughId, number });
    const first = await add('07700900123');
    expect(first.statusCode, first.body).toBe(200);
    expect(json<Reply>(first).message).toBe(`07700900123 ${MESSAGES.createdSuccessfully}`);
    expect((await add('+447700900124')).statusCode).toBe(200);
    const twice = await add('07700900123');
    expect(twice.statusCode).toBe(400);
    expect(json<Reply>(twice).validation).toEqual({ number: DIAL_THROUGH_MESSAGES.numberTwice });
    expect(json<Reply>(twice).message).toBe('This number is already a part of this dial through');
    expect(json<Reply>(await add('')).validation?.number).toBe(MESSAGES.enterTelephone);
    expect(json<Reply>(await add('12ab')).validation?.number).toBe(MESSAGES.telephone);
    expect(json<Reply>(await add('1234')).validation?.number).toBe(MESSAGES.telephone);
    // The same number may authenticate callers of another dial-through.
    const other = await create(retail, { name: 'Other callers', pin: '3333' });
    expect((await add('07700900123', other)).statusCode).toBe(200);

    const list = (await clis(id)).records;
    expect(list.map((c) => c.number)).toEqual(['+447700900124', '07700900123']);
    expect((await read(id)).cliCount).toBe(2);
    const page = json<Page<DialThroughCli>>(await t.api('POST', `/dialthrough/${id}/clis/0/1`, retail, {}));
    expect(page).toMatchObject({ totalRecords: 2, records: [{ number: '+447700900124' }] });

    // Another account can neither add to it, see them nor delete them.
    expect((await add('07700900125', id, prepay)).statusCode).toBe(404);
    expect((await t.api('GET', `/dialthrough/${id}/clis`, prepay)).statusCode).toBe(404);
    expect((await t.api('DELETE', '/dialthrough/cli', prepay, { id: list[0]?.id as number })).statusCode).toBe(404);
    // A read-only user cannot add or delete.
    expect((await add('07700900126', id, viewer)).statusCode).toBe(403);
    expect((await t.api('DELETE', '/dialthrough/cli', viewer, { id: list[0]?.id as number })).statusCode).toBe(403);

    const removed = await t.api('DELETE', '/dialthrough/cli', retail, { id: list[0]?.id as number });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(json<Reply>(removed).message).toBe(MESSAGES.successfullyDeleted('+447700900124'));
    expect((await clis(id)).records.map((c) => c.number)).toEqual(['07700900123']);
    // Deleting the dial-through takes its entries.
    expect((await t.api('DELETE', '/dialthrough', retail, { id })).statusCode).toBe(200);
    expect((await t.api('GET', `/dialthrough/${id}/clis`, retail)).statusCode).toBe(404);
  });

  it('holds the number its CLI presents: deleting it is refused, naming the dial-through', async () => {
    const numbers = json<Page<{ id: number; telephoneNumber: string }>>(
      await t.api('POST', '/numbering/allocated/-1/-1', retail, {}),
    ).records;
    const accounts = numbers.find((n) => n.telephoneNumber === '01214960002');
    expect(accounts).toBeDefined();
    const id = await create(retail, { name: 'Presents accounts', pin: '4444', cli: '01214960002' });
    const refused = await t.api('DELETE', `/numbering/allocated/${accounts?.id}`, retail);
    expect(refused.statusCode).toBe(409);
    expect(json<Reply>(refused).message).toContain(MESSAGES.inUseIn('Dial Through', 'Presents accounts'));
    expect((await t.api('DELETE', `/dialthrough/${id}`, retail)).statusCode).toBe(200);
  });

  it('has the demo dial-through of Acme with its callers', async () => {
    const page = json<Page<DialThrough>>(
      await t.api('POST', '/dialthrough/-1/-1', retail, { search: 'Engineers on the road' }),
    );
    const demo = page.records[0] as DialThrough;
    expect(demo).toMatchObject({ cli: '01214960000', cliCount: 2, channels: 4 });
    expect(json<Page<DialThrough>>(await t.api('POST', '/dialthrough/-1/-1', prepay, {})).records).toEqual([]);
  });
});
