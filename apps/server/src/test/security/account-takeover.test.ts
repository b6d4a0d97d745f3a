/**
 * Account takeover through the user manager (issue 24 item 1): a user holding only the Users
 * permission must not change the e-mail, username or password of the account holder, nor of anyone
 * holding a grant they lack; any e-mail change waits for a confirmation from the old address (which
 * is told of it), and the audit log shows the request and the confirmation.
 */
import { FEATURES, MASK, USER_MESSAGES } from '@switchboard/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestContext, json, type TestContext } from '../harness.ts';

let t: TestContext;
let holder: Record<string, string>;
let manager: Record<string, string>;
let ids: { holder: number; richer: number; lesser: number; manager: number };

type User = {
  id: number;
  version: number;
  username: string;
  email: string;
  pendingEmail: string;
  name: string;
  enabled: boolean;
};
type Reply = { success?: boolean; message: string; validation?: Record<string, string> };

const cross = () => t.app.platform.tenancy;
const mailsTo = (to: string) =>
  cross().crossAccount('seed', (tx) =>
    tx.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id').execute(),
  );
const publicCall = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, remoteAddress: '127.0.0.1', payload });
const read = async (id: number) => json<User>(await t.api('GET', `/users/${id}`, holder));
/** The token of the newest e-mail-change link mailed to `to`. */
async function emailTokenFor(to: string): Promise<string> {
  const last = (await mailsTo(to)).filter((m) => m.template === 'email-change').at(-1);
  const m = /\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(last?.text_body ?? '');
  if (!m?.[1]) throw new Error(`no e-mail change link mailed to ${to}`);
  return m[1];
}
async function auditActions(recordId: number): Promise<string[]> {
  await t.app.platform.outbox.drain();
  const page = json<{ records: Array<{ action: string; area: string; recordId: number | null }> }>(
    await t.api('POST', '/audit/0/50', holder, {}),
  );
  return page.records.filter((r) => r.area === 'users' && r.recordId === recordId).map((r) => r.action);
}

beforeAll(async () => {
  t = await createTestContext();
  holder = await t.login('retail');
  const holderId = await cross().crossAccount('seed', async (tx) => {
    const row = await tx.selectFrom('users').select('id').where('username', '=', 'retail').executeTakeFirstOrThrow();
    return row.id;
  });
  ids = {
    holder: holderId,
    manager: await addUser(t.database.db, {
      username: 'acme.usersonly',
      accountNo: 30000,
      grants: [[FEATURES.users, MASK.all]],
    }),
    // Holds a grant the manager lacks (seats).
    richer: await addUser(t.database.db, {
      username: 'acme.seats',
      accountNo: 30000,
      grants: [[FEATURES.seats, MASK.read]],
    }),
    // Holds nothing the manager lacks (the panel's read, which every user has).
    lesser: await addUser(t.database.db, { username: 'acme.lesser', accountNo: 30000, grants: [] }),
  };
  manager = await t.login('acme.usersonly');
});
afterAll(async () => t?.close());

/** Every way the manager could change `id`'s e-mail, username or password: each refused, nothing changed. */
async function expectEveryWayRefused(id: number, message: string) {
  const before = await read(id);
  const attempts: Array<[string, LightMyRequestResponse]> = [
    ['PATCH e-mail', await t.api('PATCH', `/users/${id}`, manager, { email: 'attacker@evil.example' })],
    [
      'PUT e-mail',
      await t.api('PUT', `/users/${id}`, manager, {
        name: before.name,
        surname: 'User',
        email: 'attacker@evil.example',
        enabled: true,
      }),
    ],
  ];
  for (const [what, res] of attempts) {
    expect(res.statusCode, what).toBe(400);
    expect(json<Reply>(res).validation, what).toEqual({ email: message });
  }
  const reset = await t.api('POST', `/users/${id}/reset-password`, manager);
  expect(reset.statusCode).toBe(403);
  expect(json<Reply>(reset).message).toBe(message);
  // A username is never changed by an edit (sent or not, it stays).
  await t.api('PATCH', `/users/${id}`, manager, { username: 'attacker' });
  const after = await read(id);
  expect(after).toMatchObject({ email: before.email, username: before.username, pendingEmail: '' });
  expect(await mailsTo('attacker@evil.example')).toEqual([]);
  expect((await mailsTo(before.email)).filter((m) => m.template === 'password-reset')).toEqual([]);
}

