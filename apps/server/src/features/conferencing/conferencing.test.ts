import {
  CONFERENCE_MESSAGES,
  type Conference,
  type DestinationOption,
  FEATURES,
  MASK,
  MESSAGES,
} from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestContext, json, type TestContext } from '../../test/harness.ts';
import { mp3, multipart } from '../../test/multipart.ts';

let t: TestContext;
let retail: Record<string, string>;
let viewer: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  viewer = await t.login('viewer');
});
afterAll(async () => t?.close());

type Reply = { success?: boolean; message: string; id?: number; validation?: Record<string, string> };
type Page<T> = { records: T[]; totalRecords: number };

const create = async (body: object) => {
  const res = await t.api('POST', '/conferencing', retail, body);
  expect(res.statusCode, res.body).toBe(200);
  return json<Reply>(res).id as number;
};
const read = async (id: number, headers = retail) =>
  json<Conference>(await t.api('GET', `/conferencing/${id}`, headers));
const music = async (name: string) =>
  json<{ records: Array<{ id: number; name: string }> }>(
    await t.api('GET', '/musiconhold/options', retail),
  ).records.find((m) => m.name === name)?.id as number;

describe('conference rooms', () => {
  it('suggests the next free number of the one numbering plan and refuses taken or invalid ones', async () => {
    const next = json<{ extension: number }>(await t.api('POST', '/conferencing/next', retail)).extension;
    expect(next).toBeGreaterThanOrEqual(200);
    expect(next).toBeLessThanOrEqual(998);
    expect((await t.api('GET', '/conferencing/next', retail)).statusCode).toBe(200);
    for (const [confNumber, message] of [
      [201, CONFERENCE_MESSAGES.inUse], // a seat
      [350, CONFERENCE_MESSAGES.inUse], // a call group
      [380, CONFERENCE_MESSAGES.inUse], // the demo room
      [999, CONFERENCE_MESSAGES.invalidNumber],
      [199, CONFERENCE_MESSAGES.invalidNumber],
      ['', MESSAGES.required],
    ] as const) {
      const res = await t.api('POST', '/conferencing', retail, { confNumber, pin: '1234', adminPin: '4321' });
      expect(res.statusCode, String(confNumber)).toBe(400);
      expect(json<Reply>(res).validation?.confNumber, String(confNumber)).toBe(message);
    }
    // Its number is then taken for the others too.
    await create({ confNumber: 720, pin: '1234', adminPin: '4321' });
    const group = await t.api('POST', '/callgroup', retail, { groupNo: 720, customName: 'Clash' });
    expect(json<Reply>(group).validation?.groupNo).toBe(
      'Group number is already in use. Please select a different number',
    );
  });

  it('saves every field, reads it back with defaults, and keeps its number on update', async () => {
    const defaults = await create({ confNumber: 730, pin: '1234', adminPin: '4321' });
    expect(await read(defaults)).toMatchObject({
      confNumber: 730,
      nickname: '',
      listenOnly: false,
      waitForMarked: false,
      announceUsers: false,
      moh: true,
      mohClass: null,
      maxParticipants: 100,
    });
    const jazz = await music('Jazz');
    const body = {
      confNumber: 731,
      nickname: 'Board room',
      pin: '246810',
      adminPin: '1357',
      listenOnly: true,
      waitForMarked: true,
      announceUsers: true,
      moh: false,
      mohClass: jazz,
      maxParticipants: 12,
    };
    const id = await create(body);
    expect(await read(id)).toMatchObject({ ...body, id });
    const put = await t.api('PUT', `/conferencing/${id}`, retail, { ...body, confNumber: 732, nickname: 'Renamed' });
    expect(put.statusCode, put.body).toBe(200);
    expect(json<Reply>(put).message).toBe(MESSAGES.updated('731 - Renamed'));
    expect(await read(id)).toMatchObject({ confNumber: 731, nickname: 'Renamed' });
  });

  it('refuses each invalid field with its message and changes nothing', async () => {
    const id = await create({ confNumber: 740, nickname: 'Valid', pin: '1234', adminPin: '4321' });
    const cases: Array<[object, string, string]> = [
      [{ pin: '' }, 'pin', MESSAGES.required],
      [{ adminPin: '' }, 'adminPin', MESSAGES.required],
      [{ pin: '123' }, 'pin', MESSAGES.pin],
      [{ adminPin: '1234567' }, 'adminPin', MESSAGES.pin],
      [{ pin: '1'.repeat(21) }, 'pin', MESSAGES.maxLength(20)],
      [{ adminPin: '1234' }, 'adminPin', CONFERENCE_MESSAGES.samePins],
      [{ nickname: 'x'.repeat(51) }, 'nickname', MESSAGES.maxLength(50)],
      [{ maxParticipants: 101 }, 'maxParticipants', MESSAGES.maxValue(100)],
      [{ maxParticipants: 1 }, 'maxParticipants', MESSAGES.minValue(2)],
      [{ mohClass: 999_999 }, 'mohClass', MESSAGES.selectOption],
    ];
    for (const [patch, field, message] of cases) {
      const res = await t.api('PATCH', `/conferencing/${id}`, retail, patch);
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(json<Reply>(res).validation?.[field], JSON.stringify(patch)).toBe(message);
    }
    expect(await read(id)).toMatchObject({ nickname: 'Valid', pin: '1234', adminPin: '4321', maxParticipants: 100 });
  });

  it('shows the PINs only to who may change the room', async () => {
    const id = await create({ confNumber: 750, pin: '1234', adminPin: '4321' });
    expect(await read(id, viewer)).toMatchObject({ pin: '', adminPin: '' });
    const reader = 'conf_reader';
    await addUser(t.database.db, {
      username: reader,
      accountNo: 30000,
      grants: [[FEATURES.conference, MASK.readOnly]],
    });
    const headers = await t.login(reader);
    expect(await read(id, headers)).toMatchObject({ pin: '', adminPin: '' });
    expect((await t.api('PATCH', `/conferencing/${id}`, headers, { nickname: 'x' })).statusCode).toBe(403);
  });

  it('is a destination: offered in /destinations, routed to, and not deleted while in use', async () => {
    const id = await create({ confNumber: 760, nickname: 'All hands', pin: '1234', adminPin: '4321' });
    const options = json<Page<DestinationOption>>(await t.api('GET', '/destinations', retail)).records;
    expect(options).toContainEqual({
      value: 'conference:760',
      label: '760 - All hands',
      type: 'conference',
      typeLabel: 'Conference',
    });
    expect(options.some((o) => o.value === 'conference:380')).toBe(true);
    const ivr = await t.api('POST', '/ivr', retail, {
      name: 761,
      description: 'To the room',
      option1: 'conference:760',
    });
    expect(ivr.statusCode, ivr.body).toBe(200);
    const refused = await t.api('DELETE', `/conferencing/${id}`, retail);
    expect(refused.statusCode).toBe(409);
    expect(json<Reply>(refused).message).toBe(MESSAGES.inUseIn('IVR', '761 - To the room'));
    expect(await read(id)).toMatchObject({ confNumber: 760 });
    expect((await t.api('DELETE', `/ivr/${json<Reply>(ivr).id}`, retail)).statusCode).toBe(200);
    expect((await t.api('DELETE', `/conferencing/${id}`, retail)).statusCode).toBe(200);
    const after = json<Page<DestinationOption>>(await t.api('GET', '/destinations', retail)).records;
    expect(after.some((o) => o.value === 'conference:760')).toBe(false);
    // A number of another kind cannot route to a room that does not exist.
    const bad = await t.api('POST', '/ivr', retail, { name: 762, description: 'Nowhere', option1: 'conference:760' });
    expect(json<Reply>(bad).validation?.option1).toBe(MESSAGES.selectOption);
  });

  it('counts as a use of its music on hold', async () => {
    const jazz = await music('Jazz');
    await create({ confNumber: 770, nickname: 'On hold', pin: '1234', adminPin: '4321', mohClass: jazz });
    const usage = json<Page<{ table: string; name: string }>>(
      await t.api('GET', `/musiconhold/${jazz}/usage/-1/-1`, retail),
    );
    expect(usage.records).toContainEqual({ table: 'Conference', name: '770 - On hold' });
    // The demo room uses it too.
    expect(usage.records).toContainEqual({ table: 'Conference', name: '380 - Site meetings' });
  });

  it('holds the account’s own music: its delete is refused while a room uses it', async () => {
    const body = multipart([
      { name: 'termsAccepted', value: 'true' },
      { name: 'musicFile', filename: 'Room Tune.mp3', type: 'audio/mpeg', content: mp3() },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/v1/musiconhold',
      headers: { ...retail, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const tune = json<Reply>(uploaded).id as number;
    const room = await create({ confNumber: 780, pin: '1234', adminPin: '4321', mohClass: tune });
    const refused = await t.api('DELETE', `/musiconhold/${tune}`, retail);
    expect(refused.statusCode).toBe(409);
    expect(json<Reply>(refused).message).toBe(MESSAGES.musicInUse);
    expect(json<{ count: number }>(await t.api('GET', `/musiconhold/${tune}`, retail)).count).toBe(1);
    expect((await t.api('DELETE', `/conferencing/${room}`, retail)).statusCode).toBe(200);
    expect((await t.api('DELETE', `/musiconhold/${tune}`, retail)).statusCode).toBe(200);
  });
});
