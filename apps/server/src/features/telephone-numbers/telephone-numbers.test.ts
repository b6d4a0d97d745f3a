import {
  type EmsErrorRow,
  type EmsRecord,
  MESSAGES,
  type Seat,
  type SipTrunk,
  seatValues,
  TELEPHONE_NUMBER_MESSAGES,
  type TelephoneNumber,
  telephoneNumberValues,
} from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxEmsRegistry, sandboxDecision } from '../../providers/ems/ems.ts';
import { basedOn, createTestContext, json, type TestContext } from '../../test/harness.ts';
import { applyEmsResult } from './telephone-numbers.routes.ts';

let t: TestContext;
let retail: Headers;
let viewer: Headers;
let prepay: Headers;
let admin: Headers;
/** The registry as the app's timer drives it, driven here explicitly. */
let registry: SandboxEmsRegistry;

type Headers = Record<string, string>;
type Page<T> = { records: T[]; totalRecords: number; lastPage: boolean };
type Reply = { success: boolean; message: string; validation?: Record<string, string> };

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  viewer = await t.login('viewer');
  prepay = await t.login('prepay');
  admin = await t.login('admin');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/auth/disguise',
    headers: admin,
    payload: { accountNo: 30000 },
  });
  expect(res.statusCode).toBe(200);
  registry = new SandboxEmsRegistry(t.app.platform.tenancy, { delayMs: 60_000 });
  registry.onResult(applyEmsResult);
});
afterAll(async () => t?.close());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    ...(payload || method === 'POST' ? { payload: payload ?? {} } : {}),
  });
const list = async (headers: Headers, path = '-1/-1', payload: object = {}) =>
  json<Page<TelephoneNumber>>(await inject('POST', `/numbering/allocated/${path}`, headers, payload));
const byNumber = async (headers: Headers, number: string) =>
  (await list(headers)).records.find((n) => n.telephoneNumber === number) as TelephoneNumber;
const save = async (headers: Headers, n: TelephoneNumber, changes: object = {}) =>
  inject('PUT', `/numbering/allocated/${n.id}`, headers, { ...telephoneNumberValues(n), ...changes });
const address = (changes: object = {}) => ({
  title: 'Ms',
  forename: 'Alice',
  name: 'Acme Plumbing',
  businessSuffix: 'Ltd',
  premises: 'Unit 9',
  thoroughfare: 'Canal Street',
  locality: 'Birmingham',
  postcode: 'b1 2jr',
  ...changes,
});

describe('telephone numbers: list', () => {
  it('lists the account’s numbers with their destinations, paged and sorted', async () => {
    const all = await list(retail);
    expect(all.totalRecords).toBe(6);
    expect(all.lastPage).toBe(true);
    expect(all.records.map((n) => n.telephoneNumber)).toEqual([
      '01214960000',
      '01214960001',
      '01214960002',
      '01214960003',
      '01214960004',
      '03300880123',
    ]);
    const main = all.records[0] as TelephoneNumber;
    expect(main).toMatchObject({
      nickname: 'Main line',
      destination: 'timeprofile:300',
      displayDestination: '300 - Office hours',
      destinationType: 'timeprofile',
      telephoneNumberAclName: 'Nuisance callers',
      telephoneNumberAclReject: 1,
      anonCallReject: true,
      emsStatus: 'Confirmed',
      accountNo: 30000,
    });
    expect(all.records.find((n) => n.nickname === 'Sales')).toMatchObject({
      displayDestination: '204 - Sales desk',
      distinctiveRing: 'vh-ring-2',
      callRecord: 2,
      callRecordWarn: true,
    });
    expect(all.records.find((n) => n.nickname === 'Emergency')?.emsStatus).toBe('Error');
    expect(all.records.find((n) => n.nickname === 'Marketing')).toMatchObject({
      emsStatus: 'Not needed',
      displayDestination: '',
    });

    const page = await list(retail, '2/2');
    expect(page.records.map((n) => n.nickname)).toEqual(['Accounts', 'Emergency']);
    expect(page).toMatchObject({ totalRecords: 6, lastPage: false });
    expect((await list(retail, '4/2')).lastPage).toBe(true);

    const desc = await list(retail, '0/3', { sortBy: 'nickname', direction: 'desc' });
    expect(desc.records.map((n) => n.nickname)).toEqual(['Sales', 'Marketing', 'Main line']);
    const byStatus = await list(retail, '0/15', { sortBy: 'emsStatus', direction: 'asc' });
    expect(byStatus.records[0]?.emsStatus).toBe('Confirmed');
  });

  it('searches number, nickname and access list; filters by destination type, recording and EMS state', async () => {
    expect((await list(retail, '0/15', { search: 'sales' })).records.map((n) => n.telephoneNumber)).toEqual([
      '01214960001',
    ]);
    expect((await list(retail, '0/15', { search: '0330' })).records.map((n) => n.nickname)).toEqual(['Marketing']);
    expect((await list(retail, '0/15', { search: 'NUISANCE' })).records.map((n) => n.nickname)).toEqual(['Main line']);
    expect((await list(retail, '0/15', { search: 'nothing-like-it' })).totalRecords).toBe(0);
    const toSeats = await list(retail, '0/15', { filters: { destinationType: 'seat' } });
    expect(toSeats.records.map((n) => n.nickname)).toEqual(['Sales', 'Accounts', 'Director']);
    const toProfiles = await list(retail, '0/15', { filters: { destinationType: 'timeprofile' } });
    expect(toProfiles.records.map((n) => n.nickname)).toEqual(['Main line', 'Emergency']);
    expect((await list(retail, '0/15', { filters: { callRecord: 2 } })).records.map((n) => n.nickname)).toEqual([
      'Sales',
    ]);
    expect(
      (await list(retail, '0/15', { filters: { emsStatus: 'Error' } })).records.map((n) => n.telephoneNumber),
    ).toEqual(['01214960003']);
  });

  it('refuses unknown sort columns, unknown filters and bad paging with 400', async () => {
    expect((await inject('POST', '/numbering/allocated/0/15', retail, { sortBy: 'account_no' })).statusCode).toBe(400);
    expect((await inject('POST', '/numbering/allocated/0/15', retail, { filters: { number: 'x' } })).statusCode).toBe(
      400,
    );
    expect((await inject('POST', '/numbering/allocated/0/500', retail)).statusCode).toBe(400);
    expect((await inject('POST', '/numbering/allocated/-1/5', retail)).statusCode).toBe(400);
  });

  it('counts for the dashboard with /0/1', async () => {
    const count = await list(retail, '0/1');
    expect(count.totalRecords).toBe(6);
    expect(count.records).toHaveLength(1);
  });
});

