import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ACCOUNT_MESSAGES,
  FEATURES,
  IDENTITY_ERROR_REASONS,
  IDENTITY_MESSAGES,
  type IdentityStatusReply,
  MASK,
  MESSAGES,
  type RegistrationInput,
  type VerificationSessionReply,
} from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendSetPasswordLink } from '../../modules/identity/password-tokens.ts';
import type { SandboxIdentity } from '../../providers/identity/identity.ts';
import { signPayload } from '../../providers/payments/payments.ts';
import { solvedCaptcha } from '../../test/captcha.ts';
import { addUser, createTestContext, json, type TestContext } from '../../test/harness.ts';
import { webhookOutcome } from '../../test/webhooks.ts';

let t: TestContext;
let retail: Record<string, string>;
let viewer: Record<string, string>;
let prepay: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext({ registrationsPerAddress: 100 });
  retail = await t.login('retail');
  viewer = await t.login('viewer');
  prepay = await t.login('prepay');
});
afterAll(async () => t?.close());

type Reply = { success?: boolean; message: string; validation?: Record<string, string> };
type Notes = { records: { notification_title: string; notification_message: string }[] };

const sandbox = () => t.app.platform.providers.identity as SandboxIdentity;
const status = async (headers: Record<string, string>) => {
  const res = await t.api('GET', '/identity/status', headers);
  expect(res.statusCode, res.body).toBe(200);
  return json<IdentityStatusReply>(res);
};
const start = async (headers: Record<string, string>) => {
  const res = await t.api('POST', '/create-verification-session', headers);
  expect(res.statusCode, res.body).toBe(200);
  return json<VerificationSessionReply>(res);
};
const submit = (secret: string, outcome: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/identity/sandbox/submit', payload: { secret, outcome } });
const deliver = (body: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/identity/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
const notes = async (headers: Record<string, string>, title: string) =>
  json<Notes>(await t.api('GET', '/notifications', headers)).records.filter((n) => n.notification_title === title);
const sessionsOf = (accountNo: number) =>
  t.database.db
    .selectFrom('identity_verifications')
    .selectAll()
    .where('account_no', '=', accountNo)
    .orderBy('id')
    .execute();
/** Clears an account's identity checks, ours and the sandbox provider's (each test starts from 'unverified'). */
const reset = async (accountNo: number) => {
  await t.database.db.deleteFrom('account_identity').where('account_no', '=', accountNo).execute();
  await t.database.db.deleteFrom('identity_verifications').where('account_no', '=', accountNo).execute();
  // The provider's side too (its idempotency keys count the account's attempts).
  await t.database.db.deleteFrom('identity_sandbox_sessions').where('account_no', '=', accountNo).execute();
};

describe('an identity check with the sandbox provider', () => {
  it('starts pending, and the signed verified webhook makes the account verified and tells it', async () => {
    await reset(30000);
    expect(await status(retail)).toMatchObject({ status: 'unverified', startedBy: '', provider: 'sandbox' });
    const started = await start(retail);
    expect(started).toMatchObject({ success: true, message: IDENTITY_MESSAGES.started, provider: 'sandbox' });
    expect(started.secret).toMatch(/^vs_sb_[0-9a-f]+_secret_[0-9a-f]+$/);
    expect(started).not.toHaveProperty('publishableKey');
    const pending = await status(retail);
    expect(pending).toMatchObject({ status: 'pending', startedBy: 'Alice Morgan', verifiedAt: null, lastError: '' });
    expect(pending.startedAt).not.toBeNull();
    // The provider was given the account's e-mail; our table keeps no client secret.
    const [session] = await sessionsOf(30000);
    expect(session).toMatchObject({ provider: 'sandbox', via: 'panel', status: 'requires_input' });
    expect(JSON.stringify(session)).not.toContain(started.secret);
    const sb = await t.database.db
      .selectFrom('identity_sandbox_sessions')
      .selectAll()
      .where('id', '=', session?.provider_id ?? '')
      .executeTakeFirstOrThrow();
    expect(sb.email).toBe('alice@acmeplumbing.example');

    const res = await submit(started.secret, 'verified');
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ status: 'verified' });
    const verified = await status(retail);
    expect(verified).toMatchObject({ status: 'verified', startedBy: 'Alice Morgan', lastError: '' });
    expect(verified.verifiedAt).not.toBeNull();
    expect(await notes(retail, IDENTITY_MESSAGES.verifiedTitle)).toHaveLength(1);
    await t.app.platform.outbox.drain();
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('account_no', '=', 30000)
      .where('action', 'like', 'identity.%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['identity.start', 'identity.processing', 'identity.verified']);

    // Verified is final: a new check is refused, the window's secret is spent.
    const again = await t.api('POST', '/create-verification-session', retail);
    expect(again.statusCode).toBe(409);
    expect(json<Reply>(again).message).toBe(IDENTITY_MESSAGES.alreadyVerified);
    const twice = await submit(started.secret, 'verified');
    expect(twice.statusCode).toBe(409);
    expect(json<Reply>(twice).message).toBe(IDENTITY_MESSAGES.sessionClosed);
    expect(await notes(retail, IDENTITY_MESSAGES.verifiedTitle)).toHaveLength(1);
  });

  it('a failed document check needs input again, says why, and a new check can then succeed', async () => {
    await reset(30000);
    const first = await start(retail);
    const res = await submit(first.secret, 'document_expired');
    expect(json(res)).toEqual({ status: 'requires_input', error: IDENTITY_ERROR_REASONS.document_expired });
    expect(await status(retail)).toMatchObject({
      status: 'requires_input',
      lastError: IDENTITY_ERROR_REASONS.document_expired,
    });
    const failed = await notes(retail, IDENTITY_MESSAGES.failedTitle);
    expect(failed.at(-1)?.notification_message).toBe(
      IDENTITY_MESSAGES.failedMessage(IDENTITY_ERROR_REASONS.document_expired),
    );
    // Trying again is a new session (a new idempotency key), pending until its result.
    const second = await start(retail);
    expect(second.secret).not.toBe(first.secret);
    expect((await status(retail)).status).toBe('pending');
    expect(json(await submit(second.secret, 'document_unverified_other'))).toMatchObject({ status: 'requires_input' });
    expect((await status(retail)).lastError).toBe(IDENTITY_ERROR_REASONS.document_unverified_other);
    const third = await start(retail);
    expect(json(await submit(third.secret, 'verified'))).toEqual({ status: 'verified' });
    expect((await status(retail)).status).toBe('verified');
    expect((await sessionsOf(30000)).map((s) => s.status)).toEqual(['requires_input', 'requires_input', 'verified']);
  });

  it('refuses a forged or altered result, and a replayed one changes nothing', async () => {
    await reset(30000);
    const started = await start(retail);
    const [session] = await sessionsOf(30000);
    const sessionId = session?.provider_id ?? '';
    const { body, signature } = sandbox().webhook(sessionId, 'verified');
    const notesBefore = (await notes(retail, IDENTITY_MESSAGES.verifiedTitle)).length;
    // Signed with another secret, altered after signing, unsigned, or too old: refused, nothing changes.
    const forged = await deliver(body, signPayload('whsec_not_the_providers', body));
    expect(forged.statusCode).toBe(400);
    expect(json<Reply>(forged).message).toBe(IDENTITY_MESSAGES.badSignature);
    expect((await deliver(body.replace('"verified"', '"verified" '), signature)).statusCode).toBe(400);
    expect((await deliver(body, '')).statusCode).toBe(400);
    const stale = signPayload(sandbox().webhookSecret, body, Math.floor(Date.now() / 1000) - 3600);
    expect((await deliver(body, stale)).statusCode).toBe(400);
    expect((await status(retail)).status).toBe('pending');

    // The genuine event applies once; its redelivery (or a replay by someone who saw it) is harmless.
    expect(await webhookOutcome(t, await deliver(body, signature))).toBe('applied');
    expect(await webhookOutcome(t, await deliver(body, signature))).toBe('duplicate');
    // A late failure of a verified session (another event id) changes nothing either.
    const late = sandbox().webhook(sessionId, 'requires_input', 'document_expired');
    expect(await webhookOutcome(t, await deliver(late.body, late.signature))).toBe('duplicate');
    expect((await status(retail)).status).toBe('verified');
    expect(await notes(retail, IDENTITY_MESSAGES.verifiedTitle)).toHaveLength(notesBefore + 1);
    // The sandbox's own record of the session never saw that event: its window still answers, and
    // the result it sends for the verified session changes nothing either.
    expect((await submit(started.secret, 'document_expired')).statusCode).toBe(200);
    expect((await status(retail)).status).toBe('verified');
    expect(await notes(retail, IDENTITY_MESSAGES.verifiedTitle)).toHaveLength(notesBefore + 1);
    // Another system's session, or an event we do not act on, is acknowledged and ignored.
    const other = sandbox().webhook('vs_someone_elses', 'verified');
    expect(await webhookOutcome(t, await deliver(other.body, other.signature))).toBe('ignored');
  });

  it("an older session's failure does not speak for the current check; a cancelled check leaves it unverified", async () => {
    await reset(30000);
    const failedBefore = (await notes(retail, IDENTITY_MESSAGES.failedTitle)).length;
    await start(retail);
    await start(retail);
    const [older, current] = await sessionsOf(30000);
    const stale = sandbox().webhook(older?.provider_id ?? '', 'requires_input', 'document_expired');
    expect(await webhookOutcome(t, await deliver(stale.body, stale.signature))).toBe('applied');
    expect((await status(retail)).status).toBe('pending');
    expect(await notes(retail, IDENTITY_MESSAGES.failedTitle)).toHaveLength(failedBefore);
    const cancel = sandbox().webhook(current?.provider_id ?? '', 'canceled');
    expect(await webhookOutcome(t, await deliver(cancel.body, cancel.signature))).toBe('applied');
    expect((await status(retail)).status).toBe('unverified');
    expect((await notes(retail, IDENTITY_MESSAGES.canceledTitle)).at(-1)?.notification_message).toBe(
      IDENTITY_MESSAGES.canceledMessage,
    );
    // Cancelled is final at the provider: a later event of that session changes nothing.
    const late = sandbox().webhook(current?.provider_id ?? '', 'verified');
    expect(await webhookOutcome(t, await deliver(late.body, late.signature))).toBe('duplicate');
    expect((await status(retail)).status).toBe('unverified');
  });

  it('refuses a new check while a submitted document is processing', async () => {
    await reset(30000);
    await start(retail);
    const [session] = await sessionsOf(30000);
    const processing = sandbox().webhook(session?.provider_id ?? '', 'processing');
    expect(await webhookOutcome(t, deliver(processing.body, processing.signature))).toBe('applied');
    const res = await t.api('POST', '/create-verification-session', retail);
    expect(res.statusCode).toBe(409);
    expect(json<Reply>(res).message).toBe(IDENTITY_MESSAGES.processing);
    expect(await sessionsOf(30000)).toHaveLength(1);
  });

  it('knows no secret it did not issue', async () => {
    const res = await submit('vs_sb_unknown_secret_0000', 'verified');
    expect(res.statusCode).toBe(404);
    expect(json<Reply>(res).message).toBe(IDENTITY_MESSAGES.unknownSession);
    const bad = await submit('x', 'a-result-stripe-does-not-have');
    expect(bad.statusCode).toBe(400);
  });
});

describe('who may start a check', () => {
  it('needs account update: a read-only user sees the status but cannot start one', async () => {
    await reset(30000);
    expect((await status(viewer)).status).toBe('unverified');
    const res = await t.api('POST', '/create-verification-session', viewer);
    expect(res.statusCode).toBe(403);
    expect(json<Reply>(res).message).toBe(MESSAGES.forbidden);
    const nobody = await t.app.inject({ method: 'POST', url: '/api/v1/create-verification-session' });
    expect(nobody.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/identity/status' })).statusCode).toBe(401);
    const noAccount = await addUser(t.database.db, {
      username: 'identity-no-account',
      accountNo: 30000,
      grants: [[FEATURES.seats, MASK.all]],
    });
    expect(noAccount).toBeGreaterThan(0);
    const seatsOnly = await t.login('identity-no-account');
    expect((await t.api('GET', '/identity/status', seatsOnly)).statusCode).toBe(403);
    expect(await sessionsOf(30000)).toHaveLength(0);
  });

  it('is refused while a reseller acts as its customer (the holder verifies their own identity)', async () => {
    const reseller = await t.login('reseller');
    const disguise = await t.api('POST', '/users/auth/disguise', reseller, { accountNo: 20001 });
    expect(disguise.statusCode, disguise.body).toBe(200);
    const res = await t.api('POST', '/create-verification-session', reseller);
    expect(res.statusCode).toBe(403);
    expect(json<Reply>(res).message).toBe(IDENTITY_MESSAGES.disguised);
    // The provider sees the customer's status while acting as it.
    expect((await status(reseller)).status).toBe('unverified');
    expect(await sessionsOf(20001)).toHaveLength(0);
  });

  it("keeps accounts apart: one account's check, secret and result are not another's", async () => {
    await reset(30000);
    await reset(30001);
    const started = await start(retail);
    expect((await status(prepay)).status).toBe('unverified');
    // The other account's rows are invisible to it (row-level security), whoever holds the secret.
    const seen = await t.app.platform.tenancy.tenant(30001, (tx) =>
      tx.selectFrom('identity_verifications').select('id').execute(),
    );
    expect(seen).toHaveLength(0);
    await submit(started.secret, 'verified');
    expect((await status(retail)).status).toBe('verified');
    expect((await status(prepay)).status).toBe('unverified');
    expect(await notes(prepay, IDENTITY_MESSAGES.verifiedTitle)).toHaveLength(0);
  });
});

describe('a save of the account form that changes the verified legal identity (PUT /account/{no})', () => {
  type SaveReply = Reply & { version: number; verificationRequired?: boolean };
  /** Account 30000 verified through the sandbox, from a clean start. */
  const verified = async () => {
    await reset(30000);
    expect(json(await submit((await start(retail)).secret, 'verified'))).toEqual({ status: 'verified' });
    expect((await status(retail)).status).toBe('verified');
  };
  const account = async () =>
    t.database.db
      .selectFrom('accounts')
      .select(['first_name', 'surname', 'company', 'telephone', 'version'])
      .where('account_no', '=', 30000)
      .executeTakeFirstOrThrow();
  const save = async (body: Record<string, unknown>) => {
    const res = await t.api('PUT', '/account/30000', retail, body);
    expect(res.statusCode, res.body).toBe(200);
    return json<SaveReply>(res);
  };
  const rechecks = async () => {
    await t.app.platform.outbox.drain();
    return t.database.db
      .selectFrom('audit_log')
      .select(['details', 'user_id'])
      .where('account_no', '=', 30000)
      .where('action', '=', 'identity.recheck')
      .orderBy('id')
      .execute();
  };
  let original: Awaited<ReturnType<typeof account>>;
  beforeAll(async () => {
    original = await account();
  });
  afterAll(async () => {
    await t.database.db
      .updateTable('accounts')
      .set({ first_name: original.first_name, surname: original.surname, company: original.company })
      .where('account_no', '=', 30000)
      .execute();
    await reset(30000);
  });

  it('makes a verified identity unverified in the save, says why, and the reply asks for a new check', async () => {
    await verified();
    const auditBefore = (await rechecks()).length;
    const { version } = await account();
    const reply = await save({ surname: 'Morgan-Reyes', company: 'Acme Plumbing & Heating Ltd', version });
    expect(reply).toMatchObject({ success: true, message: 'Account has been updated', verificationRequired: true });
    expect(await account()).toMatchObject({ surname: 'Morgan-Reyes', version: version + 1 });
    expect(await status(retail)).toMatchObject({ status: 'unverified', verifiedAt: null });
    const [note] = await notes(retail, IDENTITY_MESSAGES.reverifyTitle);
    expect(note?.notification_message).toBe(
      "The account's surname and company name changed, so your identity needs to be verified again. Please verify it from Account Details.",
    );
    const audit = await rechecks();
    expect(audit).toHaveLength(auditBefore + 1);
    expect(audit.at(-1)?.details).toMatchObject({
      reason: 'account-changed',
      fields: ['surname', 'company'],
    });
    expect(audit.at(-1)?.user_id).not.toBeNull();
    // A new check can start at once (the same button), and verifies the account again.
    const again = await start(retail);
    expect(json(await submit(again.secret, 'verified'))).toEqual({ status: 'verified' });
    expect((await status(retail)).status).toBe('verified');
  });

  it('leaves the status alone when the save changes nothing of the identity (the same name sent, other fields changed)', async () => {
    await verified();
    const noteCount = (await notes(retail, IDENTITY_MESSAGES.reverifyTitle)).length;
    const before = await account();
    const reply = await save({
      firstName: before.first_name,
      surname: before.surname,
      company: before.company,
      telephone: before.telephone === '01214960000' ? '01214960001' : '01214960000',
      version: before.version,
    });
    expect(reply).toMatchObject({ success: true, verificationRequired: false });
    expect((await account()).version).toBe(before.version + 1);
    expect((await status(retail)).status).toBe('verified');
    expect(await notes(retail, IDENTITY_MESSAGES.reverifyTitle)).toHaveLength(noteCount);
  });

  it('changes nothing of an identity that is not verified (never checked, or a check in progress)', async () => {
    await reset(30000);
    const noteCount = (await notes(retail, IDENTITY_MESSAGES.reverifyTitle)).length;
    const auditCount = (await rechecks()).length;
    expect(await save({ firstName: 'Alicia' })).toMatchObject({ verificationRequired: false });
    expect((await status(retail)).status).toBe('unverified');
    await start(retail);
    expect(await save({ firstName: 'Ali' })).toMatchObject({ verificationRequired: false });
    expect((await status(retail)).status).toBe('pending');
    expect(await notes(retail, IDENTITY_MESSAGES.reverifyTitle)).toHaveLength(noteCount);
    expect(await rechecks()).toHaveLength(auditCount);
  });

  it('a refused save (an older version) leaves a verified identity verified', async () => {
    await verified();
    const { version } = await account();
    expect((await save({ telephone: '01214960002', version })).verificationRequired).toBe(false);
    const stale = await t.api('PUT', '/account/30000', retail, { firstName: 'Someone', version });
    expect(stale.statusCode).toBe(409);
    expect((await status(retail)).status).toBe('verified');
  });
});

describe("the customers list shows provider admins each holder's identity status", () => {
  type Row = { accountNo: number; identity?: string };
  const list = async (headers: Record<string, string>, body: object = {}) => {
    const res = await t.api('POST', '/customers/0/100', headers, body);
    expect(res.statusCode, res.body).toBe(200);
    return json<{ records: Row[] }>(res).records;
  };

  it('gives provider admins the status (never checked: unverified), sortable and filterable; resellers none', async () => {
    const harrogate = await t.login('harrogate');
    await reset(20001);
    await reset(20002);
    expect(json(await submit((await start(harrogate)).secret, 'verified'))).toEqual({ status: 'verified' });
    const admin = await t.login('admin');
    const rows = await list(admin);
    expect(rows.find((r) => r.accountNo === 20001)?.identity).toBe('verified');
    expect(rows.find((r) => r.accountNo === 20002)?.identity).toBe('unverified');
    const verifiedOnly = await list(admin, { filters: { identity: 'verified' } });
    expect(verifiedOnly.map((r) => r.accountNo)).toContain(20001);
    expect(verifiedOnly.every((r) => r.identity === 'verified')).toBe(true);
    const sorted = await list(admin, { sortBy: 'identity', direction: 'desc' });
    expect(sorted[0]?.identity).toBe('verified');

    // A reseller's list of its customers carries no identity, and its filter is no filter there.
    const reseller = await t.login('reseller');
    const theirs = await list(reseller, { filters: { identity: 'verified' } });
    expect(theirs.map((r) => r.accountNo).sort()).toEqual([20001, 20002]);
    expect(theirs.some((r) => 'identity' in r)).toBe(false);
    await reset(20001);
  });
});

// ---- the registration-side start ------------------------------------------------------------------

const publicCall = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, remoteAddress: '127.0.0.1', payload });

