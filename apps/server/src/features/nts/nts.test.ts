import { CALL_OPTION_MESSAGES, FEATURES, MASK, MESSAGES, NTS_MESSAGES, type Nts } from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let retail: Record<string, string>;
let prepay: Record<string, string>;
let noRestrictions: Record<string, string>;
let noHighRisk: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  prepay = await t.login('prepay');
  await addUser(t.database.db, {
    username: 'nts-plain',
    accountNo: 30000,
    grants: [[FEATURES.externalExt, MASK.all]],
  });
  await addUser(t.database.db, {
    username: 'nts-restrictions',
    accountNo: 30000,
    grants: [
      [FEATURES.externalExt, MASK.all],
      [FEATURES.ntsCallRestrictions, MASK.all],
    ],
  });
  noRestrictions = await t.login('nts-plain');
  noHighRisk = await t.login('nts-restrictions');
});
afterAll(async () => t?.close());

type Reply = { success?: boolean; message: string; id?: number; validation?: Record<string, string> };

describe('NTS destinations', () => {
  it('needs a telephone number, with the spec’s messages; the name is 50 long on create, 45 on edit', async () => {
    const missing = await t.api('POST', '/nts', retail, { name: 'Out of hours' });
    expect(json<Reply>(missing).validation?.destination).toBe(MESSAGES.enterTelephone);
    const bad = await t.api('POST', '/nts', retail, { name: 'Out of hours', destination: '1+2+3' });
    expect(json<Reply>(bad).validation?.destination).toBe(MESSAGES.telephone);
    const created = await t.api('POST', '/nts', retail, { name: 'n'.repeat(50), destination: '01632960999' });
    expect(created.statusCode, created.body).toBe(200);
    const id = json<Reply>(created).id as number;
    const record = json<Nts>(await t.api('GET', `/nts/${id}`, retail));
    expect(record).toMatchObject({ allowUKGeo: true, allowInternational: false, channelLimit: 2, extRefuse: false });
    const tooLong = await t.api('PATCH', `/nts/${id}`, retail, { name: 'n'.repeat(46) });
    expect(json<Reply>(tooLong).validation?.name).toBe(MESSAGES.maxLength(45));
    expect(json<Reply>(await t.api('PATCH', `/nts/${id}`, retail, { channelLimit: 31 })).validation?.channelLimit).toBe(
      NTS_MESSAGES.channelLimit,
    );
  });

  it('refuses the platform’s own numbers, any account’s, in any written form', async () => {
    // 01214960000 is Acme's; the prepay account checks it.
    for (const number of ['01214960000', '+441214960000', '441214960000']) {
      const check = json<{ success: boolean; onnet: boolean; message: string }>(
        await t.api('GET', `/nts/check/${encodeURIComponent(number)}`, prepay),
      );
      expect(check, number).toEqual({ success: false, onnet: true, message: NTS_MESSAGES.onNet });
    }
    expect(json<{ onnet: boolean }>(await t.api('GET', '/nts/check/01632960123', prepay)).onnet).toBe(false);
    const save = await t.api('POST', '/nts', prepay, { name: 'Acme', destination: '+441214960000' });
    expect(save.statusCode).toBe(400);
    expect(json<Reply>(save).validation?.destination).toBe(NTS_MESSAGES.onNet);
  });

  it('needs ntsCallRestrictions for the restriction toggles and highRisk for international and premium', async () => {
    const id = json<Reply>(await t.api('POST', '/nts', noRestrictions, { name: 'Plain', destination: '01632960100' }))
      .id as number;
    for (const change of [{ allowUK118: true }, { extRefuse: true }]) {
      const res = await t.api('PATCH', `/nts/${id}`, noRestrictions, change);
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
      expect(Object.values(json<Reply>(res).validation ?? {})).toEqual([CALL_OPTION_MESSAGES.restrictions]);
    }
    expect((await t.api('PATCH', `/nts/${id}`, noHighRisk, { allowUK118: true, extRefuse: true })).statusCode).toBe(
      200,
    );
    const international = await t.api('PATCH', `/nts/${id}`, noHighRisk, { allowInternational: true });
    expect(international.statusCode).toBe(403);
    expect(json<Reply>(international).validation?.allowInternational).toBe(CALL_OPTION_MESSAGES.highRisk);
    expect((await t.api('PATCH', `/nts/${id}`, retail, { allowInternational: true })).statusCode).toBe(200);
    // Unchanged values pass for anyone who may edit the destination.
    expect(
      (await t.api('PATCH', `/nts/${id}`, noRestrictions, { name: 'Plain 2', allowInternational: true })).statusCode,
    ).toBe(200);
  });

  it('is a destination a number can route to, and cannot be deleted while one does', async () => {
    const id = json<Reply>(await t.api('POST', '/nts', retail, { name: 'Answering', destination: '01632960200' }))
      .id as number;
    const numbers = json<{ records: Array<{ id: number; number: string }> }>(
      await t.api('POST', '/numbering/allocated/0/1', retail, {}),
    ).records;
    const number = numbers[0] as { id: number; number: string };
    const route = await t.api('PATCH', `/numbering/allocated/${number.id}`, retail, { destination: `nts:${id}` });
    expect(route.statusCode, route.body).toBe(200);
    const refused = await t.api('DELETE', `/nts/${id}`, retail);
    expect(refused.statusCode).toBe(409);
    expect(json<Reply>(refused).message).toContain('In use in');
  });
});
