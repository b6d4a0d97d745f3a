import { IVR_MESSAGES, type Ivr, MESSAGES } from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let retail: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
});
afterAll(async () => t?.close());

type Reply = { success?: boolean; message: string; id?: number; validation?: Record<string, string> };

describe('IVR menus', () => {
  it('bulk adds a range in the account’s numbering plan with the spec’s messages', async () => {
    const ok = await t.api('POST', '/ivr/range', retail, { from: 500, to: 502, description: 'Main menu' });
    expect(ok.statusCode, ok.body).toBe(200);
    const clash = await t.api('POST', '/ivr', retail, { name: 500, description: 'Again' });
    expect(json<Reply>(clash).validation?.name).toBe(IVR_MESSAGES.inUse);
    const seat = await t.api('POST', '/ivr', retail, { name: 201, description: 'Seat' });
    expect(json<Reply>(seat).validation?.name).toBe(IVR_MESSAGES.inUse);
    const over = await t.api('POST', '/ivr/range', retail, { from: 510, to: 505, description: 'x' });
    expect(json<Reply>(over).validation?.from).toBe(IVR_MESSAGES.lessThanTo);
    expect(json<Reply>(await t.api('POST', '/ivr', retail, { name: 'abc', description: 'x' })).validation?.name).toBe(
      IVR_MESSAGES.invalidNumber,
    );
    expect(json<Reply>(await t.api('POST', '/ivr', retail, { name: 520 })).validation?.description).toBe(
      MESSAGES.required,
    );
    expect(json<{ extension: number }>(await t.api('POST', '/ivr/next', retail)).extension).toBe(503);
  });

  it('keeps no greeting (-1), the default invalid prompt (0) and none (-1) apart, and refuses unknown prompts', async () => {
    const id = json<Reply>(await t.api('POST', '/ivr', retail, { name: 530, description: 'Prompts' })).id as number;
    const read = async () => json<Ivr>(await t.api('GET', `/ivr/${id}`, retail));
    expect(await read()).toMatchObject({ greetingId: -1, invalidPrompt: 0 });
    expect((await t.api('PATCH', `/ivr/${id}`, retail, { invalidPrompt: -1 })).statusCode).toBe(200);
    expect(await read()).toMatchObject({ invalidPrompt: -1 });
    expect((await t.api('PATCH', `/ivr/${id}`, retail, { description: 'Still none' })).statusCode).toBe(200);
    expect(await read()).toMatchObject({ invalidPrompt: -1, description: 'Still none' });
    const prompts = json<{ records: Array<{ id: number }> }>(await t.api('GET', '/prompts/options', retail)).records;
    const prompt = prompts[0]?.id as number;
    expect((await t.api('PATCH', `/ivr/${id}`, retail, { greetingId: prompt, invalidPrompt: prompt })).statusCode).toBe(
      200,
    );
    expect(await read()).toMatchObject({ greetingId: prompt, invalidPrompt: prompt });
    expect(json<Reply>(await t.api('PATCH', `/ivr/${id}`, retail, { greetingId: 0 })).validation?.greetingId).toBe(
      MESSAGES.selectOption,
    );
    expect(
      json<Reply>(await t.api('PATCH', `/ivr/${id}`, retail, { greetingId: 999_999 })).validation?.greetingId,
    ).toBe(MESSAGES.recordNotFound);
  });

  it('routes each key to a destination (CONFERENCING too), never to itself, and holds what it routes to', async () => {
    const id = json<Reply>(await t.api('POST', '/ivr', retail, { name: 540, description: 'Keys' })).id as number;
    const keys = { option1: 'seat:201', optionStar: 'CONFERENCING', optionTimeout: 'seat:202' };
    expect((await t.api('PATCH', `/ivr/${id}`, retail, keys)).statusCode).toBe(200);
    expect(json<Ivr>(await t.api('GET', `/ivr/${id}`, retail))).toMatchObject({ ...keys, keysSet: 3 });
    expect(json<Reply>(await t.api('PATCH', `/ivr/${id}`, retail, { option2: 'ivr:540' })).validation?.option2).toBe(
      IVR_MESSAGES.self,
    );
    expect(json<Reply>(await t.api('PATCH', `/ivr/${id}`, retail, { option3: 'seat:999' })).validation?.option3).toBe(
      MESSAGES.selectOption,
    );
    const seat = json<{ id: number }>(await t.api('POST', '/seat', retail, { extension: 541, nickname: 'Desk' })).id;
    expect((await t.api('PATCH', `/ivr/${id}`, retail, { option4: 'seat:541' })).statusCode).toBe(200);
    const refused = await t.api('DELETE', `/seat/${seat}`, retail);
    expect(refused.statusCode).toBe(409);
    expect(json<Reply>(refused).message).toBe(MESSAGES.inUseIn('IVR', '540 - Keys'));
  });
});
