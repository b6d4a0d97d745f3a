import { isPublicIp, MAX_ID, MESSAGES, SEAT_MESSAGES, type Seat, seatValues } from '@switchboard/domain';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../platform/errors.ts';
import { createTestContext, json, type TestContext } from '../../test/harness.ts';
import { SEAT_NAME } from './seats.routes.ts';

let t: TestContext;
let retail: Record<string, string>;
let viewer: Record<string, string>;
let prepay: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  viewer = await t.login('viewer');
  prepay = await t.login('prepay');
  admin = await t.login('admin');
  // The provider admin acts as Acme (30000).
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/auth/disguise',
    headers: admin,
    payload: { accountNo: 30000 },
  });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => t?.close());

type Page<T> = { records: T[]; totalRecords: number; lastPage: boolean };
type Headers = Record<string, string>;
type Reply = { success: boolean; message: string; validation: Record<string, string> };
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
const list = (headers: Headers, path = '0/15', payload: object = {}) =>
  inject('POST', `/seat/${path}`, headers, payload);
const seatId = async (headers: Headers, extension: number) =>
  json<Page<Seat>>(await list(headers, '-1/-1')).records.find((s) => s.extension === extension)?.id as number;
/** The seat's complete update body (a PUT carries every field), with `changes` over it. */
const body = (s: Seat, changes: object = {}) => ({ ...seatValues(s), ...changes });

