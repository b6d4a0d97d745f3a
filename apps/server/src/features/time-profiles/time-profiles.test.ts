import { defaultDays, MESSAGES, TIME_PROFILE_MESSAGES, type TimeProfile } from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let retail: Record<string, string>;
let viewer: Record<string, string>;
let prepay: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  viewer = await t.login('viewer');
  prepay = await t.login('prepay');
});
afterAll(async () => t?.close());

type Page<T> = { records: T[]; totalRecords: number; lastPage: boolean };
type Headers = Record<string, string>;
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
const list = (headers: Headers, path = '0/15', payload: object = {}) =>
  inject('POST', `/timeprofile/${path}`, headers, payload);
const profile = (overrides: object = {}) => ({
  name: 'Support desk',
  description: '',
  bankHoliday: 0,
  mode: 0,
  inPromptId: null,
  inDestination: '',
  outPromptId: null,
  outDestination: '',
  days: defaultDays(),
  ...overrides,
});
const idOf = async (headers: Headers, extension: number) =>
  json<Page<TimeProfile>>(await list(headers, '-1/-1')).records.find((p) => p.extension === extension)?.id as number;

describe('time profiles', () => {
  it('lists the account’s profiles, paged, sorted and searched', async () => {
    const page = json<Page<TimeProfile>>(await list(retail));
    expect(page.records.map((p) => [p.extension, p.name])).toEqual([
      [300, 'Office hours'],
      [301, 'Weekend cover'],
    ]);
    expect(page.records[0]?.days.monday).toEqual({ enabled: true, start: '09:00', end: '17:30' });
    const desc = json<Page<TimeProfile>>(await list(retail, '0/1', { sortBy: 'name', direction: 'desc' }));
    expect(desc).toMatchObject({ totalRecords: 2, lastPage: false });
    expect(desc.records.map((p) => p.name)).toEqual(['Weekend cover']);
    expect(json<Page<TimeProfile>>(await list(retail, '0/15', { search: 'weekend' })).records).toHaveLength(1);
    expect(json<Page<TimeProfile>>(await list(retail, '0/1')).totalRecords).toBe(2);
    expect(json<Page<TimeProfile>>(await list(retail, '0/15', { filters: { bankHoliday: 1 } })).records).toHaveLength(
      2,
    );
  });

  it('gives the next free number', async () => {
    expect(json(await inject('GET', '/timeprofile/next', retail))).toEqual({ extension: 302 });
    expect(json(await inject('GET', '/timeprofile/next', prepay))).toEqual({ extension: 301 });
  });

  it('creates with a number, reads back, updates every field and deletes', async () => {
    const res = await inject('POST', '/timeprofile', retail, profile({ extension: 310 }));
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ success: true, message: 'Support desk created successfully' });
    const id = json<{ id: number }>(res).id;
    const read = json<TimeProfile>(await inject('GET', `/timeprofile/${id}`, retail));
    expect(read).toMatchObject({ id, extension: 310, name: 'Support desk', bankHoliday: 0, accountNo: 30000 });
    expect(read.days).toEqual(defaultDays());

    const days = { ...defaultDays(), saturday: { enabled: true, start: '10:00', end: '23:59' } };
    const prompt = await t.database.db
      .selectFrom('prompts')
      .select('id')
      .where('account_no', '=', 30000)
      .executeTakeFirstOrThrow();
    const upd = await inject(
      'PUT',
      `/timeprofile/${id}`,
      retail,
      profile({
        name: 'Support desk (new)',
        description: 'Second line',
        bankHoliday: 2,
        mode: 1,
        inPromptId: prompt.id,
        inDestination: 'timeprofile:300',
        outPromptId: null,
        outDestination: 'timeprofile:301',
        days,
        extension: 999,
      }),
    );
    expect(json(upd)).toMatchObject({ success: true, message: 'Support desk (new) has been updated' });
    const after = json<TimeProfile>(await inject('GET', `/timeprofile/${id}`, retail));
    expect(after).toMatchObject({
      extension: 310,
      name: 'Support desk (new)',
      description: 'Second line',
      bankHoliday: 2,
      mode: 1,
      inPromptId: prompt.id,
      inDestination: 'timeprofile:300',
      outDestination: 'timeprofile:301',
    });
    expect(after.days.saturday).toEqual({ enabled: true, start: '10:00', end: '23:59' });

    const del = await inject('DELETE', `/timeprofile/${id}`, retail);
    expect(json(del)).toMatchObject({ success: true, message: 'Successfully deleted Support desk (new)' });
    expect((await inject('GET', `/timeprofile/${id}`, retail)).statusCode).toBe(404);
  });

  it('saves with the spec’s POST /timeprofile/{id} as with PUT, validated alike and changing nothing on failure', async () => {
    const created = await inject('POST', '/timeprofile', retail, profile({ extension: 311, name: 'Alias' }));
    const id = json<{ id: number }>(created).id;
    const before = json<TimeProfile>(await inject('GET', `/timeprofile/${id}`, retail));
    const res = await inject(
      'POST',
      `/timeprofile/${id}`,
      retail,
      profile({ name: 'Alias saved', bankHoliday: 3, outDestination: 'timeprofile:300' }),
    );
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ success: true, message: 'Alias saved has been updated', id });
    expect(json<TimeProfile>(await inject('GET', `/timeprofile/${id}`, retail))).toEqual({
      ...before,
      version: before.version + 1,
      name: 'Alias saved',
      bankHoliday: 3,
      outDestination: 'timeprofile:300',
    });
    const saved = json<TimeProfile>(await inject('GET', `/timeprofile/${id}`, retail));
    const bad = await inject('POST', `/timeprofile/${id}`, retail, profile({ name: '' }));
    expect(bad.statusCode).toBe(400);
    expect(json<{ validation: Record<string, string> }>(bad).validation).toEqual({ name: MESSAGES.required });
    const self = await inject('POST', `/timeprofile/${id}`, retail, profile({ inDestination: 'timeprofile:311' }));
    expect(self.statusCode).toBe(400);
    expect(json<{ message: string }>(self).message).toBe('A time profile cannot route to itself');
    expect(json<TimeProfile>(await inject('GET', `/timeprofile/${id}`, retail))).toEqual(saved);
    // The same permission and account rules as PUT.
    expect((await inject('POST', `/timeprofile/${id}`, viewer, profile())).statusCode).toBe(403);
    expect((await inject('POST', `/timeprofile/${id}`, prepay, profile())).statusCode).toBe(404);
    expect(json<TimeProfile>(await inject('GET', `/timeprofile/${id}`, retail))).toEqual(saved);
    // POST /timeprofile/next still gives the next number, not a save.
    expect(json(await inject('POST', '/timeprofile/next', retail))).toEqual({ extension: 312 });
    expect((await inject('DELETE', `/timeprofile/${id}`, retail)).statusCode).toBe(200);
  });

  it('creates a profile without days on the spec’s default hours (09:00-17:30 Monday to Friday, weekend off)', async () => {
    const { days: _days, ...withoutDays } = profile({ extension: 312, name: 'Default hours' });
    const res = await inject('POST', '/timeprofile', retail, withoutDays);
    expect(res.statusCode).toBe(200);
    const read = json<TimeProfile>(await inject('GET', `/timeprofile/${json<{ id: number }>(res).id}`, retail));
    expect(read.days).toEqual(defaultDays());
    expect(read.days.friday).toEqual({ enabled: true, start: '09:00', end: '17:30' });
    expect(read.days.saturday).toEqual({ enabled: false, start: '09:00', end: '17:30' });
    expect(read.days.sunday.enabled).toBe(false);
    // Only the name is needed besides the number.
    const minimal = await inject('POST', '/timeprofile', retail, { extension: 313, name: 'Minimal' });
    expect(minimal.statusCode).toBe(200);
    const min = json<TimeProfile>(await inject('GET', `/timeprofile/${json<{ id: number }>(minimal).id}`, retail));
    expect(min).toMatchObject({ name: 'Minimal', description: '', bankHoliday: 0, mode: 0, days: defaultDays() });
    // An update still sends its days: without them the save is refused and nothing changes.
    const { days: _d, ...noDays } = profile({ name: 'No days' });
    const upd = await inject('PUT', `/timeprofile/${read.id}`, retail, noDays);
    expect(upd.statusCode).toBe(400);
    expect(json<TimeProfile>(await inject('GET', `/timeprofile/${read.id}`, retail)).name).toBe('Default hours');
    for (const id of [read.id, min.id]) {
      expect((await inject('DELETE', `/timeprofile/${id}`, retail)).statusCode).toBe(200);
    }
  });

  it('validates the number, name, days and destinations with the spec’s messages', async () => {
    const bad = async (body: object, field: string, message: string) => {
      const res = await inject('POST', '/timeprofile', retail, body);
      expect(res.statusCode).toBe(400);
      expect(json<{ validation: Record<string, string> }>(res).validation[field]).toEqual(message);
    };
    await bad(profile({ extension: 199 }), 'extension', TIME_PROFILE_MESSAGES.invalidNumber);
    await bad(profile({ extension: 999 }), 'extension', 'Please input a valid number');
    await bad(profile({ extension: 'abc' }), 'extension', 'Please input a valid number');
    await bad(
      profile({ extension: 300 }),
      'extension',
      'Time profile number is already in use. Please select a different number',
    );
    await bad(profile({ extension: 320, name: '' }), 'name', MESSAGES.required);
    await bad(profile({ extension: 320, name: 'x'.repeat(101) }), 'name', MESSAGES.maxLength(100));
    await bad(
      profile({ extension: 320, days: { ...defaultDays(), monday: { enabled: true, start: '17:00', end: '09:00' } } }),
      'days.monday.end',
      TIME_PROFILE_MESSAGES.timeOrder,
    );
    await bad(
      profile({ extension: 320, days: { ...defaultDays(), monday: { enabled: true, start: '09:03', end: '17:00' } } }),
      'days.monday.end',
      TIME_PROFILE_MESSAGES.timeStep,
    );
    await bad(profile({ extension: 320, bankHoliday: 4 }), 'bankHoliday', 'Please select an option');
    await bad(profile({ extension: 320, inDestination: 'seat:999' }), 'inDestination', 'Please select an option');
    await bad(
      profile({ extension: 320, outDestination: 'timeprofile:320' }),
      'outDestination',
      'A time profile cannot route to itself',
    );
    // Another account's profile is not a destination here.
    await bad(
      profile({ extension: 320, inDestination: 'timeprofile:999' }),
      'inDestination',
      'Please select an option',
    );
    expect(json<Page<TimeProfile>>(await list(retail)).totalRecords).toBe(2);
  });

  it('bulk adds a range in one go, with the spec’s range messages', async () => {
    const range = (body: object) => inject('POST', '/timeprofile/range', retail, body);
    const tooMany = await range({ from: 400, to: 410, name: 'Branch' });
    expect(json<{ validation: Record<string, string> }>(tooMany).validation.to).toBe(
      'You cannot add more than 10 time profiles at one time, please contact your account manager to add more',
    );
    const order = await range({ from: 405, to: 400, name: 'Branch' });
    expect(json<{ validation: Record<string, string> }>(order).validation.from).toBe(
      'Please ensure this number is less than the To field',
    );
    const clash = await range({ from: 299, to: 302, name: 'Branch' });
    expect(clash.statusCode).toBe(400);
    expect(json<{ validation: Record<string, string> }>(clash).validation.from).toBe(
      '1 or more of the time profiles already has the number in this selected range. Please check the range and try again',
    );
    const single = await range({ from: 301, to: '', name: 'Branch' });
    expect(json<{ validation: Record<string, string> }>(single).validation.from).toBe(TIME_PROFILE_MESSAGES.inUse);
    expect(json<Page<TimeProfile>>(await list(retail)).totalRecords).toBe(2);

    const ok = await range({ from: 400, to: 409, name: 'Branch' });
    expect(ok.statusCode).toBe(200);
    const reply = json<{ results: Array<{ extension: number; success: boolean; message: string }> }>(ok);
    expect(reply.results).toHaveLength(10);
    expect(reply.results[0]).toMatchObject({
      extension: 400,
      success: true,
      message: '400 - Branch created successfully',
    });
    const created = json<Page<TimeProfile>>(await list(retail, '-1/-1', { search: 'Branch' })).records;
    expect(created.map((p) => p.extension)).toEqual([400, 401, 402, 403, 404, 405, 406, 407, 408, 409]);
    expect(created[0]?.days).toEqual(defaultDays());
    const one = await range({ from: 420, name: 'Annex' });
    expect(json<{ results: unknown[] }>(one).results).toHaveLength(1);
    for (const p of [...created, { id: await idOf(retail, 420) }]) {
      expect((await inject('DELETE', `/timeprofile/${p.id}`, retail)).statusCode).toBe(200);
    }
  });

  it('refuses to delete a profile something routes to, naming each use', async () => {
    const weekend = await idOf(retail, 301);
    const res = await inject('DELETE', `/timeprofile/${weekend}`, retail);
    expect(res.statusCode).toBe(409);
    expect(json<{ message: string }>(res).message).toContain('In use in Time Profile 300 - Office hours');
    expect((await inject('GET', `/timeprofile/${weekend}`, retail)).statusCode).toBe(200);
  });

  it('enforces the timeprofile permission and keeps accounts apart', async () => {
    expect((await list(viewer)).statusCode).toBe(200);
    expect((await inject('POST', '/timeprofile', viewer, profile({ extension: 330 }))).statusCode).toBe(403);
    expect((await inject('POST', '/timeprofile/range', viewer, { from: 330, name: 'x' })).statusCode).toBe(403);
    const office = await idOf(retail, 300);
    expect((await inject('PUT', `/timeprofile/${office}`, viewer, profile())).statusCode).toBe(403);
    expect((await inject('DELETE', `/timeprofile/${office}`, viewer)).statusCode).toBe(403);
    // Account 30001 cannot see or touch 30000's profile.
    expect((await inject('GET', `/timeprofile/${office}`, prepay)).statusCode).toBe(404);
    expect((await inject('PUT', `/timeprofile/${office}`, prepay, profile())).statusCode).toBe(404);
    expect((await inject('DELETE', `/timeprofile/${office}`, prepay)).statusCode).toBe(404);
    expect((await inject('GET', `/timeprofile/${office}/status`, prepay)).statusCode).toBe(404);
    expect(json<Page<TimeProfile>>(await list(prepay)).records.map((p) => p.name)).toEqual(['Salon hours']);
    expect(json<TimeProfile>(await inject('GET', `/timeprofile/${office}`, retail)).name).toBe('Office hours');
  });

  it('reports where a profile routes: schedule, bank holiday, calendar and forced modes (UK time)', async () => {
    const office = await idOf(retail, 300);
    const status = async (at: string) =>
      json<{ open: boolean; reason: string; destination: string; detail: string }>(
        await inject('GET', `/timeprofile/${office}/status?at=${encodeURIComponent(at)}`, retail),
      );
    // Tuesday 10 November 2026, 10:00 GMT: open.
    expect(await status('2026-11-10T10:00:00Z')).toMatchObject({ open: true, reason: 'open', destination: 'ivr:370' });
    // 17:29 vs 17:30 UK time.
    expect((await status('2026-11-10T17:29:00Z')).open).toBe(true);
    expect(await status('2026-11-10T17:30:00Z')).toMatchObject({ open: false, destination: 'timeprofile:301' });
    // In summer time 08:30 UTC is 09:30 BST: open; 16:45 UTC is 17:45 BST: closed.
    expect((await status('2026-07-07T08:30:00Z')).open).toBe(true);
    expect((await status('2026-07-07T16:45:00Z')).open).toBe(false);
    // Saturday: closed.
    expect((await status('2026-11-14T11:00:00Z')).reason).toBe('closed');
    // Summer bank holiday (England & Wales) Monday 31 August 2026: closed all day.
    expect(await status('2026-08-31T10:00:00Z')).toMatchObject({ open: false, reason: 'bankHoliday' });
    // The Christmas shutdown calendar entry (24/12/2026 13:00 - 04/01/2027 08:00).
    expect(await status('2026-12-24T12:59:00Z')).toMatchObject({ reason: 'open' });
    expect(await status('2026-12-24T13:00:00Z')).toMatchObject({
      reason: 'calendar',
      destination: 'seat:205',
      detail: 'Christmas shutdown',
    });
  });

  it('lists the bank holidays the server applies', async () => {
    const res = json<{ records: Array<{ date: string; name: string }> }>(
      await inject('GET', '/timeprofile/bankholidays/2/2027', retail),
    );
    expect(res.records.map((h) => h.date)).toContain('2027-11-30');
    expect(res.records.map((h) => h.date)).toContain('2027-01-04');
  });
});

