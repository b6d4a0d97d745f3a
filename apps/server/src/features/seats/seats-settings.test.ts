import {
  CALL_OPTION_MESSAGES,
  FEATURES,
  MASK,
  MESSAGES,
  NEW_USER_GRANTS,
  SEAT_MESSAGES,
  type Seat,
  type SeatDevice,
  type SeatLocation,
  type SeatSoftphone,
  seatValues,
  TEAMS_MESSAGES,
} from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERNAME_TAKEN, usernameViolations } from '../../modules/identity/users.ts';
import { uniqueViolationError } from '../../platform/errors.ts';
import {
  addUser,
  basedOn,
  createTestContext,
  json,
  onPostgres,
  raceWithOpenTransaction,
  type TestContext,
} from '../../test/harness.ts';

let t: TestContext;
let retail: Headers;
let viewer: Headers;
let prepay: Headers;
let admin: Headers;

type Headers = Record<string, string>;
type Page<T> = { records: T[] };
type Reply = { success: boolean; message: string; validation?: Record<string, string> };

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  viewer = await t.login('viewer');
  prepay = await t.login('prepay');
  admin = await t.login('admin');
  expect((await t.api('POST', '/users/auth/disguise', admin, { accountNo: 30000 })).statusCode).toBe(200);
});
afterAll(async () => t?.close());

const seatOf = async (headers: Headers, extension: number) => {
  const all = json<Page<Seat>>(await t.api('POST', '/seat/-1/-1', headers, {}));
  const found = all.records.find((s) => s.extension === extension);
  if (!found) throw new Error(`no seat ${extension}`);
  return json<Seat>(await t.api('GET', `/seat/${found.id}`, headers));
};
const save = (headers: Headers, seat: Seat, changes: object) =>
  t.api('PUT', `/seat/${seat.id}`, headers, { ...seatValues(seat), ...changes });