describe('the user manager cannot take over an account', () => {
  it("refuses a Users-only manager's change of the holder's e-mail, username or password", async () => {
    await expectEveryWayRefused(ids.holder, USER_MESSAGES.holderCredentials);
  });

  it('refuses the same for a user holding a grant the manager lacks', async () => {
    await expectEveryWayRefused(ids.richer, USER_MESSAGES.moreGrantsCredentials);
  });

  it('refuses disabling a user holding a grant the manager lacks, or taking that grant away', async () => {
    const before = await read(ids.richer);
    const disable = await t.api('PATCH', `/users/${ids.richer}`, manager, { enabled: false });
    expect(disable.statusCode).toBe(400);
    expect(json<Reply>(disable).validation).toEqual({ enabled: USER_MESSAGES.moreGrantsDisable });
    const strip = await t.api('PUT', `/users/${ids.richer}/permissions`, manager, { grants: [] });
    expect(strip.statusCode).toBe(403);
    expect(json<Reply>(strip).message).toBe(USER_MESSAGES.removeMore('Seats'));
    // Nothing changed: still enabled, still holding seats.
    expect(await read(ids.richer)).toMatchObject({ enabled: true, version: before.version });
    const grants = json<{ grants: Array<{ featureId: number; mask: number }> }>(
      await t.api('GET', `/users/${ids.richer}/permissions`, holder),
    );
    expect(grants.grants).toEqual(expect.arrayContaining([{ featureId: FEATURES.seats, mask: MASK.read }]));
    // The holder, who holds everything, may do both.
    expect((await t.api('PATCH', `/users/${ids.richer}`, holder, { enabled: false })).statusCode).toBe(200);
    expect((await t.api('PATCH', `/users/${ids.richer}`, holder, { enabled: true })).statusCode).toBe(200);
    // And the manager may still disable a user holding nothing more.
    expect((await t.api('PATCH', `/users/${ids.lesser}`, manager, { enabled: false })).statusCode).toBe(200);
    expect((await t.api('PATCH', `/users/${ids.lesser}`, manager, { enabled: true })).statusCode).toBe(200);
  });

  it("holds a lesser user's e-mail change until the old address confirms it, and audits both steps", async () => {
    const old = 'acme.lesser@example.test';
    const res = await t.api('PATCH', `/users/${ids.lesser}`, manager, { email: 'new.lesser@example.test' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Reply>(res).message).toBe(USER_MESSAGES.updatedPendingEmail('Test User (acme.lesser)'));
    // Not yet changed: pending, and the confirmation (with the notice) went to the old address only.
    expect(await read(ids.lesser)).toMatchObject({ email: old, pendingEmail: 'new.lesser@example.test' });
    expect(await mailsTo('new.lesser@example.test')).toEqual([]);
    const [mail] = await mailsTo(old);
    expect(mail).toMatchObject({ template: 'email-change' });
    expect(mail?.text_body).toContain('new.lesser@example.test');
    // A password reset meanwhile still goes to the old address.
    expect((await t.api('POST', `/users/${ids.lesser}/reset-password`, manager)).statusCode).toBe(200);
    expect((await mailsTo(old)).at(-1)).toMatchObject({ template: 'password-reset' });
    expect(await mailsTo('new.lesser@example.test')).toEqual([]);

    const token = await emailTokenFor(old);
    // The link is not a set-password link.
    expect((await publicCall('/users/password/token', { token })).statusCode).toBe(400);
    expect(json(await publicCall('/users/email/token', { token }))).toMatchObject({
      success: true,
      username: 'acme.lesser',
      email: 'new.lesser@example.test',
    });
    const confirmed = await publicCall('/users/email/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await read(ids.lesser)).toMatchObject({ email: 'new.lesser@example.test', pendingEmail: '' });
    // Once only.
    expect((await publicCall('/users/email/confirm', { token })).statusCode).toBe(400);
    expect(await auditActions(ids.lesser)).toEqual(expect.arrayContaining(['email.requested', 'email.confirmed']));
  });

  it('holds the holder’s own e-mail change too, and a newer request ends the older link', async () => {
    const first = await t.api('PATCH', `/users/${ids.holder}`, holder, { email: 'first@acmeplumbing.example' });
    expect(first.statusCode, first.body).toBe(200);
    const before = await read(ids.holder);
    const firstToken = await emailTokenFor(before.email);
    await t.api('PATCH', `/users/${ids.holder}`, holder, { email: 'second@acmeplumbing.example' });
    const secondToken = await emailTokenFor(before.email);
    expect((await publicCall('/users/email/confirm', { token: firstToken })).statusCode).toBe(400);
    expect((await read(ids.holder)).email).toBe(before.email);
    expect((await publicCall('/users/email/confirm', { token: secondToken })).statusCode).toBe(200);
    expect((await read(ids.holder)).email).toBe('second@acmeplumbing.example');
  });
});