describe('calendar entries', () => {
  type Entry = {
    id: number;
    timeProfileId: number;
    description: string;
    destination: string;
    start: string;
    end: string;
  };
  const entry = (timeProfileId: number, overrides: object = {}) => ({
    timeProfileId,
    description: 'Stocktake',
    destination: 'timeprofile:301',
    start: '02/03/2027 12:00',
    end: '02/03/2027 17:00',
    ...overrides,
  });
  const entries = (headers: Headers, timeProfileId: number) =>
    inject('POST', '/timeprofilecalendar/0/15', headers, { filters: { timeProfileId } });

  it('lists a profile’s entries in date order with DD/MM/YYYY HH:mm dates', async () => {
    const office = await idOf(retail, 300);
    const page = json<Page<Entry>>(await entries(retail, office));
    expect(page.records.map((e) => [e.description, e.start, e.end])).toEqual([
      ['Christmas shutdown', '24/12/2026 13:00', '04/01/2027 08:00'],
      ['Staff training afternoon', '12/02/2027 13:00', '12/02/2027 17:30'],
    ]);
    const desc = json<Page<Entry>>(
      await inject('POST', '/timeprofilecalendar/0/15', retail, {
        filters: { timeProfileId: office },
        sortBy: 'start',
        direction: 'desc',
      }),
    );
    expect(desc.records[0]?.description).toBe('Staff training afternoon');
  });

  it('creates, reads back, updates and deletes an entry', async () => {
    const office = await idOf(retail, 300);
    const res = await inject('POST', '/timeprofilecalendar', retail, entry(office));
    expect(json(res)).toMatchObject({ success: true, message: 'Stocktake created successfully' });
    const id = json<{ id: number }>(res).id;
    expect(json<Entry>(await inject('GET', `/timeprofilecalendar/${id}`, retail))).toEqual({
      id,
      version: 1,
      timeProfileId: office,
      description: 'Stocktake',
      destination: 'timeprofile:301',
      start: '02/03/2027 12:00',
      end: '02/03/2027 17:00',
    });
    const upd = await inject(
      'PUT',
      `/timeprofilecalendar/${id}`,
      retail,
      entry(office, { description: 'Stocktake day', start: '02/03/2027 08:00', end: '03/03/2027 08:00' }),
    );
    expect(json(upd)).toMatchObject({ message: 'Stocktake day has been updated' });
    expect(json<Entry>(await inject('GET', `/timeprofilecalendar/${id}`, retail))).toMatchObject({
      start: '02/03/2027 08:00',
      end: '03/03/2027 08:00',
    });
    expect(json(await inject('DELETE', `/timeprofilecalendar/${id}`, retail))).toMatchObject({
      message: 'Successfully deleted Stocktake day',
    });
  });

  it('validates description, destination and dates', async () => {
    const office = await idOf(retail, 300);
    const bad = async (body: object, field: string, message: string) => {
      const res = await inject('POST', '/timeprofilecalendar', retail, body);
      expect(res.statusCode).toBe(400);
      expect(json<{ validation: Record<string, string> }>(res).validation[field]).toEqual(message);
    };
    await bad(entry(office, { description: '' }), 'description', MESSAGES.required);
    await bad(entry(office, { destination: '' }), 'destination', MESSAGES.required);
    await bad(entry(office, { destination: 'seat:999' }), 'destination', 'Please select an option');
    await bad(entry(office, { start: '2027-03-02 12:00' }), 'start', TIME_PROFILE_MESSAGES.dateFormat);
    await bad(entry(office, { start: '31/02/2027 12:00' }), 'start', TIME_PROFILE_MESSAGES.dateFormat);
    await bad(entry(office, { end: '01/03/2027 12:00' }), 'end', TIME_PROFILE_MESSAGES.dateOrder);
    await bad(
      entry(office, { destination: 'timeprofile:300' }),
      'destination',
      'A time profile cannot route to itself',
    );
  });

  it('keeps entries to their account', async () => {
    const office = await idOf(retail, 300);
    const salon = await idOf(prepay, 300);
    expect(json<Page<Entry>>(await entries(prepay, office)).records).toEqual([]);
    const res = await inject('POST', '/timeprofilecalendar', prepay, entry(office, { destination: '' }));
    expect(res.statusCode).toBe(400);
    const cross = await inject(
      'POST',
      '/timeprofilecalendar',
      prepay,
      entry(office, { destination: 'timeprofile:300' }),
    );
    expect(json<{ validation: Record<string, string> }>(cross).validation.timeProfileId).toBe(MESSAGES.recordNotFound);
    const own = json<Page<Entry>>(await entries(retail, office)).records[0] as Entry;
    expect((await inject('GET', `/timeprofilecalendar/${own.id}`, prepay)).statusCode).toBe(404);
    expect((await inject('DELETE', `/timeprofilecalendar/${own.id}`, prepay)).statusCode).toBe(404);
    expect(
      (await inject('PUT', `/timeprofilecalendar/${own.id}`, retail, entry(salon, { destination: 'timeprofile:301' })))
        .statusCode,
    ).toBe(400);
    expect((await inject('POST', '/timeprofilecalendar', viewer, entry(office))).statusCode).toBe(403);
  });
});