describe('seats', () => {
  it('lists with status, public IP and location, paged, sorted, searched and filtered', async () => {
    const page = json<Page<Seat>>(await list(retail));
    expect(page.totalRecords).toBe(12);
    const reception = page.records[0] as Seat;
    expect(reception).toMatchObject({
      extension: 201,
      nickname: 'Reception',
      status: 'Registered',
      publicIp: false,
      onNet: true,
      location: true,
      ipaddr: '192.168.1.51',
      port: 5060,
    });
    expect(reception).not.toHaveProperty('secret');
    const workshop = page.records.find((s) => s.extension === 207) as Seat;
    expect(workshop).toMatchObject({ status: 'Unregistered', ipaddr: '', port: null, publicIp: false });
    const sorted = json<Page<Seat>>(await list(retail, '0/3', { sortBy: 'nickname', direction: 'desc' }));
    expect(sorted.records.map((s) => s.nickname)).toEqual(['Workshop', 'Van 2', 'Van 1']);
    expect(sorted.lastPage).toBe(false);
    expect(json<Page<Seat>>(await list(retail, '0/15', { search: 'van' })).records.map((s) => s.extension)).toEqual([
      210, 211,
    ]);
    const filtered = async (filters: object) =>
      json<Page<Seat>>(await list(retail, '-1/-1', { filters })).records.map((s) => s.extension);
    expect(await filtered({ publicIp: true })).toEqual([205, 210, 211]);
    expect(await filtered({ callRecording: 2 })).toEqual([204]);
    expect(await filtered({ status: 'Unregistered' })).toEqual([207, 212]);
    expect((await list(retail, '0/15', { filters: { secret: 'x' } })).statusCode).toBe(400);
  });

  it('shows a seat’s address as public exactly when the validator would accept it', async () => {
    const id = await seatId(retail, 205);
    const desk = t.database.db.updateTable('seat_registrations').where('seat_id', '=', id).where('kind', '=', 'desk');
    const original = await t.database.db
      .selectFrom('seat_registrations')
      .select('ipaddr')
      .where('seat_id', '=', id)
      .where('kind', '=', 'desk')
      .executeTakeFirstOrThrow();
    const addresses = [
      ...['81.2.69.25', '8.8.8.8', '172.32.0.1', '100.128.0.1', '223.255.255.255'],
      ...['127.0.0.1', '0.0.0.0', '100.64.1.1', '169.254.1.1', '224.0.0.1', '255.255.255.255', '240.0.0.1'],
      ...['192.0.2.1', '198.51.100.1', '203.0.113.1', '10.0.0.1', '172.16.0.1', '192.168.1.1'],
      ...['01.2.3.4', '256.1.1.1', '::1', '2001:db8::1', ''],
    ];
    try {
      for (const ip of addresses) {
        await desk.set({ ipaddr: ip }).execute();
        const seat = json<Page<Seat>>(await list(retail, '-1/-1')).records.find((s) => s.id === id) as Seat;
        expect([ip, seat.publicIp, seat.onNet]).toEqual([ip, isPublicIp(ip), !isPublicIp(ip)]);
        const publicOnes = json<Page<Seat>>(await list(retail, '-1/-1', { filters: { publicIp: true } }));
        expect([ip, publicOnes.records.some((s) => s.id === id)]).toEqual([ip, isPublicIp(ip)]);
        const unique = json<{ records: Array<{ ip: string }> }>(await inject('GET', '/seat/uniqueips', retail));
        expect([ip, unique.records.some((r) => r.ip === ip)]).toEqual([ip, isPublicIp(ip)]);
      }
    } finally {
      await desk.set({ ipaddr: original.ipaddr }).execute();
    }
  });

  it('keeps each seat’s name as a destination stored (migration 056) as the name it is given by', async () => {
    const seat = json<Seat>(await t.api('POST', '/seat', retail, { extension: 861, nickname: 'Stored Name' }));
    await sql`update seats set nickname = '' where id = ${seat.id}`.execute(t.database.db);
    const { rows } = await sql<{ n: number; named: number }>`select count(*)::int as n,
        count(*) filter (where destination_label is distinct from (${sql.raw(SEAT_NAME)}))::int as named
      from seats`.execute(t.database.db);
    expect(rows[0]?.n).toBeGreaterThan(3);
    expect(rows[0]?.named).toBe(0);
    expect((await t.api('DELETE', `/seat/${seat.id}`, retail)).statusCode).toBe(200);
  });

  it('gives the next free extension of the caller’s own account only', async () => {
    expect(json(await inject('GET', '/seat/30000/next', retail))).toEqual({ extension: 213 });
    expect((await inject('GET', '/seat/30001/next', retail)).statusCode).toBe(404);
  });

  it('bulk adds a range in one go with per-item feedback, and the spec’s range messages', async () => {
    const range = (payload: object) => inject('POST', '/seat/range', retail, payload);
    expect(json<Reply>(await range({ from: 300, to: 400 })).validation.to).toBe(SEAT_MESSAGES.tooMany);
    expect(json<Reply>(await range({ from: 310, to: 305 })).validation.from).toBe(
      'Please ensure this number is less than the To field',
    );
    // The account's extensions have three digits: 200-998.
    expect(json<Reply>(await range({ from: 2000 })).validation.from).toBe('Please input a valid number');
    expect(json<Reply>(await range({ from: 199 })).validation.from).toBe('Please input a valid number');
    expect(json<Reply>(await range({ from: 212 })).validation.from).toBe(SEAT_MESSAGES.inUse);
    expect(json<Reply>(await range({ from: 210, to: 215 })).validation.from).toBe(SEAT_MESSAGES.rangeInUse);
    expect(json<Page<Seat>>(await list(retail)).totalRecords).toBe(12);

    const ok = await range({ from: 220, to: 224, nickname: 'Hot desk' });
    expect(ok.statusCode).toBe(200);
    const results = json<{ results: Array<{ extension: number; message: string }> }>(ok).results;
    expect(results.map((r) => r.extension)).toEqual([220, 221, 222, 223, 224]);
    expect(results[0]?.message).toBe('Seat 220 - Hot desk created successfully');
    const created = json<Page<Seat>>(await list(retail, '-1/-1', { search: 'Hot desk' })).records;
    expect(created).toHaveLength(5);
    expect(created[0]).toMatchObject({ name: '30000*220', status: 'Unregistered', vmMode: 1, ringTime: 20 });
    for (const s of created) expect((await inject('DELETE', `/seat/${s.id}`, retail)).statusCode).toBe(200);
  });

  it('names a seat without a nickname by its extension in the feedback (created, updated, deleted)', async () => {
    const created = await inject('POST', '/seat', retail, { extension: 213 });
    expect(json(created)).toMatchObject({ success: true, message: 'Seat 213 created successfully' });
    const id = json<{ id: number }>(created).id;
    const seat = json<Seat>(await inject('GET', `/seat/${id}`, retail));
    expect(json(await inject('PUT', `/seat/${id}`, retail, body(seat, { ringTime: 30 })))).toMatchObject({
      message: 'Seat 213 has been updated',
    });
    expect(json(await inject('DELETE', `/seat/${id}`, retail))).toMatchObject({
      message: 'Successfully deleted Seat 213',
    });
  });

  it('creates one seat, reads it back, saves every tab’s fields (PUT and POST) and deletes', async () => {
    const res = await inject('POST', '/seat', retail, { extension: 230, nickname: 'Kitchen' });
    expect(json(res)).toMatchObject({ success: true, message: 'Kitchen created successfully' });
    const id = json<{ id: number }>(res).id;
    const seat = json<Seat>(await inject('GET', `/seat/${id}`, retail));
    expect(seat).toMatchObject({ extension: 230, nickname: 'Kitchen', name: '30000*230', accountNo: 30000 });
    const changes = {
      nickname: 'Canteen',
      callerIdName: 'Acme Canteen',
      callerIdNumber: '01214960001',
      withholdNumber: true,
      emergencyServiceCid: '01214960000',
      ringTime: 35,
      vmMode: 2,
      vmEmail: 'canteen@acmeplumbing.example',
      vmAdvancedDest: 'seat:201',
      cfwdAll: '',
      cfwdBusy: '01214960002',
      cfwdNoAnswer: '07700900123',
      cfwdUnavail: '+447700900124',
      callRecording: 1,
      transport: 'tls',
      enableVideo: true,
      videoCodec: 'vp9',
      hdCodec: false,
      keepOnNetwork: true,
    };
    const upd = await inject('PUT', `/seat/${id}`, retail, body(seat, changes));
    expect(json(upd)).toMatchObject({ success: true, message: 'Canteen has been updated' });
    expect(json<Seat>(await inject('GET', `/seat/${id}`, retail))).toMatchObject(changes);
    // The spec's POST /seat/{id} saves the same way.
    const post = await inject('POST', `/seat/${id}`, retail, body(seat, { ...changes, vmMode: 0, ringTime: 60 }));
    expect(json(post)).toMatchObject({ message: 'Canteen has been updated' });
    expect(json<Seat>(await inject('GET', `/seat/${id}`, retail))).toMatchObject({
      vmMode: 0,
      vmAdvancedDest: '',
      ringTime: 60,
    });
    expect(json(await inject('DELETE', `/seat/${id}`, retail))).toMatchObject({
      message: 'Successfully deleted Canteen',
    });
    expect((await inject('GET', `/seat/${id}`, retail)).statusCode).toBe(404);
  });

  it('validates fields with the spec’s messages and changes nothing', async () => {
    const seat = json<Seat>(await inject('GET', `/seat/${await seatId(retail, 203)}`, retail));
    const bad = async (changes: object, field: string, message: string) => {
      const res = await inject('PUT', `/seat/${seat.id}`, retail, body(seat, changes));
      expect(res.statusCode).toBe(400);
      expect(json<Reply>(res).validation[field]).toBe(message);
    };
    await bad({ cfwdBusy: '12ab' }, 'cfwdBusy', MESSAGES.telephone);
    await bad({ vmEmail: 'not-an-email' }, 'vmEmail', MESSAGES.email);
    await bad({ ringTime: 7 }, 'ringTime', 'Please select an option');
    await bad({ callerIdNumber: '01179460000' }, 'callerIdNumber', SEAT_MESSAGES.notAccountNumber);
    await bad({ vmMode: 2, vmAdvancedDest: 'seat:999' }, 'vmAdvancedDest', 'Please select an option');
    await bad({ nickname: 'x'.repeat(16) }, 'nickname', MESSAGES.maxLength(15));
    await bad({ transport: 'sctp' }, 'transport', 'Please select an option');
    expect(json<Seat>(await inject('GET', `/seat/${seat.id}`, retail))).toEqual(seat);
    const create = await inject('POST', '/seat', retail, { extension: 201 });
    expect(json<Reply>(create).validation.extension).toBe(SEAT_MESSAGES.inUse);
    expect(json<Reply>(await inject('POST', '/seat', retail, { extension: 999 })).validation.extension).toBe(
      SEAT_MESSAGES.invalidNumber,
    );
  });

  it('leaves the Internal Seat switch to provider admins', async () => {
    const seat = json<Seat>(await inject('GET', `/seat/${await seatId(retail, 212)}`, retail));
    const refused = await inject('PUT', `/seat/${seat.id}`, retail, body(seat, { internal: true }));
    expect(refused.statusCode).toBe(403);
    expect(json<Seat>(await inject('GET', `/seat/${seat.id}`, retail)).internal).toBe(false);
    const allowed = await inject('PUT', `/seat/${seat.id}`, admin, body(seat, { internal: true }));
    expect(allowed.statusCode).toBe(200);
    // Others may still save the seat as it is.
    const keep = await inject('PUT', `/seat/${seat.id}`, retail, body(seat, { internal: true, nickname: 'Training' }));
    expect(keep.statusCode).toBe(200);
  });

  it('shows the SIP secret on request and resets it', async () => {
    const id = await seatId(retail, 206);
    const first = json<{ username: string; secret: string }>(await inject('GET', `/seat/${id}/password`, retail));
    expect(first.username).toBe('30000*206');
    expect(first.secret).toMatch(/^[A-Za-z0-9]{24}$/);
    const reset = json<{ success: boolean; message: string; secret: string }>(
      await inject('GET', `/seat/${id}/password/reset`, retail),
    );
    expect(reset).toMatchObject({ success: true, message: 'Reset Successfully' });
    expect(reset.secret).not.toBe(first.secret);
    expect(json<Seat>(await inject('GET', `/seat/${id}`, retail)).status).toBe('Unregistered');
    expect((await inject('GET', `/seat/${id}/password`, viewer)).statusCode).toBe(403);
  });

  it('refuses to delete a seat something routes to, naming each use', async () => {
    const res = await inject('DELETE', `/seat/${await seatId(retail, 201)}`, retail);
    expect(res.statusCode).toBe(409);
    expect(json<Reply>(res).message).toContain('In use in IVR 370 - Main menu');
    expect(json<Reply>(res).message).toContain('In use in Call Group 350 - Sales team');
    const sales = await inject('DELETE', `/seat/${await seatId(retail, 204)}`, retail);
    expect(json<Reply>(sales).message).toBe('In use in Telephone Number 01214960001 (Sales)');
  });

  it('enforces the seats permission and keeps accounts apart', async () => {
    const id = await seatId(retail, 208);
    expect((await list(viewer)).statusCode).toBe(200);
    expect((await inject('POST', '/seat/range', viewer, { from: 240 })).statusCode).toBe(403);
    expect((await inject('DELETE', `/seat/${id}`, viewer)).statusCode).toBe(403);
    expect((await inject('GET', `/seat/${id}`, prepay)).statusCode).toBe(404);
    expect((await inject('DELETE', `/seat/${id}`, prepay)).statusCode).toBe(404);
    expect((await inject('GET', `/seat/${id}/password`, prepay)).statusCode).toBe(404);
    expect(json<Page<Seat>>(await list(prepay)).records.map((s) => s.nickname)).toEqual([
      'Front desk',
      'Salon floor',
      'Back office',
    ]);
  });
});