describe('telephone numbers: read and update', () => {
  it('reads one number with every field', async () => {
    const sales = await byNumber(retail, '01214960001');
    const res = await inject('GET', `/numbering/allocated/${sales.id}`, retail);
    expect(res.statusCode).toBe(200);
    expect(json<TelephoneNumber>(res)).toEqual(sales);
  });

  it('updates the general fields and routes a number to a time profile, then reads them back', async () => {
    const director = await byNumber(retail, '01214960004');
    const res = await save(retail, director, {
      nickname: 'Board room',
      destination: 'timeprofile:301',
      distinctiveRing: 'vh-ring-10',
    });
    expect(res.statusCode).toBe(200);
    expect(json<Reply>(res)).toMatchObject({ success: true, message: 'Board room has been updated' });
    const back = json<TelephoneNumber>(await inject('GET', `/numbering/allocated/${director.id}`, retail));
    expect(back).toMatchObject({
      nickname: 'Board room',
      destination: 'timeprofile:301',
      displayDestination: '301 - Weekend cover',
      distinctiveRing: 'vh-ring-10',
    });
    // Without a nickname the number names itself.
    const cleared = await save(retail, back, { nickname: '', destination: '', distinctiveRing: '' });
    expect(json<Reply>(cleared).message).toBe('01214960004 has been updated');
    expect(await byNumber(retail, '01214960004')).toMatchObject({
      nickname: '',
      destination: '',
      displayDestination: '',
      distinctiveRing: '',
    });
  });

  it('updates caller ID, screening, recording and fax settings', async () => {
    const accounts = await byNumber(retail, '01214960002');
    const acl = json<Page<{ id: number; name: string }>>(
      await inject('POST', '/accesscontrol/-1/-1', retail),
    ).records.find((l) => l.name === 'Priority customers');
    const res = await save(retail, accounts, {
      cidPrefix: 'ACC',
      cidCalledNumber: true,
      cidOnDivert: true,
      telephoneNumberAclId: acl?.id,
      telephoneNumberAclReject: 0,
      anonCallReject: true,
      anonCallRejectAdvanced: true,
      callRecord: 1,
      callRecordWarn: true,
      faxContact: true,
      faxAddress: 'fax@acmeplumbing.example',
      faxPassword: 'Secret-pdf-1',
    });
    expect(res.statusCode).toBe(200);
    expect(await byNumber(retail, '01214960002')).toMatchObject({
      cidPrefix: 'ACC',
      cidCalledNumber: true,
      cidOnDivert: true,
      telephoneNumberAclId: acl?.id,
      telephoneNumberAclName: 'Priority customers',
      telephoneNumberAclReject: 0,
      anonCallReject: true,
      anonCallRejectAdvanced: true,
      callRecord: 1,
      callRecordWarn: true,
      faxContact: true,
      faxAddress: 'fax@acmeplumbing.example',
      faxPassword: 'Secret-pdf-1',
    });
    // Switching the parent setting off clears the dependent one.
    const updated = await byNumber(retail, '01214960002');
    await save(retail, updated, { callRecord: 0, anonCallReject: false, telephoneNumberAclId: null });
    expect(await byNumber(retail, '01214960002')).toMatchObject({
      callRecord: 0,
      callRecordWarn: false,
      anonCallReject: false,
      anonCallRejectAdvanced: false,
      telephoneNumberAclId: null,
      telephoneNumberAclReject: 0,
    });
  });

  it('gives the spec’s messages for each field rule and changes nothing', async () => {
    const sales = await byNumber(retail, '01214960001');
    const bad = async (changes: object, field: string, message: string) => {
      const res = await save(retail, sales, changes);
      expect(res.statusCode).toBe(400);
      const reply = json<Reply>(res);
      expect(reply.success).toBe(false);
      expect(reply.validation?.[field]).toBe(message);
    };
    await bad({ nickname: 'x'.repeat(16) }, 'nickname', MESSAGES.maxLength(15));
    await bad({ cidPrefix: 'x'.repeat(16) }, 'cidPrefix', MESSAGES.maxLength(15));
    await bad({ faxPassword: 'x'.repeat(16) }, 'faxPassword', MESSAGES.maxLength(15));
    await bad({ faxAddress: 'not-an-email' }, 'faxAddress', MESSAGES.email);
    await bad({ faxContact: true, faxAddress: '' }, 'faxAddress', TELEPHONE_NUMBER_MESSAGES.faxAddressRequired);
    await bad({ distinctiveRing: 'vh-ring-11' }, 'distinctiveRing', MESSAGES.selectOption);
    await bad({ callRecord: 3 }, 'callRecord', MESSAGES.selectOption);
    await bad({ destination: 'seat:999' }, 'destination', MESSAGES.selectOption);
    await bad({ destination: 'nonsense' }, 'destination', MESSAGES.selectOption);
    // Another account's access list is not one of ours.
    const theirs = json<Page<{ id: number }>>(await inject('POST', '/accesscontrol/-1/-1', prepay)).records[0];
    await bad({ telephoneNumberAclId: theirs?.id }, 'telephoneNumberAclId', MESSAGES.selectOption);
    // Several errors at once give the banner.
    const many = json<Reply>(await save(retail, sales, { nickname: 'x'.repeat(16), cidPrefix: 'y'.repeat(16) }));
    expect(many.message).toBe(MESSAGES.multipleErrors);
    expect(await byNumber(retail, '01214960001')).toEqual(sales);
  });

  it('lets only a provider admin change the provider’s switches', async () => {
    const marketing = await byNumber(retail, '03300880123');
    const refused = await save(retail, marketing, { emsNeeded: true });
    expect(refused.statusCode).toBe(403);
    expect(json<Reply>(refused).message).toBe(TELEPHONE_NUMBER_MESSAGES.adminOnly);
    expect((await save(retail, marketing, { cancellationAvailable: false })).statusCode).toBe(403);
    const allowed = await save(admin, marketing, { cancellationAvailable: false });
    expect(allowed.statusCode).toBe(200);
    expect((await byNumber(retail, '03300880123')).cancellationAvailable).toBe(false);
    // Anyone with update may save the other fields while leaving the switches alone.
    const after = await byNumber(retail, '03300880123');
    expect((await save(retail, after, { nickname: 'Campaigns' })).statusCode).toBe(200);
  });
});

