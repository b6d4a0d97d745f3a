import {
  CALL_OPTION_MESSAGES,
  DEFAULT_RESTRICTIONS,
  FEATURES,
  isPublicIp,
  MASK,
  MESSAGES,
  type SipTrunk,
  TEAMS_MESSAGES,
  TRUNK_MESSAGES,
} from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockAccount } from '../../platform/validators.ts';
import {
  addUser,
  createTestContext,
  json,
  onPostgres,
  raceWithOpenTransaction,
  type TestContext,
} from '../../test/harness.ts';

let t: TestContext;
let retail: Record<string, string>;
let viewer: Record<string, string>;
let prepay: Record<string, string>;
let admin: Record<string, string>;
let readOnly: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  prepay = await t.login('prepay');
  admin = await t.login('admin');
  // The viewer may edit trunks and their restrictions, but has no highRisk grant.
  const viewerId = (
    await t.database.db.selectFrom('users').select('id').where('username', '=', 'viewer').executeTakeFirstOrThrow()
  ).id;
  // (The demo viewer has no restrictions grant at all: it is given one here.)
  const grants = [FEATURES.sipTrunks, FEATURES.sipTrunksCallRestrictions];
  await t.database.db
    .deleteFrom('user_permissions')
    .where('user_id', '=', viewerId)
    .where('feature_id', 'in', [...grants, FEATURES.highRisk])
    .execute();
  await t.database.db
    .insertInto('user_permissions')
    .values(grants.map((feature_id) => ({ user_id: viewerId, feature_id, mask: 15 })))
    .execute();
  viewer = await t.login('viewer');
  // harrogate (another account) may only read trunks.
  const harrogateId = (
    await t.database.db.selectFrom('users').select('id').where('username', '=', 'harrogate').executeTakeFirstOrThrow()
  ).id;
  await t.database.db
    .updateTable('user_permissions')
    .set({ mask: MASK.readOnly })
    .where('user_id', '=', harrogateId)
    .where('feature_id', '=', FEATURES.sipTrunks)
    .execute();
  readOnly = await t.login('harrogate');
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/auth/disguise',
    headers: admin,
    payload: { accountNo: 30000 },
  });
});
afterAll(async () => t?.close());

type Page<T> = { records: T[]; totalRecords: number; lastPage: boolean };
type Headers = Record<string, string>;
type Reply = { success: boolean; message: string; validation: Record<string, string>; id: number };
const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
const list = (headers: Headers, path = '0/15', payload: object = {}) =>
  inject('POST', `/trunk/${path}`, headers, payload);
const trunk = (changes: object = {}) => ({ nickname: 'Branch PBX', emergencyServicesCid: '01214960000', ...changes });
const body = (tr: SipTrunk, changes: object = {}) => {
  const { id, version, name, status, ip, agent, location, publicIp, onNet, accountNo, ...rest } = tr;
  return { ...rest, ...changes };
};
const byNick = async (headers: Headers, nickname: string) =>
  json<Page<SipTrunk>>(await list(headers, '-1/-1')).records.find((r) => r.nickname === nickname) as SipTrunk;