describe('the spec’s seat body (spec 2 §7 POST /seat)', () => {
  it('creates and saves with callerId, options, email, vmEnable / vmAdvanced and twinSeat, read back flat', async () => {
    const res = await inject('POST', '/seat', retail, {
      extension: 260,
      callerId: 'Acme Kitchen <01214960001>',
      nickname: 'Kitchen',
      emergencyServiceCid: '01214960000',
      options: {
        callRecording: 2,
        allowUK118: true,
        allowInternational: true,
        internationalPIN: '2468',
        tps: 'block',
        ctps: 'option',
        weekdayTimes: '08:00-18:00',
        weekendTimes: 'off',
      },
      email: 'kitchen@acmeplumbing.example',
      vmEnable: true,
      vmAdvanced: true,
      vmAdvancedDest: 'seat:201',
      keepOnNetwork: true,
      twinSeat: false,
    });
    expect(json(res)).toMatchObject({ success: true, message: 'Kitchen created successfully' });
    const id = json<{ id: number }>(res).id;
    const created = json<Seat>(await inject('GET', `/seat/${id}`, retail));
    expect(created).toMatchObject({
      extension: 260,
      callerIdName: 'Acme Kitchen',
      callerIdNumber: '01214960001',
      nickname: 'Kitchen',
      musicOnHold: null,
      emergencyServiceCid: '01214960000',
      callRecording: 2,
      allowUK118: true,
      allowInternational: true,
      internationalPIN: '2468',
      tps: 'block',
      ctps: 'option',
      weekdayTimes: { mode: 'range', from: '08:00', to: '18:00' },
      weekendTimes: { mode: 'off', from: '00:00', to: '23:59' },
      vmEmail: 'kitchen@acmeplumbing.example',
      vmMode: 2,
      vmAdvancedDest: 'seat:201',
      keepOnNetwork: true,
      userId: null,
    });

    // Saved with the spec's POST /seat/{id} in the spec's shape.
    const saved = await inject('POST', `/seat/${id}`, retail, {
      callerId: '<01214960000>',
      nickname: 'Canteen',
      emergencyServiceCid: '01214960000',
      options: { callRecording: 0, allowUK118: true, weekdayTimes: 'on', weekendTimes: '10:00-14:00' },
      email: '',
      vmEnable: false,
      vmAdvanced: false,
      keepOnNetwork: false,
    });
    expect(json(saved)).toMatchObject({ success: true, message: 'Canteen has been updated' });
    const after = json<Seat>(await inject('GET', `/seat/${id}`, retail));
    expect(after).toMatchObject({
      callerIdName: '',
      callerIdNumber: '01214960000',
      nickname: 'Canteen',
      callRecording: 0,
      weekdayTimes: { mode: 'on', from: '00:00', to: '23:59' },
      weekendTimes: { mode: 'range', from: '10:00', to: '14:00' },
      vmMode: 0,
      vmAdvancedDest: '',
      vmEmail: '',
      // The POST save changes what it sends: the options it left out keep their values.
      allowInternational: true,
      internationalPIN: '2468',
      tps: 'block',
    });

    // A bad value in the spec's shape is refused under our field name; nothing changes.
    const bad = await inject('POST', `/seat/${id}`, retail, {
      callerId: 'Acme <01179460000>',
      nickname: 'Bad',
      email: 'not-an-email',
    });
    expect(bad.statusCode).toBe(400);
    expect(json<Reply>(bad).validation).toEqual({ vmEmail: MESSAGES.email });
    const foreign = await inject('POST', `/seat/${id}`, retail, { callerId: 'Acme <01179460000>', nickname: 'Bad' });
    expect(json<Reply>(foreign).validation).toEqual({ callerIdNumber: SEAT_MESSAGES.notAccountNumber });
    expect(json<Seat>(await inject('GET', `/seat/${id}`, retail))).toEqual(after);
    expect((await inject('DELETE', `/seat/${id}`, retail)).statusCode).toBe(200);
  });
});

