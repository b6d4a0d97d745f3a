import {
  type CallQueue,
  type DestinationOption,
  MESSAGES,
  QUEUE_IDENTIFICATION,
  QUEUE_MESSAGES,
  type QueueMember,
  queueLoginCodes,
} from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basedOn, createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let retail: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
});
afterAll(async () => t?.close());

type Reply = { success?: boolean; message: string; id?: number; validation?: Record<string, string> };

const create = async (body: object) => {
  const res = await t.api('POST', '/queue', retail, body);
  expect(res.statusCode, res.body).toBe(200);
  return json<Reply>(res).id as number;
};

describe('call queues', () => {
  it('bulk adds a range in the numbering plan; the spec’s messages; agent codes 120* and 121*', async () => {
    expect(
      (await t.api('POST', '/queue/range', retail, { from: 800, to: 802, customName: 'Helpdesk' })).statusCode,
    ).toBe(200);
    expect(
      json<Reply>(await t.api('POST', '/queue/range', retail, { from: 802, to: 803, customName: 'x' })).validation
        ?.from,
    ).toBe(QUEUE_MESSAGES.rangeInUse);
    expect(
      json<Reply>(await t.api('POST', '/queue/range', retail, { from: 810, to: 820, customName: 'x' })).validation?.to,
    ).toBe(QUEUE_MESSAGES.tooMany);
    expect(
      json<Reply>(await t.api('POST', '/queue', retail, { displayName: 202, customName: 'x' })).validation?.displayName,
    ).toBe(QUEUE_MESSAGES.inUse);
    expect(queueLoginCodes(800)).toEqual({ login: '120*800', logout: '121*800' });
  });

  it('takes only the spec’s option values, with its defaults', async () => {
    const id = await create({ displayName: 830, customName: 'Options' });
    expect(json<CallQueue>(await t.api('GET', `/queue/${id}`, retail))).toMatchObject({
      strategy: 'ringall',
      queueTime: 0,
      welcomeId: -1,
      announceId: -1,
      periodicAnnounceId: -1,
      musicOnHold: null,
    });
    for (const [field, value] of [
      ['queueTime', 45],
      ['maxLength', 12],
      ['timeout', 45],
      ['retry', 15],
      ['wrapUpTime', 70],
      ['announceFrequency', 45],
      ['periodicAnnounceFrequency', 45],
      ['strategy', 'leastcalls'],
      ['announceId', -6],
      ['welcomeId', 0],
    ] as const) {
      const res = await t.api('PATCH', `/queue/${id}`, retail, { [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(json<Reply>(res).validation?.[field], field).toBe(MESSAGES.selectOption);
    }
    expect(json<Reply>(await t.api('PATCH', `/queue/${id}`, retail, { exitTime: '25:00' })).validation?.exitTime).toBe(
      QUEUE_MESSAGES.exitTime,
    );
    const ok = {
      queueTime: 7200,
      maxLength: 70,
      timeout: 40,
      retry: 300,
      wrapUpTime: 300,
      strategy: 'linear',
      exitSwitch: true,
      exitTime: '17:30',
    };
    expect((await t.api('PATCH', `/queue/${id}`, retail, ok)).statusCode).toBe(200);
    expect(json<CallQueue>(await t.api('GET', `/queue/${id}`, retail))).toMatchObject(ok);
  });

  it('takes the five queue identifications of spec 2 §9 and no prompt; prompts elsewhere must exist', async () => {
    const id = await create({ displayName: 840, customName: 'Identified', announceId: -2 });
    expect(json<CallQueue>(await t.api('GET', `/queue/${id}`, retail)).announceId).toBe(-2);
    const prompt = json<{ records: Array<{ id: number }> }>(await t.api('GET', '/prompts/options', retail)).records[0]
      ?.id as number;
    // A custom prompt is no identification: refused, nothing changed.
    const refused = await t.api('PATCH', `/queue/${id}`, retail, { announceId: prompt, welcomeId: prompt });
    expect(refused.statusCode).toBe(400);
    expect(json<Reply>(refused).validation?.announceId).toBe(MESSAGES.selectOption);
    expect(json<CallQueue>(await t.api('GET', `/queue/${id}`, retail))).toMatchObject({
      announceId: -2,
      welcomeId: -1,
    });
    for (const option of QUEUE_IDENTIFICATION) {
      const res = await t.api('PATCH', `/queue/${id}`, retail, { announceId: option.value, welcomeId: prompt });
      expect(res.statusCode, option.label).toBe(200);
      expect(json<CallQueue>(await t.api('GET', `/queue/${id}`, retail)).announceId).toBe(option.value);
    }
    expect(QUEUE_IDENTIFICATION.map((o) => o.label)).toEqual(['None', 'Support', 'Sales', 'Accounting', 'Purchasing']);
    expect(
      json<Reply>(await t.api('PATCH', `/queue/${id}`, retail, { queueFullMessageId: 999_999 })).validation
        ?.queueFullMessageId,
    ).toBe(MESSAGES.recordNotFound);
  });

  it('takes only seats as members: every other destination of the account is refused, nothing added', async () => {
    const id = await create({ displayName: 690, customName: 'Seats only' });
    const all = json<{ records: DestinationOption[] }>(await t.api('GET', '/destinations', retail)).records;
    const others = all.filter((d) => d.type !== 'seat');
    expect(others.map((d) => d.label)).toContain('300 - Office hours');
    for (const other of others) {
      const res = await t.api('POST', `/queue/member/${id}`, retail, { memberName: other.value });
      expect(res.statusCode, other.value).toBe(400);
      expect(json<Reply>(res).validation?.memberName, other.value).toBe(MESSAGES.memberSeat);
    }
    expect(json<{ records: QueueMember[] }>(await t.api('GET', `/queue/members/${id}`, retail)).records).toEqual([]);
    expect((await t.api('POST', `/queue/member/${id}`, retail, { memberName: 'seat:203' })).statusCode).toBe(200);
  });

  it('adds members once, with a penalty 0-9, and holds the seats it rings', async () => {
    const id = await create({ displayName: 850, customName: 'Members' });
    const add = (body: object) => t.api('POST', `/queue/member/${id}`, retail, body);
    expect(json<Reply>(await add({ memberName: 'seat:201', penalty: 3 })).success).toBe(true);
    expect(json<Reply>(await add({ memberName: 'seat:201' })).validation?.memberName).toBe(QUEUE_MESSAGES.memberTwice);
    expect(json<Reply>(await add({ memberName: 'seat:202', penalty: 10 })).validation?.penalty).toBe(
      MESSAGES.selectOption,
    );
    expect(json<Reply>(await add({ memberName: '' })).validation?.memberName).toBe(MESSAGES.selectOption);
    const [member] = json<{ records: QueueMember[] }>(await t.api('GET', `/queue/members/${id}`, retail)).records;
    expect(member).toMatchObject({ memberName: 'seat:201', penalty: 3 });
    expect(member?.displayName).toMatch(/^201/);
    const edit = (version: number | undefined, penalty: number) =>
      t.api('PUT', '/queue/member', basedOn(retail, version), { id: member?.id, penalty });
    expect((await edit(member?.version, 9)).statusCode).toBe(200);
    const edited = json<{ records: QueueMember[] }>(await t.api('GET', `/queue/members/${id}`, retail)).records[0];
    expect(edited).toMatchObject({ penalty: 9, version: (member?.version ?? 0) + 1 });
    // An edit based on the member before that one is refused, and changes nothing.
    const stale = await edit(member?.version, 1);
    expect(stale.statusCode).toBe(409);
    expect(json<Reply>(stale).message).toBe(MESSAGES.staleVersion);
    expect(
      json<{ records: QueueMember[] }>(await t.api('GET', `/queue/members/${id}`, retail)).records[0]?.penalty,
    ).toBe(9);
    const seat = json<{ records: Array<{ id: number; extension: number }> }>(
      await t.api('POST', '/seat/0/1', retail, { filters: {} }),
    ).records.find((s) => s.extension === 201);
    const refused = await t.api('DELETE', `/seat/${seat?.id}`, retail);
    expect(refused.statusCode).toBe(409);
    expect(json<Reply>(refused).message).toContain('In use in Call Queue 850 - Members');
  });
});