describe('SIP trunks', () => {
  it('lists with status, location, public IP; searched, sorted and filtered', async () => {
    const page = json<Page<SipTrunk>>(await list(retail));
    expect(page.records.map((r) => [r.nickname, r.status, r.ip, r.publicIp, r.location])).toEqual([
      ['DR site', 'Online', '81.2.68.20', true, true],
      ['Main PBX', 'Direct IP', '81.2.69.10', true, true],
    ]);
    expect(page.records[1]?.permit).toEqual(['81.2.69.10', '81.2.69.11']);
    expect(page.records[0]).not.toHaveProperty('secret');
    const desc = json<Page<SipTrunk>>(await list(retail, '0/1', { sortBy: 'nickname', direction: 'desc' }));
    expect(desc).toMatchObject({ totalRecords: 2, lastPage: false });
    expect(desc.records[0]?.nickname).toBe('Main PBX');
    expect(json<Page<SipTrunk>>(await list(retail, '0/15', { search: 'dr s' })).records).toHaveLength(1);
    // The spec's client asks for every trunk with a trailing slash.
    expect(json<Page<SipTrunk>>(await list(retail, '-1/-1/')).totalRecords).toBe(2);
    expect(
      json<Page<SipTrunk>>(await list(retail, '0/15', { filters: { status: 'Direct IP' } })).records.map(
        (r) => r.nickname,
      ),
    ).toEqual(['Main PBX']);
    expect(json<Page<SipTrunk>>(await list(prepay)).records.map((r) => [r.nickname, r.status])).toEqual([
      ['Salon PBX', 'Offline'],
    ]);
    const ips = json<{ records: Array<{ ip: string }> }>(await inject('POST', '/trunk/uniqueips', retail));
    expect(ips.records.map((r) => r.ip)).toEqual(['81.2.68.20', '81.2.69.10']);
  });

  it('caps retail accounts at 1 trunk and 2 channels, unless a provider admin adds it', async () => {
    const refused = await inject('POST', '/trunk', retail, trunk());
    expect(refused.statusCode).toBe(409);
    expect(json<Reply>(refused).message).toBe(TRUNK_MESSAGES.retailTrunks);
    const created = await inject('POST', '/trunk', admin, trunk({ host: '81.2.68.77', channelLimit: 30 }));
    expect(json(created)).toMatchObject({ success: true, message: 'Branch PBX created successfully' });
    const id = json<Reply>(created).id;
    const read = json<SipTrunk>(await inject('GET', `/trunk/${id}`, retail));
    expect(read).toMatchObject({ status: 'Direct IP', channelLimit: 30, host: '81.2.68.77', accountNo: 30000 });
    // The retail user may keep the admin's channel count but not raise another trunk past 2.
    const dr = await byNick(retail, 'DR site');
    const more = await inject('PUT', `/trunk/${dr.id}`, retail, body(dr, { channelLimit: 3 }));
    expect(json<Reply>(more).validation.channelLimit).toBe(TRUNK_MESSAGES.retailChannels);
    expect(json<Reply>(await inject('PUT', `/trunk/${id}`, retail, body(read, { nickname: 'Branch' }))).success).toBe(
      true,
    );
    expect(json(await inject('DELETE', `/trunk/${id}`, retail))).toMatchObject({
      message: 'Successfully deleted Branch',
    });
    // A prepay (standard) account has no trunk cap.
    const salonExtra = await inject(
      'POST',
      '/trunk',
      prepay,
      trunk({ emergencyServicesCid: '01179460000', channelLimit: 10 }),
    );
    expect(salonExtra.statusCode).toBe(200);
  });

  it('refuses Teams until the account has a Teams tenant, and changes nothing', async () => {
    expect(json(await inject('GET', '/teams/exists/30000', retail))).toEqual({ teamsAccountExists: false });
    const dr = await byNick(retail, 'DR site');
    const refused = await inject('PUT', `/trunk/${dr.id}`, retail, body(dr, { enableTeams: true, nickname: 'DR x' }));
    expect(refused.statusCode).toBe(400);
    expect(json<Reply>(refused)).toMatchObject({
      success: false,
      message: TEAMS_MESSAGES.invitationFailed,
      validation: { enableTeams: TEAMS_MESSAGES.invitationFailed },
    });
    expect(await byNick(retail, 'DR site')).toEqual(dr);
    // Nor can a new trunk start with Teams on.
    const create = await inject('POST', '/trunk', admin, trunk({ nickname: 'Teams PBX', enableTeams: true }));
    expect(create.statusCode).toBe(400);
    expect(json<Reply>(create).validation).toEqual({ enableTeams: TEAMS_MESSAGES.invitationFailed });
    expect(await byNick(retail, 'Teams PBX')).toBeUndefined();
  });

  it('updates every tab’s fields and reads them back', async () => {
    // Teams needs the account's tenant first (as the seat Teams tab does).
    expect(json(await inject('POST', '/teams/30000/create', retail))).toMatchObject({ success: true });
    const dr = await byNick(retail, 'DR site');
    const changes = {
      nickname: 'DR site 2',
      cliNumber: '01214960001',
      withholdNumber: true,
      emergencyServicesCid: '01214960000',
      trunkFailOver: 'timeprofile:300',
      channelLimit: 1,
      permit: ['81.2.68.20', '81.2.68.21', ''],
      transport: 'tcp',
      trunkNoPlus: 2,
      enableTeams: true,
      callRecording: 2,
      tps: 'signalsonly',
      ctps: 'block',
      allowUK118: true,
      allowInternational: true,
      internationalPIN: '123456',
    };
    const res = await inject('PUT', `/trunk/${dr.id}`, retail, body(dr, changes));
    expect(json(res)).toMatchObject({ success: true, message: 'DR site 2 has been updated' });
    const after = json<SipTrunk>(await inject('GET', `/trunk/${dr.id}`, retail));
    expect(after).toMatchObject({ ...changes, permit: ['81.2.68.20', '81.2.68.21'], status: 'Online' });
    // Barring international calls drops the PIN.
    await inject('PUT', `/trunk/${dr.id}`, retail, body(after, { allowInternational: false }));
    expect(json<SipTrunk>(await inject('GET', `/trunk/${dr.id}`, retail))).toMatchObject({
      allowInternational: false,
      internationalPIN: '',
    });
  });

  it('validates with the spec’s messages and changes nothing', async () => {
    const dr = await byNick(retail, 'DR site 2');
    const bad = async (changes: object, field: string, message: string) => {
      const res = await inject('PUT', `/trunk/${dr.id}`, retail, body(dr, changes));
      expect(res.statusCode).toBe(400);
      expect(json<Reply>(res).validation[field]).toBe(message);
    };
    await bad({ nickname: '' }, 'nickname', MESSAGES.required);
    await bad({ nickname: 'x'.repeat(16) }, 'nickname', MESSAGES.maxLength(15));
    await bad({ emergencyServicesCid: '' }, 'emergencyServicesCid', MESSAGES.required);
    await bad({ emergencyServicesCid: '01179460000' }, 'emergencyServicesCid', TRUNK_MESSAGES.notAccountNumber);
    await bad({ host: '192.168.1.10' }, 'host', MESSAGES.publicIp);
    await bad({ permit: ['10.0.0.1'] }, 'permit.0', MESSAGES.publicIp);
    // Loopback, unspecified, carrier-grade NAT, link-local, multicast and broadcast are no public network.
    for (const ip of ['127.0.0.1', '0.0.0.0', '100.64.1.1', '169.254.1.1', '224.0.0.1', '255.255.255.255']) {
      await bad({ host: ip }, 'host', MESSAGES.publicIp);
      await bad({ permit: ['81.2.68.20', ip] }, 'permit.1', MESSAGES.publicIp);
    }
    await bad({ permit: ['1.1.1.1', '1.1.1.2', '1.1.1.3', '1.1.1.4'] }, 'permit', MESSAGES.maxIps);
    await bad({ channelLimit: 0 }, 'channelLimit', MESSAGES.minValue(1));
    await bad({ channelLimit: 201 }, 'channelLimit', MESSAGES.maxValue(200));
    await bad({ internationalPIN: '12' }, 'internationalPIN', MESSAGES.internationalPin);
    await bad({ trunkFailOver: `trunk:${dr.id}` }, 'trunkFailOver', 'Please select an option');
    expect(json<SipTrunk>(await inject('GET', `/trunk/${dr.id}`, retail))).toMatchObject({ nickname: 'DR site 2' });
    const create = await inject('POST', '/trunk', admin, { nickname: '' });
    expect(Object.keys(json<Reply>(create).validation).sort()).toEqual(['emergencyServicesCid', 'nickname']);
  });

  it('shows a trunk’s address as public exactly when the validator would accept it', async () => {
    // The account's registering trunk (an empty host): its address is the registration's.
    const registering = async () =>
      json<Page<SipTrunk>>(await list(retail, '-1/-1')).records.find((r) => r.host === '') as SipTrunk;
    const dr = await registering();
    const registration = t.database.db.updateTable('trunk_registrations').where('trunk_id', '=', dr.id);
    const original = await t.database.db
      .selectFrom('trunk_registrations')
      .select('ipaddr')
      .where('trunk_id', '=', dr.id)
      .executeTakeFirstOrThrow();
    const addresses = [
      ...['81.2.68.20', '8.8.8.8', '172.32.0.1', '100.128.0.1', '223.255.255.255'],
      ...['127.0.0.1', '0.0.0.0', '100.64.1.1', '169.254.1.1', '224.0.0.1', '255.255.255.255', '240.0.0.1'],
      ...['192.0.2.1', '198.51.100.1', '203.0.113.1', '10.0.0.1', '172.16.0.1', '192.168.1.1'],
      ...['01.2.3.4', '256.1.1.1', '::1', '2001:db8::1', ''],
    ];
    try {
      for (const ip of addresses) {
        await registration.set({ ipaddr: ip }).execute();
        const row = await registering();
        expect([ip, row.publicIp, row.onNet]).toEqual([ip, isPublicIp(ip), !isPublicIp(ip)]);
        const publicOnes = json<Page<SipTrunk>>(await list(retail, '-1/-1', { filters: { publicIp: true } }));
        expect([ip, publicOnes.records.some((r) => r.id === dr.id)]).toEqual([ip, isPublicIp(ip)]);
      }
    } finally {
      await registration.set({ ipaddr: original.ipaddr }).execute();
    }
  });

  it('leaves IP authentication and any-number presentation to provider admins', async () => {
    const main = await byNick(retail, 'Main PBX');
    expect(main.trunkIPAuth).toBe(true);
    const off = await inject('PUT', `/trunk/${main.id}`, retail, body(main, { trunkIPAuth: false }));
    expect(off.statusCode).toBe(403);
    expect(json<Reply>(off).validation).toEqual({ trunkIPAuth: TRUNK_MESSAGES.adminOnly });
    const any = await inject('PUT', `/trunk/${main.id}`, retail, body(main, { anyPresentation: true }));
    expect(any.statusCode).toBe(403);
    expect((await inject('PUT', `/trunk/${main.id}`, admin, body(main, { anyPresentation: true }))).statusCode).toBe(
      200,
    );
    // Emptying the host makes the trunk dynamic: IP authentication goes off with it.
    const dynamic = await inject(
      'PUT',
      `/trunk/${main.id}`,
      admin,
      body(main, { host: '', trunkIPAuth: false, anyPresentation: true }),
    );
    expect(dynamic.statusCode).toBe(200);
    expect(json<SipTrunk>(await inject('GET', `/trunk/${main.id}`, retail))).toMatchObject({
      status: 'Offline',
      trunkIPAuth: false,
    });
    // IP authentication asked for without a host is not a refusal: it goes off with the host.
    const noHost = await inject('PUT', `/trunk/${main.id}`, admin, body(main, { host: '', trunkIPAuth: true }));
    expect(noHost.statusCode).toBe(200);
    expect(json<SipTrunk>(await inject('GET', `/trunk/${main.id}`, retail)).trunkIPAuth).toBe(false);
    // A customer (not a provider admin) may clear the host of a trunk with IP authentication on: it
    // goes off as a consequence, not as a change of the admin-only switch.
    const direct = await inject('PUT', `/trunk/${main.id}`, admin, body(main, { trunkIPAuth: true }));
    expect(direct.statusCode).toBe(200);
    const cleared = await inject('PATCH', `/trunk/${main.id}`, retail, { host: '' });
    expect([cleared.statusCode, json<Reply>(cleared).validation]).toEqual([200, undefined]);
    expect(json<SipTrunk>(await inject('GET', `/trunk/${main.id}`, retail))).toMatchObject({
      host: '',
      trunkIPAuth: false,
      status: 'Offline',
    });
    // Turning it on again stays the provider admin's.
    const on = await inject('PATCH', `/trunk/${main.id}`, retail, { host: main.host, trunkIPAuth: true });
    expect(json<Reply>(on).validation).toEqual({ trunkIPAuth: TRUNK_MESSAGES.adminOnly });
    await inject('PUT', `/trunk/${main.id}`, admin, body(main, {}));
  });

  it('needs highRisk for international and premium switches', async () => {
    const dr = await byNick(viewer, 'DR site 2');
    const refused = await inject('PUT', `/trunk/${dr.id}`, viewer, body(dr, { allowInternational: true }));
    expect(refused.statusCode).toBe(403);
    expect(json<Reply>(refused)).toMatchObject({
      message: CALL_OPTION_MESSAGES.highRisk,
      validation: { allowInternational: CALL_OPTION_MESSAGES.highRisk },
    });
    const premium = await inject('PUT', `/trunk/${dr.id}`, viewer, body(dr, { allowUKPremium09: true }));
    expect(premium.statusCode).toBe(403);
    const ordinary = await inject('PUT', `/trunk/${dr.id}`, viewer, body(dr, { allowUKMobile: false }));
    expect(ordinary.statusCode).toBe(200);
  });

  it('refuses to delete a trunk something routes to, and keeps accounts apart', async () => {
    const dr = await byNick(retail, 'DR site 2');
    await t.database.db
      .updateTable('telephone_numbers')
      .set({ destination: `trunk:${dr.id}` })
      .where('number', '=', '03300880123')
      .execute();
    const del = await inject('DELETE', `/trunk/${dr.id}`, retail);
    expect(del.statusCode).toBe(409);
    expect(json<Reply>(del).message).toBe('In use in Telephone Number 03300880123 (Marketing)');
    expect((await inject('GET', `/trunk/${dr.id}`, prepay)).statusCode).toBe(404);
    expect((await inject('PUT', `/trunk/${dr.id}`, prepay, body(dr))).statusCode).toBe(404);
    expect((await inject('DELETE', `/trunk/${dr.id}`, prepay)).statusCode).toBe(404);
  });

  it('keeps weekday / weekend call times, off / on / range, validated', async () => {
    const dr = await byNick(retail, 'DR site 2');
    expect(dr.weekdayTimes).toEqual({ mode: 'range', from: '07:00', to: '19:00' });
    expect(dr.weekendTimes).toEqual({ mode: 'off', from: '00:00', to: '23:59' });
    const saved = await inject(
      'PUT',
      `/trunk/${dr.id}`,
      retail,
      body(dr, {
        weekdayTimes: { mode: 'on', from: '08:00', to: '09:00' },
        weekendTimes: { mode: 'range', from: '10:00', to: '14:30' },
      }),
    );
    expect(saved.statusCode).toBe(200);
    expect(json<SipTrunk>(await inject('GET', `/trunk/${dr.id}`, retail))).toMatchObject({
      weekdayTimes: { mode: 'on', from: '00:00', to: '23:59' },
      weekendTimes: { mode: 'range', from: '10:00', to: '14:30' },
    });
    const order = await inject(
      'PUT',
      `/trunk/${dr.id}`,
      retail,
      body(dr, { weekdayTimes: { mode: 'range', from: '18:00', to: '08:00' } }),
    );
    expect(json<Reply>(order).validation).toEqual({ 'weekdayTimes.to': CALL_OPTION_MESSAGES.timeOrder });
    const bad = await inject(
      'PUT',
      `/trunk/${dr.id}`,
      retail,
      body(dr, { weekendTimes: { mode: 'range', from: '25:00', to: '' } }),
    );
    expect(json<Reply>(bad).validation).toEqual({
      'weekendTimes.from': CALL_OPTION_MESSAGES.invalidTime,
      'weekendTimes.to': CALL_OPTION_MESSAGES.invalidTime,
    });
    expect(json<Reply>(bad).message).toBe(MESSAGES.multipleErrors);
    const mode = await inject('PUT', `/trunk/${dr.id}`, retail, body(dr, { weekdayTimes: { mode: 'sometimes' } }));
    expect(json<Reply>(mode).validation['weekdayTimes.mode']).toBe(MESSAGES.selectOption);
  });

  it('stores the IP location (default GB) and refuses unknown ones', async () => {
    const dr = await byNick(retail, 'DR site 2');
    expect(dr.ipLocation).toBe('GB');
    expect((await inject('PUT', `/trunk/${dr.id}`, retail, body(dr, { ipLocation: '' }))).statusCode).toBe(200);
    expect((await byNick(retail, 'DR site 2')).ipLocation).toBe('');
    const bad = await inject('PUT', `/trunk/${dr.id}`, retail, body(dr, { ipLocation: 'XX' }));
    expect(json<Reply>(bad).validation.ipLocation).toBe(MESSAGES.selectOption);
  });

  it('refuses restriction changes without the restrictions permission, field by field', async () => {
    const viewerId = (
      await t.database.db.selectFrom('users').select('id').where('username', '=', 'viewer').executeTakeFirstOrThrow()
    ).id;
    await t.database.db
      .updateTable('user_permissions')
      .set({ mask: MASK.readOnly })
      .where('user_id', '=', viewerId)
      .where('feature_id', '=', FEATURES.sipTrunksCallRestrictions)
      .execute();
    const dr = await byNick(viewer, 'DR site 2');
    const res = await inject(
      'PUT',
      `/trunk/${dr.id}`,
      viewer,
      body(dr, { allowUKMobile: !dr.allowUKMobile, weekendTimes: { mode: 'on' } }),
    );
    expect(res.statusCode).toBe(403);
    expect(json<Reply>(res)).toMatchObject({
      message: MESSAGES.multipleErrors,
      validation: {
        allowUKMobile: CALL_OPTION_MESSAGES.restrictions,
        weekendTimes: CALL_OPTION_MESSAGES.restrictions,
      },
    });
    // The General tab still saves when the restrictions are left as they are.
    expect((await inject('PUT', `/trunk/${dr.id}`, viewer, body(dr, { withholdNumber: true }))).statusCode).toBe(200);
  });

  it('shows the SIP credentials on request and resets the secret', async () => {
    const dr = await byNick(retail, 'DR site 2');
    const shown = json<{ username: string; secret: string }>(await inject('GET', `/trunk/${dr.id}/password`, retail));
    expect(shown.username).toBe(dr.name);
    expect(shown.secret).toMatch(/^[A-Za-z0-9]{24}$/);
    const reset = json<{ success: boolean; message: string; secret: string }>(
      await inject('GET', `/trunk/${dr.id}/password/reset`, retail),
    );
    expect(reset).toMatchObject({ success: true, message: TRUNK_MESSAGES.secretReset });
    expect(reset.secret).not.toBe(shown.secret);
    // The PBX has to register again.
    expect((await byNick(retail, 'DR site 2')).status).toBe('Offline');
    expect((await inject('GET', `/trunk/${dr.id}/password`, prepay)).statusCode).toBe(404);
    expect((await inject('GET', `/trunk/${dr.id}/password`, readOnly)).statusCode).toBe(403);
  });

  it('denies changes to a user who may only read trunks', async () => {
    const list0 = await list(readOnly);
    expect(list0.statusCode).toBe(200);
    expect(json<Page<SipTrunk>>(list0).totalRecords).toBe(0);
    expect((await inject('POST', '/trunk', readOnly, trunk())).statusCode).toBe(403);
    const dr = await byNick(retail, 'DR site 2');
    expect((await inject('PUT', `/trunk/${dr.id}`, readOnly, body(dr))).statusCode).toBe(403);
    expect((await inject('DELETE', `/trunk/${dr.id}`, readOnly)).statusCode).toBe(403);
  });
});

