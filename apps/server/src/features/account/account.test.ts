import { ACCOUNT_MESSAGES, MESSAGES, PATTERNS, type RegistrationInput } from '@switchboard/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { postToLedger } from '../../modules/billing/ledger.ts';
import { solvedCaptcha } from '../../test/captcha.ts';
import { basedOn, createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let retail: Record<string, string>;
let viewer: Record<string, string>;
let admin: Record<string, string>;
let reseller: Record<string, string>;
let wetherby: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext({ registrationsPerAddress: 100 });
  retail = await t.login('retail');
  viewer = await t.login('viewer');
  admin = await t.login('admin');
  reseller = await t.login('reseller');
  wetherby = await t.login('wetherby');
});
afterAll(async () => t?.close());

type Reply = { success: boolean; message: string; validation?: Record<string, string>; version?: number };
const cross = () => t.app.platform.tenancy;

/** A public call from `ip` (the sandbox geo-IP: loopback and private addresses are in the UK). */
const publicCall = (method: 'GET' | 'POST', url: string, payload?: object, ip = '127.0.0.1') =>
  t.app.inject({ method, url: `/api/v1${url}`, remoteAddress: ip, ...(payload ? { payload } : {}) });

const accountOf = (accountNo: number) =>
  cross().crossAccount('seed', (tx) =>
    tx.selectFrom('accounts').selectAll().where('account_no', '=', accountNo).executeTakeFirstOrThrow(),
  );

const mailsTo = (to: string) =>
  cross().crossAccount('seed', (tx) =>
    tx.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id').execute(),
  );

/** The token of the newest set-password link mailed to `to`. */
async function linkTokenFor(to: string): Promise<string> {
  const mails = await mailsTo(to);
  const last = mails.at(-1);
  const m = /\/activate\?token=([A-Za-z0-9_-]+)/.exec(last?.text_body ?? '');
  if (!m?.[1]) throw new Error(`no link mailed to ${to}`);
  return m[1];
}

const captcha = () => solvedCaptcha(() => publicCall('GET', '/account/register/captcha'));

let seq = 0;
function registration(overrides: Partial<RegistrationInput> = {}): RegistrationInput {
  seq += 1;
  return {
    country: 1,
    endUserType: '1',
    registeredCompany: true,
    vulnerablePerson: false,
    firstName: 'Nina',
    surname: 'Newcomer',
    companyName: 'Newcomer Joinery Ltd',
    companyNo: '00445790',
    vatNo: '123456789',
    addressLine1: '2 Mill Lane',
    addressLine2: '',
    city: 'York',
    county: 'North Yorkshire',
    postCode: 'YO1 7HH',
    telephone: '01904550000',
    fax: '',
    mobile: '07700900123',
    email: `nina${seq}.${Date.now()}@newcomer.example`,
    tAndC: true,
    reCaptcha: '',
    ...overrides,
  };
}

/** Registers, activates through the mailed link and signs in: answers the new account's number and session. */
async function registeredAccount(): Promise<{ accountNo: number; email: string; headers: Record<string, string> }> {
  const body = registration({ reCaptcha: await captcha() });
  const res = await publicCall('POST', '/account/register', body);
  expect(res.statusCode, res.body).toBe(200);
  const token = await linkTokenFor(body.email);
  const set = await publicCall('POST', '/users/password', {
    token,
    password: 'Fresh-Start-9',
    confirm: 'Fresh-Start-9',
  });
  expect(set.statusCode, set.body).toBe(200);
  const headers = await t.login(body.email, 'Fresh-Start-9');
  const session = json<{ account_no: string }>(await t.api('GET', '/users/auth/session', headers));
  return { accountNo: Number(session.account_no), email: body.email, headers };
}

const validationOf = (res: LightMyRequestResponse) => json<Reply>(res).validation ?? {};