describe('seat extension ranges by the account’s digit setting (spec 2 §5)', () => {
  const setDigits = (digits: number) =>
    t.database.db.updateTable('accounts').set({ extension_digits: digits }).where('account_no', '=', 30001).execute();
  const extensions = async () => json<Page<Seat>>(await list(prepay, '-1/-1')).records.map((s) => s.extension);
  const removeAllBut = async (keep: number[]) => {
    for (const s of json<Page<Seat>>(await list(prepay, '-1/-1')).records) {
      if (!keep.includes(s.extension)) expect((await inject('DELETE', `/seat/${s.id}`, prepay)).statusCode).toBe(200);
    }
  };
  const refusedRange = async (payload: object, field: 'from' | 'to') => {
    const res = await inject('POST', '/seat/range', prepay, payload);
    expect(res.statusCode).toBe(400);
    expect(json<Reply>(res).validation[field]).toBe(SEAT_MESSAGES.invalidNumber);
  };
  const refusedSingle = async (extension: number) => {
    const res = await inject('POST', '/seat', prepay, { extension });
    expect(res.statusCode).toBe(400);
    expect(json<Reply>(res)).toMatchObject({
      message: 'Please input a valid number',
      validation: { extension: 'Please input a valid number' },
    });
  };
  const original = [201, 202, 203];

  afterAll(async () => {
    await removeAllBut(original);
    await setDigits(3);
  });

  it('four digits: 2000-9989 for the range add and a single seat, outside refused, nothing created', async () => {
    await setDigits(4);
    expect(json(await inject('GET', '/seat/30001/next', prepay))).toEqual({ extension: 2000 });
    await refusedRange({ from: 1999 }, 'from');
    await refusedRange({ from: 9990 }, 'from');
    await refusedRange({ from: 9985, to: 9990 }, 'to');
    await refusedRange({ from: 2000, to: 'abc' }, 'to');
    // The three-digit range no longer applies.
    await refusedRange({ from: 300 }, 'from');
    await refusedSingle(1999);
    await refusedSingle(9990);
    await refusedSingle(998);
    expect(await extensions()).toEqual(original);

    const range = await inject('POST', '/seat/range', prepay, { from: 2000, to: 2002 });
    expect(range.statusCode).toBe(200);
    expect(json<{ results: Array<{ extension: number }> }>(range).results.map((r) => r.extension)).toEqual([
      2000, 2001, 2002,
    ]);
    expect((await inject('POST', '/seat/range', prepay, { from: 9989 })).statusCode).toBe(200);
    await removeAllBut(original);
    for (const extension of [2000, 9989]) {
      const res = await inject('POST', '/seat', prepay, { extension });
      expect(res.statusCode).toBe(200);
      expect(json<Seat>(await inject('GET', `/seat/${json<{ id: number }>(res).id}`, prepay)).name).toBe(
        `30001*${extension}`,
      );
    }
    expect(await extensions()).toEqual([...original, 2000, 9989]);
    await removeAllBut(original);
  });

  it('five digits: 20000-99899 for the range add and a single seat, outside refused, nothing created', async () => {
    await setDigits(5);
    expect(json(await inject('GET', '/seat/30001/next', prepay))).toEqual({ extension: 20000 });
    await refusedRange({ from: 19999 }, 'from');
    await refusedRange({ from: 99900 }, 'from');
    await refusedRange({ from: 99895, to: 99900 }, 'to');
    await refusedRange({ from: 9989 }, 'from');
    await refusedSingle(19999);
    await refusedSingle(99900);
    await refusedSingle(9989);
    expect(await extensions()).toEqual(original);

    const range = await inject('POST', '/seat/range', prepay, { from: 99898, to: 99899 });
    expect(json<{ results: Array<{ extension: number }> }>(range).results.map((r) => r.extension)).toEqual([
      99898, 99899,
    ]);
    expect((await inject('POST', '/seat/range', prepay, { from: 20000 })).statusCode).toBe(200);
    await removeAllBut(original);
    for (const extension of [20000, 99899]) {
      expect((await inject('POST', '/seat', prepay, { extension })).statusCode).toBe(200);
    }
    expect(await extensions()).toEqual([...original, 20000, 99899]);
  });
});

