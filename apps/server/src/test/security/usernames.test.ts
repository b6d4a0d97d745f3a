/**
 * No username enumeration across accounts (issue 24 item 5): usernames are unique per account, so
 * creating a user with a name another account uses answers exactly as an unused name does, and
 * sign-in finds a name's users in every account by their password — never telling whether a name
 * exists when the password is wrong.
 */
import { ACCOUNT_MESSAGES, MESSAGES } from '@switchboard/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { hashPassword } from '../../features/session/session.routes.ts';
import { addUser, createTestContext, json, type TestContext } from '../harness.ts';

let t: TestContext;
let retail: Record<string, string>;

type Reply = { success?: boolean; message: string; id?: number; validation?: Record<string, string> };

beforeAll(async () => {
  t = await createTestContext({ loginMaxPerUsername: 100, loginMaxPerAddress: 500 });
  retail = await t.login('retail');
});
afterAll(async () => t?.close());

const cross = () => t.app.platform.tenancy;
const login = (payload: { username: string; password: string; accountNo?: number | string }) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/auth/login', payload, remoteAddress: '10.24.5.1' });
/** The account a sign-in's session is of. */
const signedInto = async (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  const headers = { authorization: `Bearer ${json<{ token: string }>(res).token}` };
  return json<{ account_no: string }>(await t.api('GET', '/users/auth/session', headers)).account_no;
};
/** A user `username` of `accountNo` whose password is `password`, e-mail `email`. */
async function userOf(username: string, accountNo: number, password: string, email?: string): Promise<number> {
  const id = await addUser(t.database.db, { username, accountNo, grants: [] });
  const passwordHash = await hashPassword(password);
  await t.database.db
    .updateTable('users')
    .set({ password_hash: passwordHash, ...(email ? { email } : {}) })
    .where('id', '=', id)
    .execute();
  return id;
}
const newUser = (username: string) => ({
  name: 'Nora',
  surname: 'New',
  username,
  email: `${username.replace(/\W/g, '')}@acmeplumbing.example`,
  accountNo: 30000,
  enabled: true,
  saveUserPermissions: true,
});

describe('POST /users: a username is unique in its account only', () => {
  it("creates a user with another account's username exactly as with an unused one; they sign in to their own account", async () => {
    const unused = await t.api('POST', '/users', retail, newUser('nora.unused'));
    // 'prepay' is the holder of Bella Hair (30001), another account.
    const theirs = await t.api('POST', '/users', retail, newUser('prepay'));
    expect([unused.statusCode, theirs.statusCode]).toEqual([200, 200]);
    const [a, b] = [json<Reply>(unused), json<Reply>(theirs)];
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    expect(a).toMatchObject({ success: true, message: `nora.unused ${MESSAGES.createdSuccessfully}` });
    expect(b).toMatchObject({ success: true, message: `prepay ${MESSAGES.createdSuccessfully}` });
    expect(typeof b.id).toBe('number');

    // With a password set, each 'prepay' signs in to their own account with their own password.
    await t.database.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('Acme-Prepay-1') })
      .where('id', '=', b.id as number)
      .execute();
    expect(await signedInto(await login({ username: 'prepay', password: 'Acme-Prepay-1' }))).toBe('30000');
    expect(await signedInto(await login({ username: 'PREPAY', password: DEMO_PASSWORD }))).toBe('30001');
  });

  it("refuses the account's own username (any case) with a free name of the account, whatever other accounts hold", async () => {
    // Another account holds the name the suggestion would be: it is still free here, and offered.
    await userOf('viewer.30000', 30001, 'Bella-Viewer-1');
    const res = await t.api('POST', '/users', retail, newUser('VIEWER'));
    expect(res.statusCode).toBe(400);
    expect(json<Reply>(res).validation).toEqual({
      username: 'This username is not available. You could use VIEWER.30000',
    });
    expect((await t.api('POST', '/users', retail, newUser('VIEWER.30000'))).statusCode).toBe(200);
    const again = await t.api('POST', '/users', retail, newUser('viewer'));
    expect(json<Reply>(again).validation).toEqual({
      username: 'This username is not available. You could use viewer2',
    });
  });
});