describe('account details (PUT /account/{no})', () => {
  const full = {
    firstName: 'Alice',
    surname: 'Morgan',
    company: 'Acme Plumbing Ltd',
    address_line1: '45 Canal Street',
    address_line2: 'Unit 4',
    address_city: 'Birmingham',
    address_county: 'West Midlands',
    address_country: 'United Kingdom',
    address_postcode: 'B1 2JR',
    telephone: '01214960000',
    fax: '',
    mobile: '07700900456',
    email: 'alice@acmeplumbing.example',
    endUserType: '1',
    vulnerablePerson: false,
    alert: 500,
  };

  it('saves every field of the form, answers the new version and records the change', async () => {
    const before = json<{ version: number }>(await t.api('GET', '/account/30000', retail));
    const res = await t.api('PUT', '/account/30000', retail, { ...full, version: before.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Reply>(res)).toMatchObject({ success: true, message: 'Account has been updated' });
    const after = json<Record<string, unknown>>(await t.api('GET', '/account/30000', retail));
    expect(after).toMatchObject({ ...full, version: before.version + 1 });
    expect(json<Reply>(res).version).toBe(before.version + 1);
    const events = await cross().crossAccount('seed', (tx) =>
      tx
        .selectFrom('change_events')
        .select(['kind', 'before', 'after'])
        .where('account_no', '=', 30000)
        .where('area', '=', 'account')
        .orderBy('id', 'desc')
        .execute(),
    );
    expect(events[0]).toMatchObject({
      kind: 'update',
      after: { address_line2: 'Unit 4', address_county: 'West Midlands', mobile: '07700900456', endUserType: '1' },
    });
  });

  it('writes only the fields sent', async () => {
    const before = await accountOf(30000);
    const res = await t.api('PUT', '/account/30000', retail, { telephone: '+441214960001' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await accountOf(30000);
    expect(after.telephone).toBe('+441214960001');
    expect({ ...after, telephone: before.telephone, version: before.version }).toEqual(before);
  });

  it.each([
    ['firstName', 'x'.repeat(46), MESSAGES.maxLength(45)],
    ['surname', 'x'.repeat(46), MESSAGES.maxLength(45)],
    ['firstName', '  ', MESSAGES.required],
    ['email', `${'x'.repeat(95)}@a.example`, MESSAGES.maxLength(100)],
    ['email', 'not-an-address', MESSAGES.email],
    ['address_line1', 'x'.repeat(101), MESSAGES.maxLength(100)],
    ['address_line2', 'x'.repeat(101), MESSAGES.maxLength(100)],
    ['address_city', 'x'.repeat(101), MESSAGES.maxLength(100)],
    ['address_county', 'x'.repeat(101), MESSAGES.maxLength(100)],
    ['telephone', '01214-960000', PATTERNS.telephone.message],
    ['telephone', '1234', PATTERNS.telephone.message],
    ['mobile', 'abc', PATTERNS.telephone.message],
    ['fax', '+', PATTERNS.telephone.message],
    ['address_postcode', 'XYZ 123', PATTERNS.ukPostcode.message],
    ['endUserType', '3', MESSAGES.selectOption],
  ])('refuses %s = %j with its message, changing nothing', async (field, value, message) => {
    const before = await accountOf(30000);
    const res = await t.api('PUT', '/account/30000', retail, { ...full, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(validationOf(res)[field]).toBe(message);
    expect(await accountOf(30000)).toEqual(before);
  });

  it('refuses a save based on an older version (If-Match or the body), changing nothing', async () => {
    const { version } = await accountOf(30000);
    expect((await t.api('PUT', '/account/30000', retail, { company: 'First save', version })).statusCode).toBe(200);
    const stale = await t.api('PUT', '/account/30000', retail, { company: 'Second save', version });
    expect(stale.statusCode).toBe(409);
    expect(json<Reply>(stale).message).toBe(MESSAGES.staleVersion);
    const header = await t.api('PUT', '/account/30000', basedOn(retail, version), { company: 'Third' });
    expect(header.statusCode).toBe(409);
    expect((await accountOf(30000)).company).toBe('First save');
    await t.api('PUT', '/account/30000', retail, { company: 'Acme Plumbing Ltd' });
  });

  it('does not move the version when only the balance moves (a top-up is not an edit of the details)', async () => {
    const { version } = await accountOf(30001);
    await cross().tenant(30001, (tx) =>
      postToLedger(tx, { accountNo: 30001, kind: 'adjustment', amountPence: 100, description: 'Version test' }),
    );
    expect((await accountOf(30001)).version).toBe(version);
    await cross().tenant(30001, (tx) =>
      postToLedger(tx, { accountNo: 30001, kind: 'adjustment', amountPence: -100, description: 'Version test back' }),
    );
  });

  it('needs account update; another account is not found; wholesale has no balance alert', async () => {
    expect((await t.api('PUT', '/account/30000', viewer, { company: 'Viewer' })).statusCode).toBe(403);
    expect((await t.api('PUT', '/account/30001', retail, { company: 'Not mine' })).statusCode).toBe(404);
    const wholesale = await t.api('PUT', '/account/20000', reseller, { alert: 500 });
    expect(wholesale.statusCode).toBe(400);
    expect(validationOf(wholesale).alert).toBe(MESSAGES.alertNotForWholesale);
    expect((await t.api('PUT', '/account/20000', reseller, { company: 'Northern Voice Partners' })).statusCode).toBe(
      200,
    );
  });
});

describe('registration (public)', () => {
  it('answers the visitor country from the geo-IP provider', async () => {
    expect(json(await publicCall('GET', '/ip/check/details'))).toEqual({ isoCode: 'GB' });
    expect(json(await publicCall('GET', '/ip/check/details', undefined, '192.168.1.20'))).toEqual({ isoCode: 'GB' });
    expect(json(await publicCall('GET', '/ip/check/details', undefined, '81.2.69.160'))).toEqual({ isoCode: 'GB' });
    expect(json(await publicCall('GET', '/ip/check/details', undefined, '8.8.8.8'))).toEqual({ isoCode: 'US' });
    expect(json(await publicCall('GET', '/ip/check/details', undefined, '203.0.113.7'))).toEqual({ isoCode: '' });
  });

  it('refuses a registration from outside the UK, creating nothing', async () => {
    const body = registration({ reCaptcha: await captcha() });
    for (const ip of ['8.8.8.8', '203.0.113.7']) {
      const res = await publicCall('POST', '/account/register', body, ip);
      expect(res.statusCode).toBe(403);
      expect(json<Reply>(res).message).toBe(ACCOUNT_MESSAGES.unauthorisedAccess);
    }
    expect(await mailsTo(body.email)).toEqual([]);
    const users = await cross().crossAccount('seed', (tx) =>
      tx.selectFrom('users').select('id').where('email', '=', body.email).execute(),
    );
    expect(users).toEqual([]);
  });

  it('looks company numbers up with the spec messages', async () => {
    expect(json(await publicCall('GET', '/account/companieshouse/445790'))).toEqual({
      success: true,
      companyNo: '00445790',
      name: 'TESCO PLC',
    });
    expect(json(await publicCall('GET', '/account/companieshouse/sc083026'))).toMatchObject({
      name: 'STANDARD LIFE ASSURANCE LIMITED',
    });
    const missing = await publicCall('GET', '/account/companieshouse/12345678');
    expect(missing.statusCode).toBe(404);
    expect(json<Reply>(missing).message).toBe('Company not found');
    for (const bad of ['ABC', '123456789', 'A1234567', '12%2034']) {
      const res = await publicCall('GET', `/account/companieshouse/${bad}`);
      expect(res.statusCode).toBe(400);
      expect(json<Reply>(res).message).toBe('Please enter a valid UK Company Number');
    }
  });

  it('refuses a missing, wrong or reused captcha', async () => {
    const missing = await publicCall('POST', '/account/register', registration());
    expect(missing.statusCode).toBe(400);
    expect(validationOf(missing).reCaptcha).toBe(MESSAGES.required);
    const wrong = await publicCall(
      'POST',
      '/account/register',
      registration({ reCaptcha: Buffer.from('{"number":1}').toString('base64') }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(validationOf(wrong).reCaptcha).toBe(ACCOUNT_MESSAGES.captchaFailed);
    const solved = await captcha();
    expect((await publicCall('POST', '/account/register', registration({ reCaptcha: solved }))).statusCode).toBe(200);
    const reused = await publicCall('POST', '/account/register', registration({ reCaptcha: solved }));
    expect(reused.statusCode).toBe(400);
    expect(validationOf(reused).reCaptcha).toBe(ACCOUNT_MESSAGES.captchaFailed);
  });

  it.each([
    ['firstName', 'x'.repeat(46), MESSAGES.maxLength(45)],
    ['firstName', '', MESSAGES.required],
    ['surname', 'x'.repeat(46), MESSAGES.maxLength(45)],
    ['companyNo', 'AB-12345', ACCOUNT_MESSAGES.companyNo],
    ['companyNo', 'A'.repeat(16), ACCOUNT_MESSAGES.companyNo],
    ['vatNo', '1234567890', ACCOUNT_MESSAGES.vatNo],
    ['vatNo', 'GB123', ACCOUNT_MESSAGES.vatNo],
    ['addressLine1', 'x'.repeat(101), MESSAGES.maxLength(100)],
    ['addressLine2', 'x'.repeat(101), MESSAGES.maxLength(100)],
    ['county', 'x'.repeat(51), MESSAGES.maxLength(50)],
    ['postCode', '12345', PATTERNS.ukPostcode.message],
    ['telephone', 'phone', PATTERNS.telephone.message],
    ['mobile', '0770', PATTERNS.telephone.message],
    ['email', 'nobody', MESSAGES.email],
    ['tAndC', false, MESSAGES.required],
    ['companyName', '', MESSAGES.required],
  ])('refuses %s = %j with its message', async (field, value, message) => {
    const res = await publicCall('POST', '/account/register', registration({ [field]: value, reCaptcha: 'x' }));
    expect(res.statusCode).toBe(400);
    expect(validationOf(res)[field]).toBe(message);
  });

  it('creates a retail prepay account pending activation, whose holder cannot sign in until the mailed link sets a password', async () => {
    const body = registration({ reCaptcha: await captcha() });
    const res = await publicCall('POST', '/account/register', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Reply>(res).message).toBe('Account Created Successfully');
    const user = await cross().crossAccount('seed', (tx) =>
      tx.selectFrom('users').selectAll().where('email', '=', body.email).executeTakeFirstOrThrow(),
    );
    expect(user).toMatchObject({ username: body.email.toLowerCase(), password_hash: null, is_holder: true });
    expect(await accountOf(user.account_no)).toMatchObject({
      parent: 10000,
      account_kind: 'retail',
      account_type: 'prepay',
      pending_activation: true,
      company: 'Newcomer Joinery Ltd',
      company_no: '00445790',
      vat_no: '123456789',
      balance_pence: 0,
    });
    expect(user.account_no).toBeGreaterThanOrEqual(40000);
    const [mail] = await mailsTo(body.email);
    expect(mail).toMatchObject({ template: 'activation', subject: 'Activate your account' });
    expect(mail?.text_body).toContain(`Your username is: ${body.email.toLowerCase()}`);
    // The token is stored hashed only.
    const token = await linkTokenFor(body.email);
    const stored = await cross().crossAccount('seed', (tx) =>
      tx.selectFrom('password_tokens').select('token_hash').where('user_id', '=', user.id).execute(),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/auth/login',
      payload: { username: body.email, password: 'anything' },
    });
    expect(refused.statusCode).toBe(401);

    expect(json(await publicCall('POST', '/users/password/token', { token }))).toMatchObject({
      success: true,
      purpose: 'activation',
      username: body.email.toLowerCase(),
    });
    const weak = await publicCall('POST', '/users/password', { token, password: 'password', confirm: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(validationOf(weak).password).toBe(PATTERNS.password.message);
    const differ = await publicCall('POST', '/users/password', {
      token,
      password: 'Good-Pass-1',
      confirm: 'Good-Pass-2',
    });
    expect(validationOf(differ).confirm).toBe(ACCOUNT_MESSAGES.passwordsDiffer);
    const set = await publicCall('POST', '/users/password', { token, password: 'Good-Pass-1', confirm: 'Good-Pass-1' });
    expect(set.statusCode, set.body).toBe(200);
    expect(json<Reply>(set).message).toBe(ACCOUNT_MESSAGES.passwordSet);
    expect((await accountOf(user.account_no)).pending_activation).toBe(false);
    const headers = await t.login(body.email, 'Good-Pass-1');
    const session = json<{ account_no: string; permissions: Record<string, number> }>(
      await t.api('GET', '/users/auth/session', headers),
    );
    expect(session.account_no).toBe(String(user.account_no));
    expect(session.permissions['2001']).toBe(15);

    // Single use.
    const again = await publicCall('POST', '/users/password', {
      token,
      password: 'Other-Pass-2',
      confirm: 'Other-Pass-2',
    });
    expect(again.statusCode).toBe(400);
    expect(json<Reply>(again).message).toBe(ACCOUNT_MESSAGES.tokenInvalid);
    expect((await publicCall('POST', '/users/password/token', { token })).statusCode).toBe(400);

    // The same e-mail address cannot register twice, but the answer does not say that it is known
    // (the same as a fresh registration's): the address is told by e-mail instead.
    const accounts = await cross().crossAccount('seed', (tx) =>
      tx
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    );
    const twice = await publicCall('POST', '/account/register', { ...body, reCaptcha: await captcha() });
    expect(twice.statusCode).toBe(200);
    expect(json(twice)).toEqual(json(res));
    expect(
      await cross().crossAccount('seed', (tx) =>
        tx
          .selectFrom('accounts')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ),
    ).toEqual(accounts);
    const notice = (await mailsTo(body.email)).at(-1);
    expect(notice).toMatchObject({ template: 'already-registered', account_no: user.account_no });
    expect(notice?.text_body).toContain(body.email.toLowerCase());
  });

  it('refuses an expired link', async () => {
    const body = registration({ reCaptcha: await captcha() });
    expect((await publicCall('POST', '/account/register', body)).statusCode).toBe(200);
    const token = await linkTokenFor(body.email);
    await cross().crossAccount('seed', (tx) =>
      tx
        .updateTable('password_tokens')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('account_no', '=', tx.selectFrom('users').select('account_no').where('email', '=', body.email))
        .execute(),
    );
    const res = await publicCall('POST', '/users/password', { token, password: 'Good-Pass-1', confirm: 'Good-Pass-1' });
    expect(res.statusCode).toBe(400);
    expect(json<Reply>(res).message).toBe(ACCOUNT_MESSAGES.tokenInvalid);
  });

  it("activates a registered account whose holder used 'Forgot password?' instead of the activation link", async () => {
    const body = registration({ reCaptcha: await captcha() });
    expect((await publicCall('POST', '/account/register', body)).statusCode).toBe(200);
    const activation = await linkTokenFor(body.email);
    expect((await publicCall('POST', '/users/password/forgot', { username: body.email }, '10.2.2.2')).statusCode).toBe(
      200,
    );
    const reset = await linkTokenFor(body.email);
    expect(reset).not.toBe(activation);
    expect(
      (await publicCall('POST', '/users/password', { token: reset, password: 'Good-Pass-1', confirm: 'Good-Pass-1' }))
        .statusCode,
    ).toBe(200);
    const user = await cross().crossAccount('seed', (tx) =>
      tx.selectFrom('users').select('account_no').where('email', '=', body.email).executeTakeFirstOrThrow(),
    );
    expect((await accountOf(user.account_no)).pending_activation).toBe(false);
    await t.login(body.email, 'Good-Pass-1');
  });

  it('throttles registrations per address', async () => {
    const ip = '10.9.8.7';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      // Each attempt counts, whatever its outcome (here a wrong captcha).
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/account/register',
        remoteAddress: ip,
        payload: registration({ reCaptcha: 'bm90LWEtc29sdXRpb24=' }),
      });
      statuses.push(res.statusCode);
    }
    // registrationsPerAddress is 100 here: the rule is the shared throttle's, shown with a small budget below.
    expect(statuses.every((s) => s === 400)).toBe(true);
    const strict = await createTestContext({ registrationsPerAddress: 2 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await strict.app.inject({
          method: 'POST',
          url: '/api/v1/account/register',
          remoteAddress: ip,
          payload: registration({ reCaptcha: 'bm90LWEtc29sdXRpb24=' }),
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(json<Reply>(res).message).toBe(ACCOUNT_MESSAGES.registrationThrottled);
      }
      expect(codes).toEqual([400, 400, 429, 429]);
    } finally {
      await strict.close();
    }
  });
});

describe('delete account', () => {
  const check = (headers: Record<string, string>, password: string) =>
    t.api('POST', '/users/auth/passwordcheck', headers, { password });

  it('refuses an unchecked delete, then deletes after a wrong then right password: sessions end, sign-in refused, data kept', async () => {
    const { accountNo, email, headers } = await registeredAccount();
    const other = await t.login(email, 'Fresh-Start-9');
    const unchecked = await t.api('DELETE', `/account/${accountNo}`, headers);
    expect(unchecked.statusCode).toBe(403);
    expect(json<Reply>(unchecked).message).toBe(ACCOUNT_MESSAGES.deleteNeedsPassword);

    const wrong = await check(headers, 'Not-The-Password-1');
    expect(wrong.statusCode).toBe(400);
    expect(json<Reply>(wrong).message).toBe('Password seems to be incorrect, please try again.');
    expect((await t.api('DELETE', `/account/${accountNo}`, headers)).statusCode).toBe(403);

    expect((await check(headers, 'Fresh-Start-9')).statusCode).toBe(200);
    // Another session's confirmation is not this one's.
    expect((await t.api('DELETE', `/account/${accountNo}`, other)).statusCode).toBe(403);
    const deleted = await t.api('DELETE', `/account/${accountNo}`, headers);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(json<Reply>(deleted)).toEqual({ success: true, message: ACCOUNT_MESSAGES.accountDeleted });

    expect(json(await t.api('GET', '/users/auth/session', headers))).toMatchObject({ status: 'error' });
    expect(json(await t.api('GET', '/users/auth/session', other))).toMatchObject({ status: 'error' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/auth/login',
      payload: { username: email, password: 'Fresh-Start-9' },
    });
    expect(signIn.statusCode).toBe(401);
    expect(json<Reply>(signIn).message).toBe(MESSAGES.loginFailed);

    const kept = await accountOf(accountNo);
    expect(kept.deleted_at).not.toBeNull();
    expect(kept.email).toBe(email);
    const customers = json<{ records: Array<{ accountNo: number; status: string }> }>(
      await t.api('POST', '/customers/0/100', admin, { filters: { status: 'deleted' } }),
    );
    expect(customers.records.map((c) => c.accountNo)).toContain(accountNo);
    // Nor can a reset link revive it.
    await publicCall('POST', '/users/password/forgot', { username: email });
    expect((await mailsTo(email)).filter((m) => m.template === 'password-reset')).toEqual([]);

    // The address may register a new account: usernames are unique per account, and a deleted
    // account's holder is no live account's (the username is the new account's holder's too).
    const again = registration({ email, reCaptcha: await captcha() });
    expect((await publicCall('POST', '/account/register', again)).statusCode).toBe(200);
    const holders = await cross().crossAccount('seed', (tx) =>
      tx.selectFrom('users').select(['account_no', 'username']).where('email', '=', email).orderBy('id').execute(),
    );
    expect(holders).toHaveLength(2);
    expect(holders[0]).toMatchObject({ account_no: accountNo, username: email.toLowerCase() });
    expect(holders[1]).toMatchObject({ username: email.toLowerCase() });
    expect(holders[1]?.account_no).not.toBe(accountNo);
    expect((await mailsTo(email)).at(-1)).toMatchObject({ template: 'activation', account_no: holders[1]?.account_no });
    // Two registrations' captchas (proofs of work) and a sign-in: slow on a loaded machine.
  }, 90_000);

  it('needs a fresh confirmation: one older than five minutes is refused', async () => {
    const { accountNo, headers } = await registeredAccount();
    expect((await check(headers, 'Fresh-Start-9')).statusCode).toBe(200);
    await cross().crossAccount('seed', (tx) =>
      tx
        .updateTable('sessions')
        .set({ password_checked_at: new Date(Date.now() - 6 * 60_000) })
        .where('account_no', '=', accountNo)
        .execute(),
    );
    const stale = await t.api('DELETE', `/account/${accountNo}`, headers);
    expect(stale.statusCode).toBe(403);
    expect(json<Reply>(stale).message).toBe(ACCOUNT_MESSAGES.deleteNeedsPassword);
    expect((await accountOf(accountNo)).deleted_at).toBeNull();
  });

  it('is refused for the provider, a reseller with customers, a reseller customer, a viewer and while acting as the customer', async () => {
    expect((await check(admin, DEMO_PASSWORD)).statusCode).toBe(200);
    const provider = await t.api('DELETE', '/account/10000', admin);
    expect(provider.statusCode).toBe(403);
    expect(json<Reply>(provider).message).toBe(ACCOUNT_MESSAGES.deleteProvider);

    expect((await check(reseller, DEMO_PASSWORD)).statusCode).toBe(200);
    const withCustomers = await t.api('DELETE', '/account/20000', reseller);
    expect(withCustomers.statusCode).toBe(409);
    expect(json<Reply>(withCustomers).message).toBe(ACCOUNT_MESSAGES.deleteHasCustomers);

    expect((await check(wetherby, DEMO_PASSWORD)).statusCode).toBe(200);
    const below = await t.api('DELETE', '/account/20002', wetherby);
    expect(below.statusCode).toBe(403);
    expect(json<Reply>(below).message).toBe(ACCOUNT_MESSAGES.deleteNotHere);

    expect((await t.api('DELETE', '/account/30000', viewer)).statusCode).toBe(403);
    expect((await t.api('DELETE', '/account/30001', retail)).statusCode).toBe(404);

    const disguiser = await t.login('admin');
    expect((await t.api('POST', '/users/auth/disguise', disguiser, { accountNo: 30001 })).statusCode).toBe(200);
    expect((await check(disguiser, DEMO_PASSWORD)).statusCode).toBe(200);
    const disguised = await t.api('DELETE', '/account/30001', disguiser);
    expect(disguised.statusCode).toBe(403);
    expect(json<Reply>(disguised).message).toBe(ACCOUNT_MESSAGES.deleteWhileDisguised);
    for (const n of [10000, 20000, 20002, 30000, 30001]) expect((await accountOf(n)).deleted_at).toBeNull();
  });
});

describe('set-password links of control-panel users', () => {
  it('mails a new user of the user manager a link to set their password, after which they sign in', async () => {
    const email = `olive.${Date.now()}@acmeplumbing.example`;
    const username = `olive${Date.now()}`;
    const created = await t.api('POST', '/users', retail, {
      name: 'Olive',
      surname: 'Office',
      username,
      email,
      accountNo: 30000,
      enabled: true,
      saveUserPermissions: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ template: 'set-password', account_no: 30000 });
    expect(mail?.text_body).toContain(`Your username is: ${username}`);
    // Without a password nobody signs in as the new user.
    await expect(t.login(username, '')).rejects.toThrow();
    const token = await linkTokenFor(email);
    expect(json(await publicCall('POST', '/users/password/token', { token }))).toMatchObject({ purpose: 'activation' });
    expect(
      (await publicCall('POST', '/users/password', { token, password: 'Olive-Pass-1', confirm: 'Olive-Pass-1' }))
        .statusCode,
    ).toBe(200);
    const session = json<{ account_no: string }>(
      await t.api('GET', '/users/auth/session', await t.login(username, 'Olive-Pass-1')),
    );
    expect(session.account_no).toBe('30000');
  });

  it("answers 'Forgot password?' the same either way, and a known name's link resets the password once", async () => {
    const unknown = await publicCall('POST', '/users/password/forgot', { username: 'nobody-here' }, '10.1.1.1');
    const known = await publicCall('POST', '/users/password/forgot', { username: 'PREPAY' }, '10.1.1.2');
    expect(unknown.statusCode).toBe(200);
    expect(json(unknown)).toEqual(json(known));
    expect(json<Reply>(known).message).toBe(ACCOUNT_MESSAGES.resetRequested);
    const mails = await mailsTo('priya@bellahair.example');
    expect(mails.at(-1)).toMatchObject({ template: 'password-reset', subject: 'Reset your control panel password' });
    const token = await linkTokenFor('priya@bellahair.example');
    const before = await t.login('prepay');
    const res = await publicCall('POST', '/users/password', {
      token,
      password: 'Reset-Pass-7',
      confirm: 'Reset-Pass-7',
    });
    expect(res.statusCode).toBe(200);
    // The old password is gone, and so are the user's sessions.
    expect(json(await t.api('GET', '/users/auth/session', before))).toMatchObject({ status: 'error' });
    await expect(t.login('prepay')).rejects.toThrow();
    await t.login('prepay', 'Reset-Pass-7');
    // Back to the demo password for the other tests (a second reset, by e-mail address this time).
    await publicCall('POST', '/users/password/forgot', { username: 'priya@bellahair.example' }, '10.1.1.3');
    const second = await linkTokenFor('priya@bellahair.example');
    expect(
      (await publicCall('POST', '/users/password', { token: second, password: DEMO_PASSWORD, confirm: DEMO_PASSWORD }))
        .statusCode,
    ).toBe(200);
    expect(
      (await publicCall('POST', '/users/password', { token, password: 'X-Pass-77a', confirm: 'X-Pass-77a' }))
        .statusCode,
    ).toBe(400);
  });

  it("sends a reset from the user manager (cpUsers update), only for the account's own users", async () => {
    const viewerId = await cross().crossAccount('seed', async (tx) => {
      const row = await tx.selectFrom('users').select('id').where('username', '=', 'viewer').executeTakeFirstOrThrow();
      return row.id;
    });
    const res = await t.api('POST', `/users/${viewerId}/reset-password`, retail);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Reply>(res).message).toBe('A password reset e-mail has been sent to Victor Hale (viewer)');
    expect((await mailsTo('victor@acmeplumbing.example')).at(-1)).toMatchObject({ template: 'password-reset' });
    expect((await t.api('POST', `/users/${viewerId}/reset-password`, viewer)).statusCode).toBe(403);
    expect((await t.api('POST', `/users/${viewerId}/reset-password`, await t.login('prepay'))).statusCode).toBe(404);
  });
});

describe('deleting an account that owes money', () => {
  it('is refused while an invoice is unpaid or overdue, and nothing is deleted', async () => {
    const { seedDemoInvoices } = await import('../../demo/invoices.ts');
    await seedDemoInvoices(t.app.platform.tenancy);
    const holder = await t.login('retail');
    expect((await t.api('POST', '/users/auth/passwordcheck', holder, { password: DEMO_PASSWORD })).statusCode).toBe(
      200,
    );
    const res = await t.api('DELETE', '/account/30000', holder);
    expect(res.statusCode).toBe(409);
    expect(json<Reply>(res).message).toBe(ACCOUNT_MESSAGES.deleteHasUnpaidInvoices);
    expect((await accountOf(30000)).deleted_at).toBeNull();
    expect(json(await t.api('GET', '/users/auth/session', holder))).toMatchObject({ status: 'success' });
  });
});