describe('seat field limits (spec 2 §5)', () => {
  const refused = async (res: Awaited<ReturnType<typeof inject>>, field: string, message: string) => {
    expect(res.statusCode).toBe(400);
    expect(json<Reply>(res).validation).toEqual({ [field]: message });
    expect(json<Reply>(res).message).toBe(message);
  };

  it('nickname: at most 11 when creating (single and range), 15 on the detail', async () => {
    const before = json<Page<Seat>>(await list(retail, '-1/-1')).totalRecords;
    await refused(
      await inject('POST', '/seat', retail, { extension: 250, nickname: 'x'.repeat(12) }),
      'nickname',
      'Length must not exceed 11 characters',
    );
    await refused(
      await inject('POST', '/seat/range', retail, { from: 250, to: 251, nickname: 'x'.repeat(12) }),
      'nickname',
      MESSAGES.maxLength(11),
    );
    expect(json<Page<Seat>>(await list(retail, '-1/-1')).totalRecords).toBe(before);
    const created = await inject('POST', '/seat', retail, { extension: 250, nickname: 'x'.repeat(11) });
    expect(created.statusCode).toBe(200);
    const seat = json<Seat>(await inject('GET', `/seat/${json<{ id: number }>(created).id}`, retail));
    expect(seat.nickname).toBe('x'.repeat(11));
    await refused(
      await inject('PUT', `/seat/${seat.id}`, retail, body(seat, { nickname: 'y'.repeat(16) })),
      'nickname',
      'Length must not exceed 15 characters',
    );
    expect(json<Seat>(await inject('GET', `/seat/${seat.id}`, retail))).toEqual(seat);
    expect((await inject('PUT', `/seat/${seat.id}`, retail, body(seat, { nickname: 'y'.repeat(15) }))).statusCode).toBe(
      200,
    );
    expect(json<Seat>(await inject('GET', `/seat/${seat.id}`, retail)).nickname).toBe('y'.repeat(15));
  });

  it('caller ID name at most 80; voicemail full name at most 150; voicemail email at most 50 and valid', async () => {
    const seat = json<Seat>(await inject('GET', `/seat/${await seatId(retail, 250)}`, retail));
    await refused(
      await inject('PUT', `/seat/${seat.id}`, retail, body(seat, { callerIdName: 'n'.repeat(81) })),
      'callerIdName',
      'Length must not exceed 80 characters',
    );
    await refused(
      await inject('POST', '/seat', retail, { extension: 251, callerIdName: 'n'.repeat(81) }),
      'callerIdName',
      MESSAGES.maxLength(80),
    );
    await refused(
      await inject('PUT', `/seat/${seat.id}`, retail, body(seat, { vmFullname: 'f'.repeat(151) })),
      'vmFullname',
      'Length must not exceed 150 characters',
    );
    const longEmail = `${'e'.repeat(38)}@acme.example`; // 51 characters
    expect(longEmail).toHaveLength(51);
    await refused(
      await inject('PUT', `/seat/${seat.id}`, retail, body(seat, { vmEmail: longEmail })),
      'vmEmail',
      'Length must not exceed 50 characters',
    );
    await refused(
      await inject('PUT', `/seat/${seat.id}`, retail, body(seat, { vmEmail: 'no-at-sign.example' })),
      'vmEmail',
      'Must be a valid email address',
    );
    // The mailbox settings apply the same limits.
    const box = (payload: object) =>
      inject('POST', `/voicemail/${seat.name}/settings`, retail, {
        fullname: '',
        email: '',
        password: '',
        vmDelete: false,
        ...payload,
      });
    await refused(await box({ fullname: 'f'.repeat(151) }), 'fullname', MESSAGES.maxLength(150));
    await refused(await box({ email: longEmail }), 'email', MESSAGES.maxLength(50));
    await refused(await box({ email: 'no-at-sign.example' }), 'email', MESSAGES.email);
    expect(json<Seat>(await inject('GET', `/seat/${seat.id}`, retail))).toEqual(seat);

    const atLimit = {
      callerIdName: 'n'.repeat(80),
      vmFullname: 'f'.repeat(150),
      vmEmail: `${'e'.repeat(37)}@acme.example`,
    };
    expect(atLimit.vmEmail).toHaveLength(50);
    expect((await inject('PUT', `/seat/${seat.id}`, retail, body(seat, atLimit))).statusCode).toBe(200);
    expect(json<Seat>(await inject('GET', `/seat/${seat.id}`, retail))).toMatchObject(atLimit);
    expect((await inject('DELETE', `/seat/${seat.id}`, retail)).statusCode).toBe(200);
  });
});

