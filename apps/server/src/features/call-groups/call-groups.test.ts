import {
  CALL_GROUP_MESSAGES,
  type CallGroup,
  type CallGroupMember,
  type DestinationOption,
  MESSAGES,
} from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basedOn, createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let retail: Record<string, string>;
let prepay: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  prepay = await t.login('prepay');
});
afterAll(async () => t?.close());

type Reply = { success?: boolean; message: string; id?: number; validation?: Record<string, string> };
type Page<T> = { records: T[]; totalRecords: number };

const create = async (headers: Record<string, string>, body: object) => {
  const res = await t.api('POST', '/callgroup', headers, body);
  expect(res.statusCode, res.body).toBe(200);
  return json<Reply>(res).id as number;
};
const members = async (id: number) =>
  json<Page<CallGroupMember>>(await t.api('GET', `/callgroup/member/all/${id}`, retail)).records;

describe('call groups', () => {
  it('suggests the next free number and bulk adds a range with the spec’s messages', async () => {
    const next = json<{ extension: number }>(await t.api('POST', '/callgroup/next', retail)).extension;
    expect(next).toBeGreaterThanOrEqual(200);
    const range = await t.api('POST', '/callgroup/range', retail, { from: 600, to: 603, customName: 'Sales' });
    expect(range.statusCode, range.body).toBe(200);
    expect(json<{ results: unknown[] }>(range).results).toHaveLength(4);
    const again = await t.api('POST', '/callgroup/range', retail, { from: 602, to: 605, customName: 'Sales' });
    expect(json<Reply>(again).validation?.from).toBe(CALL_GROUP_MESSAGES.rangeInUse);
    const tooMany = await t.api('POST', '/callgroup/range', retail, { from: 700, to: 710, customName: 'Sales' });
    expect(json<Reply>(tooMany).validation?.to).toBe(CALL_GROUP_MESSAGES.tooMany);
    const backwards = await t.api('POST', '/callgroup/range', retail, { from: 720, to: 710, customName: 'Sales' });
    expect(json<Reply>(backwards).validation?.from).toBe(CALL_GROUP_MESSAGES.lessThanTo);
    const outside = await t.api('POST', '/callgroup', retail, { groupNo: 999, customName: 'Sales' });
    expect(json<Reply>(outside).validation?.groupNo).toBe(CALL_GROUP_MESSAGES.invalidNumber);
    // The seats' numbers are the same plan: 201 is a seat.
    const seat = await t.api('POST', '/callgroup', retail, { groupNo: 201, customName: 'Clash' });
    expect(json<Reply>(seat).validation?.groupNo).toBe(CALL_GROUP_MESSAGES.inUse);
    expect(json<{ extension: number }>(await t.api('POST', '/callgroup/next', retail)).extension).not.toBe(201);
  });

  it('defaults and limits its settings to the spec’s options', async () => {
    const id = await create(retail, { groupNo: 640, customName: 'Defaults' });
    expect(json<CallGroup>(await t.api('GET', `/callgroup/${id}`, retail))).toMatchObject({
      ringType: 1,
      ringTime: 10,
      answerElsewhere: false,
      ignoreCfwd: false,
      musicOnHold: null,
      memberCount: 0,
    });
    for (const [field, value] of [
      ['ringTime', 15],
      ['ringTime', 60],
      ['ringType', 3],
      ['musicOnHold', 999_999],
      ['falloverLocation', 'seat:999'],
    ] as const) {
      const res = await t.api('PATCH', `/callgroup/${id}`, retail, { [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(json<Reply>(res).validation?.[field]).toBe(MESSAGES.selectOption);
    }
    const long = await t.api('PATCH', `/callgroup/${id}`, retail, { customName: 'x'.repeat(46) });
    expect(json<Reply>(long).validation?.customName).toBe(MESSAGES.maxLength(45));
    const self = await t.api('PATCH', `/callgroup/${id}`, retail, { falloverLocation: 'callgroup:640' });
    expect(json<Reply>(self).validation?.falloverLocation).toBe('A call group cannot fall over to itself');
    const ok = await t.api('PATCH', `/callgroup/${id}`, retail, {
      ringTime: 50,
      ringType: 2,
      falloverLocation: 'seat:202',
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('takes only seats as members: every other destination of the account is refused, nothing added', async () => {
    const id = await create(retail, { groupNo: 690, customName: 'Seats only' });
    const all = json<Page<DestinationOption>>(await t.api('GET', '/destinations', retail)).records;
    const others = all.filter((d) => d.type !== 'seat');
    // The account has one of every other kind ('300 - Office hours' among them).
    expect(new Set(others.map((d) => d.type))).toEqual(
      new Set(['trunk', 'timeprofile', 'callgroup', 'queue', 'ivr', 'nts', 'voicemail', 'conference']),
    );
    for (const other of [...others, { value: 'callgroup:690' }]) {
      const res = await t.api('POST', `/callgroup/member/${id}`, retail, { name: other.value });
      expect(res.statusCode, other.value).toBe(400);
      expect(json<Reply>(res).validation?.name, other.value).toBe(MESSAGES.memberSeat);
    }
    expect(await members(id)).toEqual([]);
    const seat = all.find((d) => d.type === 'seat') as DestinationOption;
    expect((await t.api('POST', `/callgroup/member/${id}`, retail, { name: seat.value })).statusCode).toBe(200);
  });

  it('adds members once each, with days, hours and delay, shows their names and changes them', async () => {
    const id = await create(retail, { groupNo: 650, customName: 'Support' });
    const add = (body: object) => t.api('POST', `/callgroup/member/${id}`, retail, body);
    expect(json<Reply>(await add({ name: 'seat:201' })).success).toBe(true);
    const twice = await add({ name: 'seat:201' });
    expect(twice.statusCode).toBe(400);
    expect(json<Reply>(twice).validation?.name).toBe(CALL_GROUP_MESSAGES.memberTwice);
    expect(json<Reply>(await add({ name: '' })).validation?.name).toBe(MESSAGES.selectOption);
    expect(json<Reply>(await add({ name: 'seat:999' })).validation?.name).toBe(MESSAGES.selectOption);
    expect(json<Reply>(await add({ name: 'seat:202', penalty: 7 })).validation?.penalty).toBe(MESSAGES.selectOption);
    expect(
      json<Reply>(await add({ name: 'seat:202', penalty: 10, start: '18:00', end: '09:00' })).validation?.end,
    ).toBe(CALL_GROUP_MESSAGES.timeOrder);
    expect(json<Reply>(await add({ name: 'seat:202', penalty: 10 })).success).toBe(true);
    const list = await members(id);
    expect(list.map((m) => [m.name, m.penalty])).toEqual([
      ['seat:201', 0],
      ['seat:202', 10],
    ]);
    expect(list[0]?.displayName).toMatch(/^201/);
    expect(list[0]?.days.sunday).toBe(true);
    expect(json<CallGroup>(await t.api('GET', `/callgroup/${id}`, retail)).memberCount).toBe(2);

    const member = list[1] as CallGroupMember;
    const days = { ...member.days, saturday: false, sunday: false };
    const put = await t.api('PUT', '/callgroup/member', retail, {
      id: member.id,
      days,
      start: '08:00',
      end: '18:00',
      penalty: 30,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await members(id))[1]).toMatchObject({ days, start: '08:00', end: '18:00', penalty: 30 });
    // An edit based on the member before that one is refused (If-Match), and changes nothing.
    const stale = await t.api('PUT', '/callgroup/member', basedOn(retail, member.version), {
      id: member.id,
      days,
      start: '09:00',
      end: '17:00',
      penalty: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(json<Reply>(stale).message).toBe(MESSAGES.staleVersion);
    expect((await members(id))[1]).toMatchObject({ start: '08:00', penalty: 30, version: member.version + 1 });
    // Another account cannot see, change or delete them.
    expect((await t.api('GET', `/callgroup/member/all/${id}`, prepay)).statusCode).toBe(404);
    const theirs = await t.api('PUT', '/callgroup/member', prepay, {
      id: member.id,
      days,
      start: '08:00',
      end: '18:00',
      penalty: 0,
    });
    expect(theirs.statusCode).toBe(404);
    expect((await t.api('DELETE', '/callgroup/member', prepay, { id: member.id })).statusCode).toBe(404);

    const removed = await t.api('DELETE', '/callgroup/member', retail, { ids: list.map((m) => m.id) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await members(id)).toEqual([]);
  });

  it('refuses to delete a seat that is a member, naming the group; deleting the group takes its members', async () => {
    const id = await create(retail, { groupNo: 660, customName: 'Warehouse' });
    const seat = await t.api('POST', '/seat', retail, { extension: 661, nickname: 'Picker' });
    const seatId = json<Reply>(seat).id as number;
    expect(json<Reply>(await t.api('POST', `/callgroup/member/${id}`, retail, { name: 'seat:661' })).success).toBe(
      true,
    );
    const refused = await t.api('DELETE', `/seat/${seatId}`, retail);
    expect(refused.statusCode).toBe(409);
    expect(json<Reply>(refused).message).toBe(MESSAGES.inUseIn('Call Group', '660 - Warehouse'));
    expect((await t.api('DELETE', `/callgroup/${id}`, retail)).statusCode).toBe(200);
    expect((await t.api('DELETE', `/seat/${seatId}`, retail)).statusCode).toBe(200);
  });

  it('counts as a use of its music on hold', async () => {
    const jazz = json<{ records: Array<{ id: number; name: string }> }>(
      await t.api('GET', '/musiconhold/options', retail),
    ).records.find((m) => m.name === 'Jazz');
    const id = await create(retail, { groupNo: 670, customName: 'On Hold', musicOnHold: jazz?.id });
    const usage = json<Page<{ table: string; name: string }>>(
      await t.api('GET', `/musiconhold/${jazz?.id}/usage/-1/-1`, retail),
    );
    expect(usage.records).toContainEqual({ table: 'Call Group', name: '670 - On Hold' });
    expect((await t.api('DELETE', `/callgroup/${id}`, retail)).statusCode).toBe(200);
  });
});