describe('seat call options', () => {
  it('saves restrictions, call times, TPS / CTPS and keeps the PIN only while international is allowed', async () => {
    const seat = await seatOf(retail, 204);
    const res = await save(retail, seat, {
      allowUK118: true,
      allowInternational: true,
      internationalPIN: '4321',
      weekdayTimes: { mode: 'range', from: '08:00', to: '18:30' },
      weekendTimes: { mode: 'off', from: '00:00', to: '23:59' },
      tps: 'block',
      ctps: 'option',
    });
    expect(res.statusCode).toBe(200);
    const saved = await seatOf(retail, 204);
    expect(saved).toMatchObject({
      allowUK118: true,
      allowInternational: true,
      internationalPIN: '4321',
      weekdayTimes: { mode: 'range', from: '08:00', to: '18:30' },
      weekendTimes: { mode: 'off' },
      tps: 'block',
      ctps: 'option',
    });
    expect((await save(retail, saved, { allowInternational: false })).statusCode).toBe(200);
    expect(await seatOf(retail, 204)).toMatchObject({ allowInternational: false, internationalPIN: '' });
  });

  it('validates call times and the PIN with their messages', async () => {
    const seat = await seatOf(retail, 204);
    const bad = await save(retail, seat, { weekdayTimes: { mode: 'range', from: '18:00', to: '08:00' } });
    expect(bad.statusCode).toBe(400);
    expect(json<Reply>(bad).validation?.['weekdayTimes.to']).toBe(CALL_OPTION_MESSAGES.timeOrder);
    const time = await save(retail, seat, { weekendTimes: { mode: 'range', from: '25:00', to: '26:00' } });
    expect(json<Reply>(time).validation?.['weekendTimes.from']).toBe(CALL_OPTION_MESSAGES.invalidTime);
    const pin = await save(retail, seat, { vmPin: '12a' });
    expect(json<Reply>(pin).validation?.vmPin).toBe(MESSAGES.voicemailPin);
  });

  it('writes the voicemail PIN and never sends it back; a save leaving it empty keeps it', async () => {
    const seat = await seatOf(retail, 206);
    expect((await save(retail, seat, { vmPin: '4455' })).statusCode).toBe(200);
    const saved = await seatOf(retail, 206);
    expect(saved).not.toHaveProperty('vmPin');
    expect(saved.vmPinSet).toBe(true);
    const list = json<Page<Seat>>(await t.api('POST', '/seat/-1/-1', retail, {}));
    expect(list.records.some((s) => 'vmPin' in s)).toBe(false);
    const pinOf = async () =>
      (await t.database.db.selectFrom('seats').select('vm_pin').where('id', '=', seat.id).executeTakeFirstOrThrow())
        .vm_pin;
    expect(await pinOf()).toBe('4455');
    expect((await save(retail, saved, { vmPin: '', vmFullname: 'Kept PIN' })).statusCode).toBe(200);
    expect(await pinOf()).toBe('4455');
    expect((await seatOf(retail, 206)).vmFullname).toBe('Kept PIN');
  });

  it('refuses high-risk switches without the high-risk permission, and the channel limit to all but provider admins', async () => {
    const bella = await seatOf(prepay, 201);
    const risky = await save(prepay, bella, { allowUKPremium09: true });
    expect(risky.statusCode).toBe(403);
    expect(json<Reply>(risky).message).toBe(CALL_OPTION_MESSAGES.highRisk);
    // Ordinary switches are fine without it.
    expect((await save(prepay, bella, { allowUK118: true })).statusCode).toBe(200);

    const acme = await seatOf(retail, 205);
    const channels = await save(retail, acme, { channelLimit: 5 });
    expect(channels.statusCode).toBe(403);
    expect(json<Reply>(channels).message).toBe(CALL_OPTION_MESSAGES.adminOnly);
    expect((await seatOf(retail, 205)).channelLimit).toBe(2);
    expect((await save(admin, acme, { channelLimit: 5 })).statusCode).toBe(200);
    expect((await seatOf(retail, 205)).channelLimit).toBe(5);
    const tooMany = await save(admin, await seatOf(admin, 205), { channelLimit: 11 });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('seat access controls', () => {
  it('limits outbound calls to one of the account’s access lists, and registration by country (GB at creation)', async () => {
    const lists = (h: Headers) =>
      t.api('POST', '/accesscontrol/-1/-1', h, {}).then((r) => json<Page<{ id: number; name: string }>>(r).records);
    const [own] = await lists(retail);
    const seat = await seatOf(retail, 206);
    expect(seat).toMatchObject({ aclId: null, ipAcl: 'GB' });
    expect((await save(retail, seat, { aclId: own?.id, ipAcl: 'IE' })).statusCode).toBe(200);
    expect(await seatOf(retail, 206)).toMatchObject({ aclId: own?.id, ipAcl: 'IE' });

    const foreignList = await t.database.db
      .insertInto('access_lists')
      .values({ account_no: 30001, name: 'Bella blocked', description: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreign = await save(retail, await seatOf(retail, 206), { aclId: foreignList.id });
    expect(foreign.statusCode).toBe(400);
    expect(json<Reply>(foreign).validation?.aclId).toBe(MESSAGES.selectOption);
    const country = await save(retail, await seatOf(retail, 206), { ipAcl: 'XX' });
    expect(json<Reply>(country).validation?.ipAcl).toBe(MESSAGES.selectOption);

    const abroad = await t.api('POST', '/seat', retail, { extension: 240, ipAcl: 'FR' });
    expect(abroad.statusCode).toBe(400);
    expect(json<Reply>(abroad).validation?.ipAcl).toBe(SEAT_MESSAGES.createGbOnly);
    expect((await t.api('POST', '/seat', retail, { extension: 240 })).statusCode).toBe(200);
    expect((await seatOf(retail, 240)).ipAcl).toBe('GB');
  });
});

describe('seat provisioning', () => {
  it('sends a device’s LDAP password only to a user who may update the seat', async () => {
    const seat = await seatOf(retail, 201);
    const [full] = json<Page<SeatDevice>>(await t.api('GET', `/seat/${seat.id}/devices`, retail)).records;
    expect(full?.ldapPassword).toMatch(/^\S{16,}$/);
    const [blank] = json<Page<SeatDevice>>(await t.api('GET', `/seat/${seat.id}/devices`, viewer)).records;
    expect(blank).toMatchObject({ id: full?.id, make: 'Yealink', ldapPassword: '' });
  });

  it('lists the devices with their lock state; Unlock, Re-Initialise and LDAP regenerate answer with the spec’s texts', async () => {
    const seat = await seatOf(retail, 201);
    const devices = json<Page<SeatDevice>>(await t.api('GET', `/seat/${seat.id}/devices`, retail)).records;
    expect(devices).toHaveLength(1);
    const device = devices[0] as SeatDevice;
    expect(device).toMatchObject({ make: 'Yealink', locked: true, initialised: true, locksAt: null });
    expect(device.lastCheckin).not.toBeNull();

    const unlock = await t.api('POST', `/seat/${seat.id}/devices/${device.id}/unlock`, retail);
    expect(json<Reply>(unlock)).toEqual({ success: true, message: SEAT_MESSAGES.unlocked });
    const unlocked = json<Page<SeatDevice>>(await t.api('GET', `/seat/${seat.id}/devices`, retail)).records[0];
    expect(unlocked?.locked).toBe(false);
    const minutes = (Date.parse(unlocked?.locksAt ?? '') - Date.now()) / 60000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);

    const regen = await t.api('POST', `/seat/${seat.id}/ldap/regenpassword`, retail, { deviceId: device.id });
    expect(json<Reply>(regen)).toEqual({ success: true, message: 'Reset Successfully' });
    const after = json<Page<SeatDevice>>(await t.api('GET', `/seat/${seat.id}/devices`, retail)).records[0];
    expect(after?.ldapPassword).not.toBe(device.ldapPassword);

    const reinit = await t.api('POST', `/provisioning/seat/${seat.id}/reinit`, retail, { deviceId: device.id });
    expect(json<Reply>(reinit).success).toBe(true);
    expect(json<Page<SeatDevice>>(await t.api('GET', `/seat/${seat.id}/devices`, retail)).records[0]).toMatchObject({
      initialised: false,
      locked: false,
    });
  });

  it('keeps devices to their seat, account and permission', async () => {
    const seat = await seatOf(retail, 202);
    const device = json<Page<SeatDevice>>(await t.api('GET', `/seat/${seat.id}/devices`, retail)).records[0];
    const other = await seatOf(retail, 203);
    expect((await t.api('POST', `/seat/${other.id}/devices/${device?.id}/unlock`, retail)).statusCode).toBe(404);
    expect((await t.api('POST', `/seat/${seat.id}/devices/${device?.id}/unlock`, prepay)).statusCode).toBe(404);
    expect((await t.api('GET', `/seat/${seat.id}/devices`, prepay)).statusCode).toBe(404);
    expect((await t.api('POST', `/seat/${seat.id}/devices/${device?.id}/unlock`, viewer)).statusCode).toBe(403);
    expect((await t.api('GET', `/seat/${seat.id}/devices`, viewer)).statusCode).toBe(200);
  });
});

describe('seat softphones', () => {
  it('reads and saves the softphone settings, given the account’s outbound CLI lists by id', async () => {
    const seat = await seatOf(retail, 210);
    const phone = json<SeatSoftphone>(await t.api('GET', `/seat/${seat.id}/softphone`, retail));
    expect(phone).toMatchObject({ mobileStatus: 'Registered', desktopStatus: 'Unregistered', enabled: false });
    expect(phone.uniqueString).toMatch(/^\S{20,}$/);
    // The demo gives Van 1 the list 'Main line'.
    const lists = json<{ records: Array<{ id: number; name: string }> }>(
      await t.api('GET', '/outboundclilist', retail),
    );
    const main = lists.records.find((l) => l.name === 'Main line');
    expect(phone.outboundCLILists).toEqual([main?.id]);
    const made = await t.api('POST', '/outboundclilist', retail, { name: 'Van calls', numbers: ['01214960001'] });
    const vans = json<{ id: number }>(made).id;
    const theirs = await t.api('POST', '/outboundclilist', prepay, { name: 'Salon', numbers: ['01179460000'] });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const foreign = await t.api('POST', `/seat/${seat.id}/softphone`, retail, {
      enableDesktopCallWaiting: false,
      enableMobileCallWaiting: true,
      outboundCLILists: [json<{ id: number }>(theirs).id],
    });
    expect(foreign.statusCode).toBe(400);
    expect(json<Reply>(foreign).validation?.outboundCLILists).toBe(MESSAGES.recordNotFound);
    const ok = await t.api('POST', `/seat/${seat.id}/softphone`, retail, {
      enableDesktopCallWaiting: false,
      enableMobileCallWaiting: true,
      outboundCLILists: [vans, main?.id as number, vans],
    });
    expect(json<Reply>(ok).message).toBe('210 - Van 1 has been updated');
    expect(json<SeatSoftphone>(await t.api('GET', `/seat/${seat.id}/softphone`, retail))).toMatchObject({
      enableDesktopCallWaiting: false,
      outboundCLILists: [main?.id, vans].sort((a, b) => (a ?? 0) - (b ?? 0)),
    });
    // A list a seat is given cannot be deleted: the refusal names the seat.
    const refused = await t.api('DELETE', `/outboundclilist/${vans}`, retail);
    expect(refused.statusCode).toBe(409);
    expect(json<Reply>(refused).message).toBe(MESSAGES.inUseIn('Seat', '210 - Van 1'));
    expect((await t.api('GET', `/seat/${seat.id}/softphone`, prepay)).statusCode).toBe(404);
  });

  it('refuses a softphone save based on an older seat, and changes nothing', async () => {
    const seat = await seatOf(retail, 211);
    const phone = json<SeatSoftphone>(await t.api('GET', `/seat/${seat.id}/softphone`, retail));
    expect(phone.version).toBe(seat.version);
    // Someone else saves the seat's nickname meanwhile.
    const other = await t.api('PATCH', `/seat/${seat.id}`, basedOn(retail, seat.version), {
      nickname: 'Renamed',
    });
    expect(other.statusCode, other.body).toBe(200);
    const settings = {
      enableDesktopCallWaiting: !phone.enableDesktopCallWaiting,
      enableMobileCallWaiting: true,
      outboundCLILists: [],
    };
    const stale = await t.api('POST', `/seat/${seat.id}/softphone`, basedOn(retail, phone.version), settings);
    expect(stale.statusCode).toBe(409);
    expect(json<Reply>(stale).message).toBe(MESSAGES.staleVersion);
    const after = json<SeatSoftphone>(await t.api('GET', `/seat/${seat.id}/softphone`, retail));
    expect(after.enableDesktopCallWaiting).toBe(phone.enableDesktopCallWaiting);
    // Based on the seat as it is now: saved, and the seat's version moves on.
    const fresh = await t.api('POST', `/seat/${seat.id}/softphone`, basedOn(retail, after.version), settings);
    expect(fresh.statusCode).toBe(200);
    const saved = json<SeatSoftphone>(await t.api('GET', `/seat/${seat.id}/softphone`, retail));
    expect(saved).toMatchObject({
      enableDesktopCallWaiting: !phone.enableDesktopCallWaiting,
      version: after.version + 1,
    });
  });

  it('creates a seat as a softphone user with the control-panel user and its two grants, in one transaction', async () => {
    const user = { name: 'Jo', surname: 'Blake', username: 'jo.blake', email: 'jo@acmeplumbing.example' };
    const res = await t.api('POST', '/seat', retail, { extension: 230, nickname: 'Jo', softphoneUser: user });
    expect(res.statusCode).toBe(200);
    const seat = await seatOf(retail, 230);
    expect(seat.userId).not.toBeNull();
    const grants = await t.database.db
      .selectFrom('user_permissions')
      .select(['feature_id', 'mask'])
      .where('user_id', '=', seat.userId as number)
      .orderBy('feature_id')
      .execute();
    expect(grants.map((g) => ({ featureId: g.feature_id, mask: g.mask }))).toEqual(
      [...NEW_USER_GRANTS].sort((a, b) => a.featureId - b.featureId),
    );
    expect(json<SeatSoftphone>(await t.api('GET', `/seat/${seat.id}/softphone`, retail))).toMatchObject({
      enabled: true,
      username: 'jo.blake',
    });
    // The same username again: refused, and no seat is left behind.
    const again = await t.api('POST', '/seat', retail, { extension: 231, softphoneUser: user });
    expect(again.statusCode).toBe(400);
    expect(json<Reply>(again).validation?.['softphoneUser.username']).toBe(
      'This username is not available. You could use jo.blake.30000',
    );
    const all = json<Page<Seat>>(await t.api('POST', '/seat/-1/-1', retail, {})).records;
    expect(all.some((s) => s.extension === 231)).toBe(false);
    // The viewer may not create users.
    const viewerTry = await t.api('POST', '/seat', viewer, {
      extension: 232,
      softphoneUser: { ...user, username: 'viewer.made' },
    });
    expect(viewerTry.statusCode).toBe(403);
  });
});

describe('softphone user permission', () => {
  /** A user of Acme (30000) with only the given grants (plus the panel), signed in. */
  const userWith = async (username: string, grants: Array<[number, number]>): Promise<Headers> => {
    await addUser(t.database.db, { username, accountNo: 30000, grants });
    return t.login(username);
  };
  const person = (username: string) => ({
    name: 'Sam',
    surname: 'Reed',
    username,
    email: `${username}@acmeplumbing.example`,
  });
  const extensions = async () =>
    json<Page<Seat>>(await t.api('POST', '/seat/-1/-1', retail, {})).records.map((s) => s.extension);
  const userExists = async (username: string) =>
    (await t.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst()) !==
    undefined;

  it('refuses it (403, with the reason) without create permission for customers, wholesale or admin, creating nothing', async () => {
    // Seats and softphones in full, users read-only: a plain seat yes, a softphone user no.
    const staff = await userWith('seats.staff', [
      [FEATURES.seats, MASK.all],
      [FEATURES.softphone, MASK.all],
      [FEATURES.users, MASK.readOnly],
    ]);
    const before = await extensions();
    const refused = await t.api('POST', '/seat', staff, { extension: 233, softphoneUser: person('staff.made') });
    expect(refused.statusCode).toBe(403);
    expect(json<Reply>(refused)).toEqual({
      success: false,
      message: SEAT_MESSAGES.softphoneUserForbidden,
      validation: { softphoneUser: SEAT_MESSAGES.softphoneUserForbidden },
    });
    expect(await extensions()).toEqual(before);
    expect(await userExists('staff.made')).toBe(false);
    const plain = await t.api('POST', '/seat', staff, { extension: 233, nickname: 'Plain' });
    expect(plain.statusCode).toBe(200);
    expect((await seatOf(retail, 233)).userId).toBeNull();
  });

  it('allows it with create on the account’s users, wholesale customers or as a provider admin', async () => {
    const seatOwner = (extension: number) => seatOf(retail, extension).then((s) => s.userId);
    // The account holder (every customer feature, users included).
    expect(
      (await t.api('POST', '/seat', retail, { extension: 234, softphoneUser: person('holder.made') })).statusCode,
    ).toBe(200);
    expect(await seatOwner(234)).not.toBeNull();
    // Reseller staff: create on wholesale customers, users not granted at all.
    const reseller = await userWith('reseller.staff', [
      [FEATURES.seats, MASK.all],
      [FEATURES.wholesaleCustomers, MASK.create | MASK.read],
    ]);
    const made = await t.api('POST', '/seat', reseller, { extension: 235, softphoneUser: person('reseller.made') });
    expect(made.statusCode).toBe(200);
    expect(await seatOwner(235)).not.toBeNull();
    // The provider admin acting as the customer.
    expect(
      (await t.api('POST', '/seat', admin, { extension: 236, softphoneUser: person('admin.made') })).statusCode,
    ).toBe(200);
    expect(await userExists('admin.made')).toBe(true);
  });
});

describe('seat locations', () => {
  it('lists the account’s numbers with an emergency address and gives a seat’s location', async () => {
    const locations = json<Page<SeatLocation>>(await t.api('GET', '/seat/locations', retail)).records;
    expect(locations.length).toBeGreaterThan(0);
    expect(locations.every((l) => l.postcode !== '')).toBe(true);
    const seat = await seatOf(retail, 202);
    const { location } = json<{ location: SeatLocation | null }>(await t.api('GET', `/seat/${seat.id}/ems`, retail));
    expect(location?.number).toBe(seat.emergencyServiceCid || seat.callerIdNumber);
    expect(location?.postcode).toBe('B1 2JR');
    const bella = json<Page<SeatLocation>>(await t.api('GET', '/seat/locations', prepay)).records;
    expect(bella.every((l) => !locations.some((a) => a.id === l.id))).toBe(true);
  });

  it('lists the public addresses the account’s seats register from', async () => {
    const ips = json<Page<{ ip: string }>>(await t.api('GET', '/seat/uniqueips', retail)).records.map((r) => r.ip);
    expect(ips.length).toBeGreaterThan(0);
    expect(ips.every((ip) => ip.startsWith('81.2.69.'))).toBe(true);
  });
});

describe('Teams', () => {
  it('offers no tenant until one is created; the invitation needs a valid email; then the seat may enable Teams', async () => {
    expect(json(await t.api('GET', '/teams/exists/30001', prepay))).toEqual({ teamsAccountExists: false });
    const seat = await seatOf(prepay, 202);
    const early = await save(prepay, seat, { enableTeams: true });
    expect(early.statusCode).toBe(400);
    expect(json<Reply>(early).validation?.enableTeams).toBe(TEAMS_MESSAGES.invitationFailed);

    const badEmail = await t.api('POST', '/teams/admin/invitation', prepay, {
      email: 'not an email',
      accountNo: 30001,
    });
    expect(badEmail.statusCode).toBe(400);
    expect(json<Reply>(badEmail).validation?.email).toBe(TEAMS_MESSAGES.invalidEmail);
    // Over 50 characters (spec 2 §5): refused whole, never cut short and sent.
    const long = `${'it-admin'.repeat(6)}@bellahair.example`;
    expect(long.length).toBeGreaterThan(50);
    const tooLong = await t.api('POST', '/teams/admin/invitation', prepay, { email: long, accountNo: 30001 });
    expect(tooLong.statusCode).toBe(400);
    expect(json<Reply>(tooLong).validation).toEqual({ email: TEAMS_MESSAGES.invalidEmail });
    const invited = await t.database.db
      .selectFrom('teams_accounts')
      .select('admin_email')
      .where('account_no', '=', 30001)
      .execute();
    expect(invited).toEqual([]);
    const bounced = await t.api('POST', '/teams/admin/invitation', prepay, {
      email: 'it@bella.invalid',
      accountNo: 30001,
    });
    expect(json<Reply>(bounced).message).toBe(TEAMS_MESSAGES.invitationFailed);
    const sent = await t.api('POST', '/teams/admin/invitation', prepay, {
      email: 'it@bellahair.example',
      accountNo: 30001,
    });
    expect(json<Reply>(sent)).toEqual({ success: true, message: TEAMS_MESSAGES.invitationSent });
    // Another account's tenant is not the caller's to touch.
    expect((await t.api('POST', '/teams/30000/create', prepay)).statusCode).toBe(403);
    expect((await t.api('GET', '/teams/exists/30000', prepay)).statusCode).toBe(403);

    const created = await t.api('POST', '/teams/30001/create', prepay);
    expect(json<Reply>(created)).toEqual({ success: true, message: TEAMS_MESSAGES.created });
    expect(json(await t.api('GET', '/teams/exists/30001', prepay))).toEqual({ teamsAccountExists: true });
    const enabled = await save(prepay, seat, { enableTeams: true, teamsCLI: '01179460000' });
    expect(enabled.statusCode).toBe(200);
    expect(await seatOf(prepay, 202)).toMatchObject({ enableTeams: true, teamsCLI: '01179460000' });
    expect((await t.api('POST', '/teams/30000/create', viewer)).statusCode).toBe(403);
  });
});

describe('the international PIN goes only to users who may set it', () => {
  const listed = async (headers: Headers, extension: number) =>
    json<Page<Seat>>(await t.api('POST', '/seat/-1/-1', headers, {})).records.find((s) => s.extension === extension);

  it('is sent to a user who may set it, and blank to a read-only user, in lists and reads', async () => {
    expect(await seatOf(retail, 208)).toMatchObject({ allowInternational: true, internationalPIN: '739104' });
    expect((await listed(retail, 208))?.internationalPIN).toBe('739104');
    // The viewer reads seats but may not update them (nor change restrictions).
    expect(await seatOf(viewer, 208)).toMatchObject({ allowInternational: true, internationalPIN: '' });
    const viewed = json<Page<Seat>>(await t.api('POST', '/seat/-1/-1', viewer, {})).records;
    expect(viewed.map((s) => s.internationalPIN).every((pin) => pin === '')).toBe(true);
    const viaGet = json<Page<Seat>>(await t.api('GET', '/seat/-1/-1', viewer)).records;
    expect(viaGet.find((s) => s.extension === 208)?.internationalPIN).toBe('');
  });

  it('is kept when a user who may save the seat but not set the PIN saves the blanked record back', async () => {
    // Seats and their restrictions in full, but no high-risk grant: the PIN is not theirs to set.
    await addUser(t.database.db, {
      username: 'seat.clerk',
      accountNo: 30000,
      grants: [
        [FEATURES.seats, MASK.all],
        [FEATURES.seatsCallRestrictions, MASK.all],
      ],
    });
    const clerk = await t.login('seat.clerk');
    const seen = await seatOf(clerk, 208);
    expect(seen).toMatchObject({ allowInternational: true, internationalPIN: '' });
    const saved = await save(clerk, seen, { nickname: 'Director 2' });
    expect(saved.statusCode).toBe(200);
    expect(json<Reply>(saved)).toMatchObject({ success: true, message: 'Director 2 has been updated' });
    const stored = await seatOf(retail, 208);
    expect(stored).toMatchObject({ nickname: 'Director 2', allowInternational: true, internationalPIN: '739104' });
    // Setting a PIN stays refused, and changes nothing.
    const refused = await save(clerk, seen, { internationalPIN: '1234' });
    expect(refused.statusCode).toBe(403);
    expect(json<Reply>(refused)).toEqual({
      success: false,
      message: CALL_OPTION_MESSAGES.highRisk,
      validation: { internationalPIN: CALL_OPTION_MESSAGES.highRisk },
    });
    expect(await seatOf(retail, 208)).toEqual(stored);
    // The user who sees the PIN saves it back as it is.
    expect((await save(retail, stored, { nickname: 'Director' })).statusCode).toBe(200);
    expect(await seatOf(retail, 208)).toMatchObject({ nickname: 'Director', internationalPIN: '739104' });
  });
});

describe('a softphone user’s username taken by a concurrent create', () => {
  const kim = { name: 'Kim', surname: 'Race', username: 'kim.race', email: 'kim@acmeplumbing.example' };
  const clash = (username: string) => ({
    account_no: 30000,
    username,
    password_hash: null,
    name: 'Kim',
    surname: 'Other',
    email: 'kim.other@acmeplumbing.example',
    enabled: true,
    is_holder: false,
    avatar: null,
    avatar_mime: null,
  });

  it('maps the users_account_username_uq violation to the username field’s message', async () => {
    // The index the seat create relies on when its check cannot see the clash (PGlite and PostgreSQL).
    const error = await t.database.db
      .insertInto('users')
      .values(clash('RETAIL'))
      .execute()
      .then(
        () => null,
        (e: unknown) => e,
      );
    const mapped = uniqueViolationError(error, usernameViolations('softphoneUser.username'));
    expect(mapped?.statusCode).toBe(400);
    expect(mapped?.message).toBe(USERNAME_TAKEN);
    expect(mapped?.validation).toEqual({ 'softphoneUser.username': USERNAME_TAKEN });
  });

  it.skipIf(!onPostgres)(
    'answers 400 with the field message (the unique index, past the check), creating neither seat nor user',
    async () => {
      const extensions = async () =>
        json<Page<Seat>>(await t.api('POST', '/seat/-1/-1', retail, {})).records.map((s) => s.extension);
      const before = await extensions();
      const res = await raceWithOpenTransaction(
        t.database.db,
        (trx) => trx.insertInto('users').values(clash('KIM.RACE')).execute(),
        () => t.api('POST', '/seat', retail, { extension: 239, nickname: 'Kim', softphoneUser: kim }),
      );
      expect(res.statusCode).toBe(400);
      expect(json<Reply>(res)).toEqual({
        success: false,
        message: USERNAME_TAKEN,
        validation: { 'softphoneUser.username': USERNAME_TAKEN },
      });
      expect(await extensions()).toEqual(before);
      const kims = await t.database.db
        .selectFrom('users')
        .select('username')
        .where((eb) => eb(eb.fn('lower', ['username']), '=', 'kim.race'))
        .execute();
      expect(kims).toEqual([{ username: 'KIM.RACE' }]);
    },
  );
});