describe('ids past the integer range (a 400 like any bad id, never a 500)', () => {
  const BIG = 3_000_000_000;
  const all = async () => json<Page<Seat>>(await list(retail, '-1/-1'));

  it('answers 400 for a path id past 2147483647, as for an unparseable id, and changes nothing', async () => {
    const before = await all();
    const calls: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
      ['GET', `/seat/${BIG}`],
      ['PUT', `/seat/${BIG}`],
      ['POST', `/seat/${BIG}`],
      ['DELETE', `/seat/${BIG}`],
      ['GET', `/seat/${BIG}/devices`],
      ['GET', `/seat/${BIG}/next`],
    ];
    for (const [method, url] of calls) {
      const res = await inject(
        method,
        url,
        retail,
        method === 'PUT' || method === 'POST' ? { nickname: 'X' } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      const reply = json<Reply>(res);
      expect(reply.success).toBe(false);
      expect(Object.values(reply.validation)).toEqual([reply.message]);
      expect(reply.message).toContain(String(MAX_ID));
    }
    const word = await inject('GET', '/seat/abc', retail);
    expect(word.statusCode).toBe(400);
    expect(Object.keys(json<Reply>(word).validation)).toEqual(['id']);
    // The largest id is a valid one that is not there.
    expect((await inject('GET', `/seat/${MAX_ID}`, retail)).statusCode).toBe(404);
    expect(await all()).toEqual(before);
  });

  it('answers 400 with the field’s message for a body id past 2147483647, and changes nothing', async () => {
    const before = await all();
    const seat = json<Seat>(await inject('GET', `/seat/${await seatId(retail, 201)}`, retail));
    const put = (changes: object) => inject('PUT', `/seat/${seat.id}`, retail, { ...seatValues(seat), ...changes });
    const refusedWith = async (res: Awaited<ReturnType<typeof put>>, field: string, message: string) => {
      expect(res.statusCode).toBe(400);
      expect(json<Reply>(res)).toEqual({ success: false, message, validation: { [field]: message } });
    };
    await refusedWith(await put({ aclId: BIG }), 'aclId', MESSAGES.selectOption);
    await refusedWith(await put({ aclId: String(BIG) }), 'aclId', MESSAGES.selectOption);
    await refusedWith(await put({ vmMode: 2, vmAdvancedPromptId: BIG }), 'vmAdvancedPromptId', MESSAGES.recordNotFound);
    await refusedWith(
      await inject('POST', '/seat', retail, { extension: 240, nickname: 'Big', aclId: BIG }),
      'aclId',
      MESSAGES.selectOption,
    );
    const del = await inject('DELETE', '/seat', retail, { ids: [seat.id, BIG] });
    expect(del.statusCode).toBe(400);
    expect(json<Reply>(del).success).toBe(false);
    expect(await all()).toEqual(before);
  });

  it('answers a value the database refuses (22003 out of range, 22P02 not a number) with 400, not 500', async () => {
    // The error handler's safety net, with the database's own errors (every route's schema keeps
    // these values out, so a bare app raises them).
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/out-of-range', () => sql`select ${String(BIG)}::int4 as n`.execute(t.database.db));
    app.get('/not-a-number', () => sql`select ${'x'}::int4 as n`.execute(t.database.db));
    app.get('/division', () => sql`select 1 / 0 as n`.execute(t.database.db));
    app.get('/other', () => sql`select * from no_such_table`.execute(t.database.db));
    // Every data exception (SQLSTATE class 22) is the request's fault: 22012 division by zero too.
    for (const url of ['/out-of-range', '/not-a-number', '/division']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ success: false, message: MESSAGES.badRequest });
    }
    // Any other database error (here 42P01, a missing table) stays a 500.
    expect((await app.inject({ method: 'GET', url: '/other' })).statusCode).toBe(500);
    await app.close();
  });
});