describe('sign-in with a username several accounts use', () => {
  it('signs each in to their own account with their own password', async () => {
    await userOf('john', 30000, 'John-Acme-1');
    await userOf('john', 30001, 'John-Bella-1');
    expect(await signedInto(await login({ username: 'john', password: 'John-Acme-1' }))).toBe('30000');
    expect(await signedInto(await login({ username: 'JOHN', password: 'John-Bella-1' }))).toBe('30001');
  });

  it('asks for the account number when the password is right in both, then signs in to the one named', async () => {
    await userOf('jane', 30000, 'Jane-Same-1');
    await userOf('jane', 30001, 'Jane-Same-1');
    const both = await login({ username: 'jane', password: 'Jane-Same-1' });
    expect(both.statusCode).toBe(409);
    expect(json<Reply>(both)).toEqual({ success: false, message: MESSAGES.loginAccountNeeded });
    expect(await signedInto(await login({ username: 'jane', password: 'Jane-Same-1', accountNo: 30001 }))).toBe(
      '30001',
    );
    expect(await signedInto(await login({ username: 'Jane', password: 'Jane-Same-1', accountNo: '30000' }))).toBe(
      '30000',
    );
    // An account without that user, or a wrong password in the one named: the same 401 as ever.
    for (const payload of [
      { username: 'jane', password: 'Jane-Same-1', accountNo: 20000 },
      { username: 'jane', password: 'Jane-Wrong-1', accountNo: 30000 },
    ]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(401);
      expect(json<Reply>(res)).toEqual({ success: false, message: MESSAGES.loginFailed });
    }
    const bad = await login({ username: 'jane', password: 'Jane-Same-1', accountNo: 'acme' });
    expect(bad.statusCode).toBe(400);
    expect(json<Reply>(bad).validation).toEqual({ accountNo: MESSAGES.accountNumber });
  });

  it('answers a wrong password with the same 401 whether the name is in no account, one or several', async () => {
    await userOf('sam.shared', 30000, 'Sam-Acme-1');
    await userOf('sam.shared', 30001, 'Sam-Bella-1');
    const replies = [];
    for (const username of ['nobody.anywhere', 'viewer', 'sam.shared', 'SAM.SHARED']) {
      const res = await login({ username, password: 'Not-Their-Pass-1' });
      replies.push({ status: res.statusCode, body: res.body });
    }
    expect(new Set(replies.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(replies[0]).toEqual({
      status: 401,
      body: JSON.stringify({ success: false, message: MESSAGES.loginFailed }),
    });
  });
});

describe("'Forgot password?' with a username several accounts use", () => {
  it('mails each matching user their own reset link', async () => {
    await userOf('pat', 30000, 'Pat-Acme-1', 'pat@acmeplumbing.example');
    await userOf('pat', 30001, 'Pat-Bella-1', 'pat@bellahair.example');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/password/forgot',
      payload: { username: 'Pat' },
      remoteAddress: '10.24.5.2',
    });
    expect(res.statusCode).toBe(200);
    expect(json<Reply>(res).message).toBe(ACCOUNT_MESSAGES.resetRequested);
    const mails = await cross().crossAccount('seed', (tx) =>
      tx
        .selectFrom('mail_outbox')
        .select(['to_address', 'account_no', 'template'])
        .where('to_address', 'in', ['pat@acmeplumbing.example', 'pat@bellahair.example'])
        .orderBy('account_no')
        .execute(),
    );
    expect(mails).toEqual([
      { to_address: 'pat@acmeplumbing.example', account_no: 30000, template: 'password-reset' },
      { to_address: 'pat@bellahair.example', account_no: 30001, template: 'password-reset' },
    ]);
  });
});