describe('telephone numbers: emergency data', () => {
  it('reads the emergency address and shows a failed one by the spec’s rule', async () => {
    const failed = await byNumber(retail, '01214960003');
    const ems = json<EmsRecord>(await inject('GET', `/numbering/allocated/${failed.id}/ems`, retail));
    expect(ems).toMatchObject({
      telephoneNumber: '01214960003',
      premises: 'Unit 9',
      thoroughfare: 'Canal Strete',
      postcode: 'B1 2JR',
      updatePending: false,
      errorCode: 39,
      errorMessage: 'Thoroughfare not recognised for the postcode',
      // 39 is one of the codes shown as their own message.
      errorText: 'Thoroughfare not recognised for the postcode',
    });
  });

  it('refuses an update based on an older number, and leaves the address as it was', async () => {
    const numbers = (await list(retail)).records.filter(
      (n) => !['01214960003', '01214960004'].includes(n.telephoneNumber),
    );
    const emsOf = async (n: TelephoneNumber) =>
      json<EmsRecord>(await inject('GET', `/numbering/allocated/${n.id}/ems`, retail));
    let number: TelephoneNumber | undefined;
    for (const n of numbers) {
      const e = await emsOf(n);
      if (e.emsNeeded && !e.updatePending) {
        number = n;
        break;
      }
    }
    if (!number) throw new Error('the demo has a number needing an emergency address');
    const loaded = await emsOf(number);
    expect(loaded.version).toBe(number.version);
    // Someone saves the number meanwhile.
    expect((await save(retail, number, { nickname: 'Meanwhile' })).statusCode).toBe(200);
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/numbering/allocated/${number.id}/ems`,
      headers: basedOn(retail, loaded.version),
      payload: address({ premises: '99' }),
    });
    expect(stale.statusCode).toBe(409);
    expect(json<Reply>(stale).message).toBe(MESSAGES.staleVersion);
    expect(await emsOf(number)).toMatchObject({
      updatePending: false,
      premises: loaded.premises,
      version: loaded.version + 1,
    });
  });

  it('submits an update that is pending (edits refused) until the registry confirms it', async () => {
    const failed = await byNumber(retail, '01214960003');
    const res = await inject('PUT', `/numbering/allocated/${failed.id}/ems`, retail, address());
    expect(res.statusCode).toBe(200);
    expect(json<Reply>(res)).toMatchObject({ success: true, message: TELEPHONE_NUMBER_MESSAGES.emsSubmitted });
    const pending = json<EmsRecord>(await inject('GET', `/numbering/allocated/${failed.id}/ems`, retail));
    expect(pending).toMatchObject({
      updatePending: true,
      errorCode: null,
      errorText: '',
      postcode: 'B1 2JR',
      premises: 'Unit 9',
    });
    expect((await byNumber(retail, '01214960003')).emsStatus).toBe('Pending');
    // A second edit while pending is refused.
    const again = await inject('PUT', `/numbering/allocated/${failed.id}/ems`, retail, address({ premises: '46' }));
    expect(again.statusCode).toBe(409);
    expect(json<Reply>(again).message).toBe(TELEPHONE_NUMBER_MESSAGES.emsPending);
    // Not due yet for the timer; settled explicitly.
    expect(await registry.process()).toBe(0);
    expect(await registry.settle()).toBe(1);
    // An accepted update raises no notification.
    expect(
      json<{ records: { notification_title: string }[] }>(await inject('GET', '/notifications', retail)).records.some(
        (n) => n.notification_title === 'Emergency address rejected: 01214960003',
      ),
    ).toBe(false);
    const confirmed = json<EmsRecord>(await inject('GET', `/numbering/allocated/${failed.id}/ems`, retail));
    expect(confirmed).toMatchObject({
      updatePending: false,
      errorCode: null,
      errorText: '',
      thoroughfare: 'Canal Street',
    });
    expect((await byNumber(retail, '01214960003')).emsStatus).toBe('Confirmed');
    const errors = json<Page<EmsErrorRow>>(await inject('POST', '/numbering/allocated/ems/errors/0/1', retail));
    expect(errors.totalRecords).toBe(0);
  });

  it('lists a rejected update on /ems-errors with the ERROR: prefix for other codes', async () => {
    const director = await byNumber(retail, '01214960004');
    await inject('PUT', `/numbering/allocated/${director.id}/ems`, retail, address({ postcode: 'ZZ1 1AF' }));
    await inject(
      'PUT',
      `/numbering/allocated/${(await byNumber(retail, '01214960002')).id}/ems`,
      retail,
      address({ postcode: 'ZZ1 1AD' }),
    );
    expect(await registry.settle()).toBe(2);
    // Each rejection tells the account (a notification of its own, unread).
    const notes = json<{
      records: { notification_title: string; notification_message: string; notification_read: boolean }[];
    }>(await inject('GET', '/notifications', retail)).records.filter((n) =>
      n.notification_title.startsWith('Emergency address rejected'),
    );
    expect(notes.map((n) => n.notification_title).sort()).toEqual([
      'Emergency address rejected: 01214960002',
      'Emergency address rejected: 01214960004',
    ]);
    expect(notes.find((n) => n.notification_title.endsWith('01214960004'))).toMatchObject({
      notification_read: false,
      notification_message:
        'The emergency services database rejected the address of 01214960004 (2: Record rejected: malformed submission). Correct it on the EMS Errors page.',
    });
    const ems = json<EmsRecord>(await inject('GET', `/numbering/allocated/${director.id}/ems`, retail));
    expect(ems).toMatchObject({
      updatePending: false,
      errorCode: 2,
      errorText: 'ERROR: Record rejected: malformed submission',
    });
    const errors = json<Page<EmsErrorRow>>(await inject('POST', '/numbering/allocated/ems/errors/-1/-1', retail));
    expect(errors.totalRecords).toBe(2);
    expect(errors.records.map((e) => [e.telephoneNumber, e.error])).toEqual([
      ['01214960002', 'Thoroughfare not recognised for the postcode'],
      ['01214960004', 'ERROR: Record rejected: malformed submission'],
    ]);
    // The dashboard's count, with its account number.
    const count = json<Page<EmsErrorRow>>(
      await inject('POST', '/numbering/allocated/ems/errors/0/1', retail, { accountNo: 30000 }),
    );
    expect(count.totalRecords).toBe(2);
    expect((await inject('POST', '/numbering/allocated/ems/errors/0/1', retail, { accountNo: 30001 })).statusCode).toBe(
      404,
    );
    // A corrected address clears the error once confirmed.
    await inject('PUT', `/numbering/allocated/${director.id}/ems`, retail, address());
    await registry.settle();
    expect(
      json<Page<EmsErrorRow>>(await inject('POST', '/numbering/allocated/ems/errors/-1/-1', retail)).records.map(
        (e) => e.telephoneNumber,
      ),
    ).toEqual(['01214960002']);
  });

  it('validates the emergency data maxima and the postcode', async () => {
    const id = (await byNumber(retail, '01214960001')).id;
    const bad = async (changes: object, field: string, message: string) => {
      const res = await inject('PUT', `/numbering/allocated/${id}/ems`, retail, address(changes));
      expect(res.statusCode).toBe(400);
      expect(json<Reply>(res).validation?.[field]).toBe(message);
    };
    await bad({ title: 'x'.repeat(21) }, 'title', MESSAGES.maxLength(20));
    await bad({ forename: 'x'.repeat(21) }, 'forename', MESSAGES.maxLength(20));
    await bad({ name: 'x'.repeat(51) }, 'name', MESSAGES.maxLength(50));
    await bad({ businessSuffix: 'x'.repeat(51) }, 'businessSuffix', MESSAGES.maxLength(50));
    await bad({ premises: 'x'.repeat(61) }, 'premises', MESSAGES.maxLength(60));
    await bad({ thoroughfare: 'x'.repeat(56) }, 'thoroughfare', MESSAGES.maxLength(55));
    await bad({ locality: 'x'.repeat(31) }, 'locality', MESSAGES.maxLength(30));
    await bad({ postcode: 'B1' }, 'postcode', MESSAGES.ukPostcode);
    await bad({ postcode: '' }, 'postcode', MESSAGES.required);
    await bad({ premises: '' }, 'premises', MESSAGES.required);
    expect(json<EmsRecord>(await inject('GET', `/numbering/allocated/${id}/ems`, retail)).updatePending).toBe(false);
  });

  it('refuses an update for a number that needs no emergency data', async () => {
    const marketing = await byNumber(retail, '03300880123');
    const res = await inject('PUT', `/numbering/allocated/${marketing.id}/ems`, retail, address());
    expect(res.statusCode).toBe(409);
    expect(json<Reply>(res).message).toBe(TELEPHONE_NUMBER_MESSAGES.emsNotNeeded);
  });

  it('decides deterministically in the sandbox', () => {
    const base = address();
    expect(sandboxDecision(base)).toEqual({ code: 0, message: '' });
    expect(sandboxDecision({ ...base, postcode: 'nonsense' }).code).toBe(33);
    expect(sandboxDecision({ ...base, premises: ' ' }).code).toBe(37);
    expect(sandboxDecision({ ...base, name: '' }).code).toBe(40);
    expect(sandboxDecision({ ...base, postcode: 'zz11ad' }).code).toBe(39);
  });

  it('lists the account’s emergency addresses and caller-ID numbers', async () => {
    const addresses = json<Page<{ telephoneNo: string; postcode: string; premises: string }>>(
      await inject('POST', '/emsaddress', retail),
    );
    expect(addresses.records.map((a) => a.telephoneNo)).not.toContain('03300880123');
    expect(addresses.records.find((a) => a.telephoneNo === '01214960000')).toMatchObject({
      premises: '45',
      postcode: 'B1 2JR',
    });
    const prepayAddresses = json<Page<{ telephoneNo: string }>>(await inject('POST', '/emsaddress', prepay));
    expect(prepayAddresses.records.map((a) => a.telephoneNo)).toEqual(['01179460000', '01179460001']);
    const callerIds = json<{ records: Array<{ name: string; number: string }> }>(
      await inject('POST', '/numbering/allocated/callerids', prepay),
    );
    expect(callerIds.records).toEqual([
      { number: '01179460000', name: 'Salon' },
      { number: '01179460001', name: 'Bookings' },
    ]);
  });

  it('pages and searches the caller-ID numbers (a picker’s), the same numbers as the whole list', async () => {
    const all = json<{ records: Array<{ name: string; number: string }> }>(
      await inject('POST', '/numbering/allocated/callerids', retail),
    ).records;
    const get = async (offset: number, limit: number, body: object = {}) => {
      const res = await inject('POST', `/numbering/allocated/callerids/${offset}/${limit}`, retail, body);
      expect(res.statusCode, res.body).toBe(200);
      return json<{ records: Array<{ name: string; number: string }>; lastPage: boolean }>(res);
    };
    const paged = [];
    for (let offset = 0; ; offset += 2) {
      const p = await get(offset, 2);
      paged.push(...p.records);
      if (p.lastPage) break;
    }
    expect(paged).toEqual(all);
    expect(all.length).toBeGreaterThan(2);
    expect(await get(-1, -1)).toEqual({ records: all, lastPage: true });
    // By number or by name, whatever its case; wildcards are characters like any other.
    const named = all.find((n) => n.name !== n.number) as { name: string; number: string };
    expect((await get(0, 20, { search: named.name.toUpperCase() })).records).toContainEqual(named);
    expect((await get(0, 20, { search: named.number.slice(-6) })).records).toContainEqual(named);
    expect(await get(0, 20, { search: '%' })).toEqual({ records: [], lastPage: true });
    // Another account's numbers are never found; paging rules as every list's.
    expect((await get(0, 20, { search: '01179460000' })).records).toEqual([]);
    expect((await inject('POST', '/numbering/allocated/callerids/0/500', retail, {})).statusCode).toBe(400);
  });

  it('answers Teams information for a number', async () => {
    const main = await byNumber(retail, '01214960000');
    const res = await inject('GET', `/numbering/allocated/msteams/${main.id}`, retail);
    expect(res.statusCode).toBe(200);
    const teams = json<{ telephoneNumber: string; teamsAccountExists: boolean; seats: string[] }>(res);
    expect(teams.telephoneNumber).toBe('01214960000');
    expect(typeof teams.teamsAccountExists).toBe('boolean');
    // No seat has Teams on: none presents the number on Teams (their caller ID alone does not count).
    expect(teams.seats).toEqual([]);
  });

  it('lists the seats presenting the number as their outbound caller ID, Teams or not', async () => {
    const main = await byNumber(retail, '01214960000');
    const teams = json<{ presentingSeats: string[] }>(
      await inject('GET', `/numbering/allocated/msteams/${main.id}`, retail),
    );
    // Every one of Acme's twelve seats presents the main line.
    const seats = json<Page<{ extension: number; nickname: string; callerIdNumber: string }>>(
      await inject('POST', '/seat/-1/-1', retail),
    ).records.filter((s) => s.callerIdNumber === '01214960000');
    expect(seats).toHaveLength(12);
    expect(teams.presentingSeats).toEqual(seats.map((s) => `${s.extension} - ${s.nickname}`));
    const other = await byNumber(retail, '01214960002');
    const none = json<{ presentingSeats: string[] }>(
      await inject('GET', `/numbering/allocated/msteams/${other.id}`, retail),
    );
    expect(none.presentingSeats).toEqual([]);
    expect((await inject('GET', `/numbering/allocated/msteams/${main.id}`, prepay)).statusCode).toBe(404);
  });

  it('lists the seats with Teams on that present the number on Teams: their Teams number, or their caller ID when they have none', async () => {
    const db = t.database.db;
    // Every Acme seat presents 01214960000 as its caller ID.
    const setSeat = (extension: number, values: { enable_teams: boolean; teams_cli: string }) =>
      db.updateTable('seats').set(values).where('account_no', '=', 30000).where('extension', '=', extension).execute();
    const teamsSeats = async (number: string) => {
      const n = await byNumber(retail, number);
      const res = await inject('GET', `/numbering/allocated/msteams/${n.id}`, retail);
      expect(res.statusCode).toBe(200);
      return json<{ seats: string[] }>(res).seats;
    };
    await setSeat(201, { enable_teams: true, teams_cli: '' }); // caller ID 01214960000
    await setSeat(202, { enable_teams: true, teams_cli: '01214960001' }); // its own Teams number
    await setSeat(203, { enable_teams: true, teams_cli: '01214960000' });
    await setSeat(204, { enable_teams: false, teams_cli: '01214960000' }); // Teams off
    try {
      expect(await teamsSeats('01214960000')).toEqual(['201 - Reception', '203 - Office manager']);
      expect(await teamsSeats('01214960001')).toEqual(['202 - Accounts']);
      expect(await teamsSeats('01214960002')).toEqual([]);
    } finally {
      for (const extension of [201, 202, 203, 204]) await setSeat(extension, { enable_teams: false, teams_cli: '' });
    }
  });
});

describe('telephone numbers: delete', () => {
  it('refuses to delete a number a seat presents, naming each use', async () => {
    const main = await byNumber(retail, '01214960000');
    const res = await inject('DELETE', `/numbering/allocated/${main.id}`, retail);
    expect(res.statusCode).toBe(409);
    const reply = json<Reply>(res);
    expect(reply.success).toBe(false);
    expect(reply.message).toContain(MESSAGES.inUseIn('Seat', '201 - Reception'));
    expect(reply.message).toContain(MESSAGES.inUseIn('Seat', '212 - Training room'));
    expect((await inject('GET', `/numbering/allocated/${main.id}`, retail)).statusCode).toBe(200);
  });

  it('refuses to delete a seat’s Teams number or a number in its softphone outbound CLI list', async () => {
    const seats = json<Page<Seat>>(await inject('POST', '/seat/-1/-1', retail)).records;
    const seat = (extension: number) => seats.find((s) => s.extension === extension) as Seat;
    const onCall = json<Seat>(await inject('GET', `/seat/${seat(205).id}`, retail));
    const teams = await inject('PUT', `/seat/${onCall.id}`, retail, { ...seatValues(onCall), teamsCLI: '01214960002' });
    expect(teams.statusCode).toBe(200);
    const accounts = await byNumber(retail, '01214960002');
    const refused = await inject('DELETE', `/numbering/allocated/${accounts.id}`, retail);
    expect(refused.statusCode).toBe(409);
    expect(json<Reply>(refused)).toMatchObject({ success: false, message: 'In use in Seat 205 - On-call' });
    expect(await byNumber(retail, '01214960002')).toEqual(accounts);

    // A number on an outbound CLI list is the list's to give up first.
    const list = await inject('POST', '/outboundclilist', retail, { name: 'Director', numbers: ['01214960004'] });
    expect(list.statusCode, list.body).toBe(200);
    const director = await byNumber(retail, '01214960004');
    const listed = await inject('DELETE', `/numbering/allocated/${director.id}`, retail);
    expect(listed.statusCode).toBe(409);
    expect(json<Reply>(listed)).toMatchObject({
      success: false,
      message: MESSAGES.inUseIn('Outbound CLI List', 'Director'),
    });
    expect(await byNumber(retail, '01214960004')).toEqual(director);
    await inject('DELETE', `/outboundclilist/${json<{ id: number }>(list).id}`, retail);
    // A seat using the number twice (caller ID and Teams number) is named once.
    const both = await inject('PUT', `/seat/${onCall.id}`, retail, { ...seatValues(onCall), teamsCLI: '01214960000' });
    expect(both.statusCode).toBe(200);
    const main = await byNumber(retail, '01214960000');
    const uses = json<Reply>(await inject('DELETE', `/numbering/allocated/${main.id}`, retail)).message.split('\n');
    expect(uses.filter((u) => u === MESSAGES.inUseIn('Seat', '205 - On-call'))).toHaveLength(1);
  });

  it('refuses to delete a number a SIP trunk presents or gives as its emergency location', async () => {
    const emergency = await byNumber(retail, '01214960003');
    const res = await inject('DELETE', `/numbering/allocated/${emergency.id}`, retail);
    expect(res.statusCode).toBe(409);
    expect(json<Reply>(res)).toMatchObject({ success: false, message: 'In use in SIP Trunk DR site' });
    expect(await byNumber(retail, '01214960003')).toEqual(emergency);

    const trunks = json<Page<SipTrunk>>(await inject('POST', '/trunk/-1/-1', retail)).records;
    const { id, name, status, ip, agent, location, publicIp, onNet, accountNo, ...main } = trunks.find(
      (tr) => tr.nickname === 'Main PBX',
    ) as SipTrunk;
    expect((await inject('PUT', `/trunk/${id}`, retail, { ...main, cliNumber: '01214960001' })).statusCode).toBe(200);
    const sales = await byNumber(retail, '01214960001');
    const cli = await inject('DELETE', `/numbering/allocated/${sales.id}`, retail);
    expect(cli.statusCode).toBe(409);
    expect(json<Reply>(cli)).toMatchObject({ success: false, message: 'In use in SIP Trunk Main PBX' });
    expect(await byNumber(retail, '01214960001')).toEqual(sales);
  });

  it('deletes an unused number', async () => {
    const marketing = await byNumber(retail, '03300880123');
    const res = await inject('DELETE', `/numbering/allocated/${marketing.id}`, retail);
    expect(res.statusCode).toBe(200);
    expect(json<Reply>(res)).toMatchObject({ success: true, message: 'Successfully deleted Campaigns' });
    expect((await inject('GET', `/numbering/allocated/${marketing.id}`, retail)).statusCode).toBe(404);
    expect((await list(retail)).totalRecords).toBe(5);
  });
});

describe('telephone numbers: permissions and isolation', () => {
  it('lets a viewer read but not change', async () => {
    const sales = await byNumber(viewer, '01214960001');
    expect(sales.nickname).toBe('Sales');
    expect((await save(viewer, sales, { nickname: 'Mine' })).statusCode).toBe(403);
    expect((await inject('DELETE', `/numbering/allocated/${sales.id}`, viewer)).statusCode).toBe(403);
    expect((await inject('PUT', `/numbering/allocated/${sales.id}/ems`, viewer, address())).statusCode).toBe(403);
    expect((await inject('GET', `/numbering/allocated/${sales.id}/ems`, viewer)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await inject('POST', '/numbering/allocated/0/15', {})).statusCode).toBe(401);
    expect((await inject('POST', '/emsaddress', {})).statusCode).toBe(401);
  });

  it('keeps other accounts’ numbers invisible and untouchable (404)', async () => {
    const sales = await byNumber(retail, '01214960001');
    expect((await list(prepay)).records.map((n) => n.telephoneNumber)).toEqual(['01179460000', '01179460001']);
    expect((await inject('GET', `/numbering/allocated/${sales.id}`, prepay)).statusCode).toBe(404);
    expect((await save(prepay, sales, { nickname: 'Stolen' })).statusCode).toBe(404);
    expect((await inject('DELETE', `/numbering/allocated/${sales.id}`, prepay)).statusCode).toBe(404);
    expect((await inject('GET', `/numbering/allocated/${sales.id}/ems`, prepay)).statusCode).toBe(404);
    expect((await inject('PUT', `/numbering/allocated/${sales.id}/ems`, prepay, address())).statusCode).toBe(404);
    expect((await byNumber(retail, '01214960001')).nickname).toBe('Sales');
    // A prepay destination in another account does not exist for this one.
    const salon = await byNumber(prepay, '01179460000');
    expect((await save(prepay, salon, { destination: 'seat:208' })).statusCode).toBe(400);
  });

  it('refuses deleting a seat or time profile a number routes to', async () => {
    const seats = json<Page<{ id: number; extension: number }>>(await inject('POST', '/seat/-1/-1', prepay));
    const frontDesk = seats.records.find((s) => s.extension === 201);
    const res = await inject('DELETE', `/seat/${frontDesk?.id}`, prepay);
    expect(res.statusCode).toBe(409);
    expect(json<Reply>(res).message).toContain('In use in Telephone Number 01179460001 (Bookings)');
  });
});

describe('telephone numbers: the fax PDF password', () => {
  it('goes only to users who may update the number; a read-only user gets it blank in lists and reads', async () => {
    const accounts = await byNumber(retail, '01214960002');
    const set = await save(retail, accounts, {
      faxContact: true,
      faxAddress: 'fax@acmeplumbing.example',
      faxPassword: 'Pdf-secret-9',
    });
    expect(set.statusCode).toBe(200);
    const full = await byNumber(retail, '01214960002');
    expect(full.faxPassword).toBe('Pdf-secret-9');
    expect(json<TelephoneNumber>(await inject('GET', `/numbering/allocated/${full.id}`, retail)).faxPassword).toBe(
      'Pdf-secret-9',
    );
    // The viewer reads numbers but may not update them.
    const viewed = await list(viewer);
    expect(viewed.records.every((n) => n.faxPassword === '')).toBe(true);
    const read = json<TelephoneNumber>(await inject('GET', `/numbering/allocated/${full.id}`, viewer));
    expect(read).toEqual({ ...full, faxPassword: '' });
    // A save by the user who sees it carries it, so it stays.
    expect((await save(retail, full, { nickname: 'Accounts 2' })).statusCode).toBe(200);
    expect(await byNumber(retail, '01214960002')).toMatchObject({
      nickname: 'Accounts 2',
      faxPassword: 'Pdf-secret-9',
    });
    expect((await save(retail, full, { nickname: full.nickname })).statusCode).toBe(200);
  });
});

describe('telephone numbers: bad ids and filters (400, never a 500)', () => {
  const BIG = 3_000_000_000;

  it('answers 400 for ids past 2147483647, in the path and in the body, and changes nothing', async () => {
    const before = await list(retail);
    for (const url of [
      `/numbering/allocated/${BIG}`,
      `/numbering/allocated/msteams/${BIG}`,
      `/numbering/allocated/${BIG}/ems`,
    ]) {
      const res = await inject('GET', url, retail);
      expect(res.statusCode, url).toBe(400);
      expect(json<Reply>(res).validation).toHaveProperty('id');
    }
    const sales = await byNumber(retail, '01214960001');
    const res = await save(retail, sales, { telephoneNumberAclId: BIG });
    expect(res.statusCode).toBe(400);
    expect(json<Reply>(res)).toEqual({
      success: false,
      message: MESSAGES.selectOption,
      validation: { telephoneNumberAclId: MESSAGES.selectOption },
    });
    expect(await list(retail)).toEqual(before);
  });

  it('refuses a filter value of the wrong type, naming the filter', async () => {
    const refused = (field: string, what: string) => {
      const message = `The filter '${field}' must be ${what}`;
      return { success: false, message, validation: { [`filters.${field}`]: message } };
    };
    const cases: Array<[string, unknown, string]> = [
      ['callRecord', 'x', 'a whole number'],
      ['callRecord', 1.5, 'a whole number'],
      ['callRecord', true, 'a whole number'],
      ['anonCallReject', 'maybe', 'true or false'],
      ['destinationType', 5, 'text'],
    ];
    for (const [field, value, what] of cases) {
      const res = await inject('POST', '/numbering/allocated/0/15', retail, { filters: { [field]: value } });
      expect(res.statusCode, `${field}=${String(value)}`).toBe(400);
      expect(json(res)).toEqual(refused(field, what));
    }
    expect((await list(retail, '0/15', { filters: { callRecord: '2' } })).records.map((n) => n.nickname)).toEqual([
      'Sales',
    ]);
  });
});