describe('the retail one-trunk cap under concurrent creates', () => {
  const NUMBER = '01632960900';
  let racer: Headers;
  beforeAll(async () => {
    const db = t.database.db;
    // A retail account with no trunk yet, its number and a user who may add trunks.
    const acme = await db.selectFrom('accounts').selectAll().where('account_no', '=', 30000).executeTakeFirstOrThrow();
    await db
      .insertInto('accounts')
      .values({ ...acme, account_no: 30002, company: 'Race Electrical Ltd' })
      .execute();
    await db.insertInto('telephone_numbers').values({ account_no: 30002, number: NUMBER }).execute();
    await addUser(db, { username: 'race.retail', accountNo: 30002, grants: [[FEATURES.sipTrunks, MASK.all]] });
    racer = await t.login('race.retail');
  });
  const trunks = async () =>
    (await t.database.db.selectFrom('sip_trunks').select('nickname').where('account_no', '=', 30002).execute()).map(
      (r) => r.nickname,
    );
  const add = (nickname: string) => inject('POST', '/trunk', racer, trunk({ nickname, emergencyServicesCid: NUMBER }));
  const capped = { success: false, message: TRUNK_MESSAGES.retailTrunks };

  it('lets exactly one of two simultaneous creates through; the other gets the cap’s 409', async () => {
    const replies = await Promise.all([add('Race A'), add('Race B')]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = replies.find((r) => r.statusCode === 409);
    expect(json<Reply>(refused as (typeof replies)[number])).toEqual(capped);
    expect(await trunks()).toHaveLength(1);
    // And a later one is refused as before.
    expect((await add('Race C')).statusCode).toBe(409);
    expect(await trunks()).toHaveLength(1);
    await t.database.db.deleteFrom('sip_trunks').where('account_no', '=', 30002).execute();
  });

  it.skipIf(!onPostgres)('makes a create wait for another in flight on the account, then counts it (409)', async () => {
    // Another create, past its count and insert but not yet committed, holds the account's lock.
    const res = await raceWithOpenTransaction(
      t.database.db,
      async (trx) => {
        await lockAccount(trx, 30002);
        await trx
          .insertInto('sip_trunks')
          .values({
            account_no: 30002,
            name: '30002_trunk_held',
            secret: 'held-secret',
            nickname: 'Held',
            emergency_services_cid: NUMBER,
            restrictions: JSON.stringify(DEFAULT_RESTRICTIONS),
          })
          .execute();
      },
      () => add('Race D'),
    );
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual(capped);
    expect(await trunks()).toEqual(['Held']);
  });
});