describe('list filters of the wrong type (400 naming the filter, never a 500)', () => {
  const filtered = async (filters: object) =>
    json<Page<Seat>>(await list(retail, '-1/-1', { filters })).records.map((s) => s.extension);

  it('refuses a value that is not its column’s kind, in the POST and the GET form', async () => {
    const expects = (field: string, what: string) => {
      const message = `The filter '${field}' must be ${what}`;
      return { success: false, message, validation: { [`filters.${field}`]: message } };
    };
    for (const value of ['x', 1.5, true, 3_000_000_000, '1e3']) {
      const res = await list(retail, '0/15', { filters: { callRecording: value } });
      expect(res.statusCode, String(value)).toBe(400);
      expect(json(res)).toEqual(expects('callRecording', 'a whole number'));
    }
    for (const value of ['x', 2]) {
      const res = await list(retail, '0/15', { filters: { publicIp: value } });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual(expects('publicIp', 'true or false'));
    }
    const status = await list(retail, '0/15', { filters: { status: 5 } });
    expect(status.statusCode).toBe(400);
    expect(json(status)).toEqual(expects('status', 'text'));
    const query = encodeURIComponent(JSON.stringify({ callRecording: 'x' }));
    const get = await inject('GET', `/seat/0/15?filters=${query}`, retail);
    expect(get.statusCode).toBe(400);
    expect(json(get)).toEqual(expects('callRecording', 'a whole number'));
  });

  it('still filters with good values, also given as text', async () => {
    expect(await filtered({ callRecording: 2 })).toEqual([204]);
    expect(await filtered({ callRecording: '2' })).toEqual([204]);
    expect(await filtered({ publicIp: 'true' })).toEqual([205, 210, 211]);
    expect(await filtered({ publicIp: true, callRecording: 0 })).toEqual([205, 210, 211]);
    expect(await filtered({ callRecording: '' })).toHaveLength(12);
  });
});