const captcha = () =>
  solvedCaptcha(() =>
    t.app.inject({ method: 'GET', url: '/api/v1/account/register/captcha', remoteAddress: '127.0.0.1' }),
  );

/** Registers a new account: its number, e-mail and the activation link's token. */
async function registered(): Promise<{ accountNo: number; email: string; token: string }> {
  const email = `ida.${Date.now()}@identity-test.example`;
  const body: RegistrationInput = {
    country: 1,
    endUserType: '2',
    registeredCompany: false,
    vulnerablePerson: false,
    firstName: 'Ida',
    surname: 'Entity',
    companyName: '',
    companyNo: '',
    vatNo: '',
    addressLine1: '2 Mill Lane',
    addressLine2: '',
    city: 'York',
    county: '',
    postCode: 'YO1 7HH',
    telephone: '01904550000',
    fax: '',
    mobile: '',
    email,
    tAndC: true,
    reCaptcha: await captcha(),
  };
  const res = await publicCall('/account/register', body);
  expect(res.statusCode, res.body).toBe(200);
  const mail = await t.database.db
    .selectFrom('mail_outbox')
    .select(['text_body', 'account_no'])
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const token = /\/activate\?token=([A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1];
  if (!token || mail.account_no === null) throw new Error('no activation link');
  return { accountNo: mail.account_no, email, token };
}

describe('POST /identity/verification/session (before activation)', () => {
  it('starts a check for the registered e-mail with the activation token, and its result reaches the account', async () => {
    const account = await registered();
    const res = await publicCall('/identity/verification/session', {
      email: account.email.toUpperCase(),
      token: account.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const started = json<VerificationSessionReply>(res);
    expect(started).toMatchObject({ success: true, provider: 'sandbox' });
    expect(await sessionsOf(account.accountNo)).toMatchObject([{ via: 'registration', status: 'requires_input' }]);
    expect(json(await submit(started.secret, 'verified'))).toEqual({ status: 'verified' });
    // The link still activates the account (the check does not use it up); then the holder sees it verified.
    const set = await publicCall('/users/password', {
      token: account.token,
      password: 'Fresh-Start-9',
      confirm: 'Fresh-Start-9',
    });
    expect(set.statusCode, set.body).toBe(200);
    const holder = await t.login(account.email, 'Fresh-Start-9');
    expect(await status(holder)).toMatchObject({ status: 'verified', startedBy: 'Ida Entity' });
    expect(await notes(holder, IDENTITY_MESSAGES.verifiedTitle)).toHaveLength(1);
    // Once active, the activation link no longer starts checks (the used token is refused).
    const after = await publicCall('/identity/verification/session', { email: account.email, token: account.token });
    expect(after.statusCode).toBe(400);
    expect(json<Reply>(after).message).toBe(ACCOUNT_MESSAGES.tokenInvalid);
  });

  it('sends an account activated meanwhile (another link set its password) to Account Details', async () => {
    const account = await registered();
    await t.database.db
      .updateTable('accounts')
      .set({ pending_activation: false })
      .where('account_no', '=', account.accountNo)
      .execute();
    const res = await publicCall('/identity/verification/session', { email: account.email, token: account.token });
    expect(res.statusCode).toBe(409);
    expect(json<Reply>(res).message).toBe(IDENTITY_MESSAGES.alreadyActive);
    expect(await sessionsOf(account.accountNo)).toHaveLength(0);
  });

  it('refuses another e-mail, a wrong token, and a reset link', async () => {
    const account = await registered();
    const wrongEmail = await publicCall('/identity/verification/session', {
      email: 'someone.else@example.com',
      token: account.token,
    });
    expect(wrongEmail.statusCode).toBe(400);
    expect(json<Reply>(wrongEmail).validation).toEqual({ email: IDENTITY_MESSAGES.emailMismatch });
    const wrongToken = await publicCall('/identity/verification/session', {
      email: account.email,
      token: 'A'.repeat(43),
    });
    expect(wrongToken.statusCode).toBe(400);
    expect(json<Reply>(wrongToken).message).toBe(ACCOUNT_MESSAGES.tokenInvalid);
    const badEmail = await publicCall('/identity/verification/session', {
      email: 'not-an-email',
      token: account.token,
    });
    expect(badEmail.statusCode).toBe(400);
    expect(json<Reply>(badEmail).validation?.email).toBe(MESSAGES.email);
    // A password reset link is not an activation: it does not authorise a check.
    const forgot = await publicCall('/users/password/forgot', { username: 'prepay' });
    expect(forgot.statusCode).toBe(200);
    const mail = await t.database.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('account_no', '=', 30001)
      .where('template', '=', 'password-reset')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const resetToken = /\/activate\?token=([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1];
    expect(resetToken).toBeTruthy();
    const res = await publicCall('/identity/verification/session', {
      email: 'priya@bellahair.example',
      token: resetToken ?? '',
    });
    expect(res.statusCode).toBe(400);
    expect(json<Reply>(res).message).toBe(ACCOUNT_MESSAGES.tokenInvalid);
    expect(await sessionsOf(account.accountNo)).toHaveLength(0);
  });
});

describe('the activation link says whose it is (POST /users/password/token)', () => {
  /** The token of the newest set-password mail to `email`. */
  const linkOf = async (email: string) => {
    const mail = await t.database.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = /\/activate\?token=([A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1];
    if (!token) throw new Error('no link');
    return token;
  };
  const check = async (token: string) => {
    const res = await publicCall('/users/password/token', { token });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ purpose: string; newAccount: boolean }>(res);
  };

  it("is a new account's for a registered holder's activation link, until the account is active", async () => {
    const account = await registered();
    expect(await check(account.token)).toMatchObject({ purpose: 'activation', newAccount: true });
    // Activated by another link meanwhile (the holder used 'Forgot password?'): no longer a new account.
    await t.database.db
      .updateTable('accounts')
      .set({ pending_activation: false })
      .where('account_no', '=', account.accountNo)
      .execute();
    expect(await check(account.token)).toMatchObject({ purpose: 'activation', newAccount: false });
  });

  it("is not a new account's for a new control-panel user's link (even on a pending account) or a reset", async () => {
    // A user of the user manager: their first-password link is an activation, not a new account.
    const email = `cp.${Date.now()}@acmeplumbing.example`;
    const created = await t.api('POST', '/users', retail, {
      name: 'Cora',
      surname: 'Panel',
      username: `cora${Date.now()}`,
      email,
      accountNo: 30000,
      enabled: true,
      saveUserPermissions: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(await check(await linkOf(email))).toMatchObject({ purpose: 'activation', newAccount: false });

    // A second user's activation link on an account still pending activation: not its holder's, so
    // neither the flag nor the identity check.
    const account = await registered();
    const otherEmail = `second.${Date.now()}@identity-test.example`;
    const userId = await addUser(t.database.db, {
      username: `second${Date.now()}`,
      accountNo: account.accountNo,
      grants: [],
    });
    await t.database.db.updateTable('users').set({ email: otherEmail }).where('id', '=', userId).execute();
    await t.app.platform.tenancy.crossAccount('registration', (tx) =>
      sendSetPasswordLink(
        tx,
        t.app.platform.config,
        { id: userId, accountNo: account.accountNo, username: 'second', name: 'Second', email: otherEmail },
        'activation',
      ),
    );
    const second = await linkOf(otherEmail);
    expect(await check(second)).toMatchObject({ purpose: 'activation', newAccount: false });
    const refused = await publicCall('/identity/verification/session', { email: account.email, token: second });
    expect(refused.statusCode).toBe(400);
    expect(json<Reply>(refused).message).toBe(ACCOUNT_MESSAGES.tokenInvalid);
    expect(await sessionsOf(account.accountNo)).toHaveLength(0);
    // The holder's own link still is a new account's.
    expect(await check(account.token)).toMatchObject({ newAccount: true });

    // A reset link.
    expect((await publicCall('/users/password/forgot', { username: 'prepay' })).statusCode).toBe(200);
    expect(await check(await linkOf('priya@bellahair.example'))).toMatchObject({ purpose: 'reset', newAccount: false });
  });
});

// ---- Stripe Identity, against a local server answering as Stripe's API -----------------------------

describe('the Stripe Identity provider', () => {
  let stripeApi: http.Server;
  let s: TestContext;
  const requests: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: string }> = [];
  const WEBHOOK_SECRET = 'whsec_identity_test_secret';
  let answer: 'ok' | 'error' = 'ok';

  beforeAll(async () => {
    stripeApi = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        res.setHeader('content-type', 'application/json');
        if (answer === 'error') {
          res.statusCode = 400;
          res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Identity is not enabled' } }));
          return;
        }
        const n = requests.length;
        res.end(
          JSON.stringify({
            id: `vs_test_${n}`,
            object: 'identity.verification_session',
            client_secret: `vs_test_${n}_secret_live_abc`,
            status: 'requires_input',
            type: 'document',
            last_error: null,
            metadata: Object.fromEntries(new URLSearchParams(body)),
            livemode: false,
          }),
        );
      });
    });
    await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
    const port = (stripeApi.address() as AddressInfo).port;
    s = await createTestContext({
      stripe: {
        secretKey: 'sk_test_identity',
        publishableKey: 'pk_test_identity',
        webhookSecret: undefined,
        apiBase: `http://127.0.0.1:${port}`,
      },
      identity: { webhookSecret: WEBHOOK_SECRET },
    });
  });
  afterAll(async () => {
    await s?.close();
    await new Promise((resolve) => stripeApi?.close(resolve));
  });

  it('creates a document session with the e-mail, the account and an idempotency key, and believes only signed events', async () => {
    const headers = await s.login('retail');
    const res = await s.api('POST', '/create-verification-session', headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      success: true,
      provider: 'stripe',
      publishableKey: 'pk_test_identity',
      secret: 'vs_test_1_secret_live_abc',
    });
    expect(requests).toHaveLength(1);
    const sent = requests[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/v1/identity/verification_sessions');
    expect(sent?.headers.authorization).toBe('Bearer sk_test_identity');
    expect(sent?.headers['idempotency-key']).toBe('identity:30000:1');
    const form = new URLSearchParams(sent?.body);
    expect(form.get('type')).toBe('document');
    expect(form.get('provided_details[email]')).toBe('alice@acmeplumbing.example');
    expect(form.get('metadata[accountNo]')).toBe('30000');
    expect(json<IdentityStatusReply>(await s.api('GET', '/identity/status', headers))).toMatchObject({
      status: 'pending',
      provider: 'stripe',
    });
    // No sandbox window with Stripe.
    const sandboxSubmit = await s.app.inject({
      method: 'POST',
      url: '/api/v1/identity/sandbox/submit',
      payload: { secret: 'vs_test_1_secret_live_abc', outcome: 'verified' },
    });
    expect(sandboxSubmit.statusCode).toBe(404);

    const event = (type: string, object: object) =>
      JSON.stringify({ id: `evt_${type}_${Date.now()}`, object: 'event', type, data: { object } });
    const send = (body: string, signature: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/v1/identity/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: body,
      });
    const failed = event('identity.verification_session.requires_input', {
      id: 'vs_test_1',
      object: 'identity.verification_session',
      status: 'requires_input',
      last_error: { code: 'selfie_face_mismatch', reason: 'The captured face did not match the document.' },
    });
    expect((await send(failed, signPayload('whsec_wrong', failed))).statusCode).toBe(400);
    expect(await webhookOutcome(s, await send(failed, signPayload(WEBHOOK_SECRET, failed)))).toBe('applied');
    expect(json<IdentityStatusReply>(await s.api('GET', '/identity/status', headers))).toMatchObject({
      status: 'requires_input',
      // A code we have no text of: Stripe's own reason.
      lastError: 'The captured face did not match the document.',
    });

    const second = await s.api('POST', '/create-verification-session', headers);
    expect(json(second)).toMatchObject({ secret: 'vs_test_2_secret_live_abc' });
    expect(requests[1]?.headers['idempotency-key']).toBe('identity:30000:2');
    const verified = event('identity.verification_session.verified', {
      id: 'vs_test_2',
      object: 'identity.verification_session',
      status: 'verified',
      last_error: null,
    });
    expect(await webhookOutcome(s, await send(verified, signPayload(WEBHOOK_SECRET, verified)))).toBe('applied');
    expect(json<IdentityStatusReply>(await s.api('GET', '/identity/status', headers)).status).toBe('verified');
  });

  it('answers a clear 502 when Stripe refuses, and records nothing', async () => {
    const headers = await s.login('prepay');
    answer = 'error';
    const res = await s.api('POST', '/create-verification-session', headers);
    answer = 'ok';
    expect(res.statusCode).toBe(502);
    expect(json<Reply>(res).message).toBe(IDENTITY_MESSAGES.unavailable);
    expect(json<IdentityStatusReply>(await s.api('GET', '/identity/status', headers)).status).toBe('unverified');
  });
});
