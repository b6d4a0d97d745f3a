import { MESSAGES } from '@switchboard/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, onPostgres, type TestContext } from '../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ loginMaxPerUsername: 5, loginMaxPerAddress: 100 });
});
afterAll(async () => t?.close());

/** Signing in to `app` from the address `ip`. */
const signInTo =
  (app: () => TestContext['app'], ip: string) =>
  (username: string, password: string, from = ip) =>
    app().inject({
      method: 'POST',
      url: '/api/v1/users/auth/login',
      payload: { username, password },
      remoteAddress: from,
    });
const login = signInTo(() => t.app, '127.0.0.1');

describe('sign-in', () => {
  it('signs in with good credentials: a token and an HttpOnly SameSite cookie', async () => {
    const res = await login('retail', 'Switchboard-1');
    expect(res.statusCode).toBe(200);
    const body = json<{ success: boolean; token: string }>(res);
    expect(body.success).toBe(true);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = res.cookies.find((c) => c.name === 'sb_auth_token');
    expect(cookie?.value).toBe(body.token);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
  });

  it('stores only a hash of the token', async () => {
    const { token } = json<{ token: string }>(await login('retail', 'Switchboard-1'));
    const rows = await t.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('refuses a wrong password and an unknown user with 401 and a clear message', async () => {
    for (const [u, p] of [
      ['retail', 'wrong-password'],
      ['nobody', 'Switchboard-1'],
    ]) {
      const res = await login(u as string, p as string, '10.9.9.9');
      expect(res.statusCode).toBe(401);
      expect(json(res)).toMatchObject({ success: false, message: MESSAGES.loginFailed });
    }
  });

  it('validates the body', async () => {
    const res = await login('', '');
    expect(res.statusCode).toBe(400);
    expect(json(res).validation).toMatchObject({ username: MESSAGES.required });
  });

  it('slows the guesses from one address at a username (429 with Retry-After), never its owner elsewhere', async () => {
    for (let i = 0; i < 5; i++) expect((await login('wetherby', 'nope', '10.1.1.1')).statusCode).toBe(401);
    // The five free failures are used up: that address waits before trying that username again.
    const blocked = await login('wetherby', 'Switchboard-1', '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked).message).toBe(MESSAGES.loginRateLimited);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The owner, somewhere else, signs in at once: failures elsewhere do not lock them out.
    expect((await login('wetherby', 'Switchboard-1', '10.1.1.2')).statusCode).toBe(200);
    // And once the wait is over the first address may try again.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await login('wetherby', 'Switchboard-1', '10.1.1.1')).statusCode).toBe(200);
  });

  it('doubles the wait with each further failure', async () => {
    const { delayAfter } = await import('../../platform/throttle.ts');
    const rule = { free: 5, maxDelayMs: 15 * 60_000, windowMs: 15 * 60_000 };
    expect([1, 4, 5, 6, 7, 8].map((n) => delayAfter(n, rule))).toEqual([0, 0, 1000, 2000, 4000, 8000]);
    expect(delayAfter(40, rule)).toBe(15 * 60_000);
  });

  it.skipIf(!onPostgres)(
    'counts parallel guesses one after another: no more password checks than allowed',
    async () => {
      // 40 guesses at once from one address: the count is taken in one step with its check, so only
      // the free attempts reach the password (the rest wait).
      const results = await Promise.all(Array.from({ length: 40 }, () => login('harrogate', 'nope', '10.2.2.2')));
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 401)).toHaveLength(5);
      expect(codes.filter((c) => c === 429)).toHaveLength(35);
    },
  );

  it('counts only failures against an address: an office behind one address signs in as often as it needs', async () => {
    const ctx = await createTestContext({ loginMaxPerUsername: 100, loginMaxPerAddress: 3 });
    try {
      const attempt = signInTo(() => ctx.app, '203.0.113.9');
      // Four times the address's budget of correct sign-ins, several people, one after another.
      for (let i = 0; i < 12; i++) {
        const res = await attempt(['retail', 'viewer', 'prepay'][i % 3] as string, 'Switchboard-1');
        expect(res.statusCode, `sign-in ${i + 1}: ${res.body}`).toBe(200);
      }
      // Failures still count: the budget's three, then the address waits.
      for (const u of ['a1', 'a2', 'a3']) expect((await attempt(u, 'x')).statusCode).toBe(401);
      expect((await attempt('retail', 'Switchboard-1')).statusCode).toBe(429);
    } finally {
      await ctx.close();
    }
  });

  it('rate limits an address after repeated failures across usernames (429)', async () => {
    const ctx = await createTestContext({ loginMaxPerUsername: 100, loginMaxPerAddress: 3 });
    try {
      const attempt = signInTo(() => ctx.app, '203.0.113.7');
      for (const u of ['a1', 'a2', 'a3']) expect((await attempt(u, 'x')).statusCode).toBe(401);
      expect((await attempt('retail', 'Switchboard-1')).statusCode).toBe(429);
      // Another address is unaffected.
      const other = await attempt('retail', 'Switchboard-1', '203.0.113.8');
      expect(other.statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

describe('session', () => {
  it('answers the session by bearer token with the spec fields', async () => {
    const headers = await t.login('retail');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/auth/session', headers });
    expect(res.statusCode).toBe(200);
    const s = json(res);
    expect(s).toMatchObject({
      status: 'success',
      account_no: '30000',
      name: 'Alice',
      surname: 'Morgan',
      parent: '10000',
    });
    expect(s.puppeteer).toBeNull();
    expect(typeof s.user_id).toBe('number');
    const perms = s.permissions as Record<string, number>;
    expect(perms['7']).toBe(2);
    expect(perms['9999']).toBe(15);
    expect(perms['9005']).toBe(15);
    expect(perms['9006']).toBeUndefined();
  });

  it('reads the one cookie whose name ends with the token name (the spec’s provider cookie)', async () => {
    const { token } = json<{ token: string }>(await login('retail', 'Switchboard-1'));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/auth/session',
      cookies: { provider_sb_auth_token: token, unrelated: 'x' },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).account_no).toBe('30000');
  });

  it('answers status error (an answer, not a failed request) when there is no session or every token fails', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/auth/session', headers });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ status: 'error', message: MESSAGES.sessionRequired });
    }
  });

  it('refuses expired sessions', async () => {
    const headers = await t.login('viewer');
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/auth/session', headers });
    expect(json(res).status).toBe('error');
  });

  it('logs out: the token stops working and the cookie is cleared', async () => {
    const headers = await t.login('retail');
    const out = await t.app.inject({ method: 'GET', url: '/api/v1/users/auth/logout', headers });
    expect(json(out)).toEqual({ status: 'success' });
    expect(out.cookies.find((c) => c.name === 'sb_auth_token')?.value).toBe('');
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/users/auth/session', headers });
    expect(json(after).status).toBe('error');
  });

  it('serves the panel configuration with the spec timings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/panel/config' });
    expect(json(res)).toMatchObject({
      idleTimeoutMs: 3_600_000,
      logoutCountdownSeconds: 30,
      keepAliveMs: 300_000,
      loginUrl: '/login',
      authTokenName: 'sb_auth_token',
    });
  });
});

describe('disguise', () => {
  it('lets a reseller act as its customer and go back to the portal, both audited', async () => {
    const headers = await t.login('reseller');
    const list = await t.app.inject({ method: 'POST', url: '/api/v1/customers/0/15', headers, payload: {} });
    expect(json<{ records: Array<{ accountNo: number }> }>(list).records.map((r) => r.accountNo)).toEqual([
      20001, 20002,
    ]);

    const start = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/auth/disguise',
      headers,
      payload: { accountNo: 20002 },
    });
    expect(start.statusCode).toBe(200);
    const s = json(await t.app.inject({ method: 'GET', url: '/api/v1/users/auth/session', headers }));
    expect(s.account_no).toBe('20002');
    expect(s.puppeteer).toBe(s.user_id);
    const perms = s.permissions as Record<string, number>;
    expect(perms['9006']).toBe(15); // the customer is prepay
    expect(perms['9004']).toBeUndefined(); // no longer wholesale
    expect(perms['1002']).toBeUndefined();

    const end = await t.app.inject({ method: 'DELETE', url: '/api/v1/users/auth/disguise', headers });
    expect(json(end).success).toBe(true);
    const back = json(await t.app.inject({ method: 'GET', url: '/api/v1/users/auth/session', headers }));
    expect(back.account_no).toBe('20000');
    expect(back.puppeteer).toBeNull();

    await t.app.platform.outbox.drain();
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_account_no'])
      .where('action', 'like', 'disguise.%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'disguise.start', target_account_no: 20002 },
      { action: 'disguise.end', target_account_no: 20002 },
    ]);
  });

  it('refuses an account that is not below the caller', async () => {
    const headers = await t.login('reseller');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/auth/disguise',
      headers,
      payload: { accountNo: 30000 },
    });
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe(MESSAGES.disguiseRefused);
  });

  it('refuses customers without the customers permission', async () => {
    const headers = await t.login('retail');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/auth/disguise',
      headers,
      payload: { accountNo: 30000 },
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/customers/0/15', headers, payload: {} })).statusCode,
    ).toBe(403);
  });

  it('lets the provider admin act as a grandchild account', async () => {
    const headers = await t.login('admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/auth/disguise',
      headers,
      payload: { accountNo: 20001 },
    });
    expect(res.statusCode).toBe(200);
    const s = json(await t.app.inject({ method: 'GET', url: '/api/v1/users/auth/session', headers }));
    expect(s.account_no).toBe('20001');
    // Nested disguise is refused until Back to Portal.
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/auth/disguise',
      headers,
      payload: { accountNo: 20002 },
    });
    expect(nested.statusCode).toBe(409);
    // The customers list is the portal's: refused while disguised, even with the VHAdmin mask kept.
    expect(s.puppeteer).toBe(s.user_id);
    expect((s.permissions as Record<string, number>)['3006']).toBe(15);
    const customers = await t.app.inject({ method: 'POST', url: '/api/v1/customers/0/15', headers, payload: {} });
    expect(customers.statusCode).toBe(403);
    expect(json(customers).message).toBe(MESSAGES.forbidden);
  });
});

describe('password check, account, theme, users', () => {
  it('confirms the right password and refuses a wrong one', async () => {
    const headers = await t.login('retail');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/auth/passwordcheck',
      headers,
      payload: { password: 'Switchboard-1' },
    });
    expect(json(ok).success).toBe(true);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/auth/passwordcheck',
      headers,
      payload: { password: 'wrong' },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ success: false, message: MESSAGES.passwordWrong });
  });

  it('reads the own account only', async () => {
    const headers = await t.login('prepay');
    const own = await t.app.inject({ method: 'GET', url: '/api/v1/account/30001', headers });
    expect(json(own)).toMatchObject({ accountNo: 30001, company: 'Bella Hair Studio', balance: 12.34 });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/account/30000', headers })).statusCode).toBe(404);
  });

  it('gives the full profile only with account read; otherwise what the shell needs', async () => {
    const setAccountMask = async (username: string, mask: number) => {
      const user = await t.database.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      await t.database.db
        .updateTable('user_permissions')
        .set({ mask })
        .where('user_id', '=', user.id)
        .where('feature_id', '=', 2001)
        .execute();
    };
    const prepay = await t.login('prepay');
    const retail = await t.login('retail');
    await setAccountMask('prepay', 0);
    await setAccountMask('retail', 1);
    try {
      // Prepay read still shows the sidebar's balance; nothing of the profile beyond it.
      const reduced = await t.app.inject({ method: 'GET', url: '/api/v1/account/30001', headers: prepay });
      expect(reduced.statusCode).toBe(200);
      expect(json(reduced)).toEqual({ accountNo: 30001, extensionDigits: 3, balance: 12.34 });
      // A postpay account has no Balance item: no balance either.
      const postpay = await t.app.inject({ method: 'GET', url: '/api/v1/account/30000', headers: retail });
      expect(json(postpay)).toEqual({ accountNo: 30000, extensionDigits: 3 });
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/account/30000', headers: prepay })).statusCode).toBe(
        404,
      );
    } finally {
      await setAccountMask('prepay', 15);
      await setAccountMask('retail', 15);
    }
    const full = json(await t.app.inject({ method: 'GET', url: '/api/v1/account/30000', headers: retail }));
    expect(full).toMatchObject({ accountNo: 30000, company: 'Acme Plumbing Ltd', email: 'alice@acmeplumbing.example' });
    expect(full).toHaveProperty('address_postcode');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/account/30000' })).statusCode).toBe(401);
  });

  it('gives the default theme, and a reseller brand to its customers', async () => {
    const retail = await t.login('retail');
    expect(json(await t.app.inject({ method: 'GET', url: '/api/v1/theme/30000', headers: retail }))).toEqual({
      br_primary_colour: '#1671aa',
      br_accent_colour: '#f36f21',
    });
    const customer = await t.login('harrogate');
    expect(json(await t.app.inject({ method: 'GET', url: '/api/v1/theme/20001', headers: customer }))).toEqual({
      br_primary_colour: '#2e7d32',
      br_accent_colour: '#ff8f00',
    });
  });

  it('answers the avatar of a reseller acting as a customer (their own initials), not a 404', async () => {
    const headers = await t.login('reseller');
    const own = await t.app.inject({ method: 'GET', url: '/api/v1/users/avatar', headers });
    expect(own.statusCode).toBe(200);
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/auth/disguise',
      headers,
      payload: { accountNo: 20001 },
    });
    expect(start.statusCode).toBe(200);
    try {
      const avatar = await t.app.inject({ method: 'GET', url: '/api/v1/users/avatar', headers });
      expect(avatar.statusCode).toBe(200);
      expect(avatar.headers['content-type']).toMatch(/^image\/svg\+xml/);
      const initials = own.body.match(/>([A-Z]+)<\/text>/)?.[1];
      expect(initials).toBeTruthy();
      expect(avatar.body).toContain(`>${initials}</text>`);
    } finally {
      await t.app.inject({ method: 'DELETE', url: '/api/v1/users/auth/disguise', headers });
    }
  });

  it('serves a default logo and an initials avatar instead of a 404 (no failed loads in the panel)', async () => {
    const retail = await t.login('retail');
    const logo = await t.app.inject({ method: 'GET', url: '/api/v1/theme/30000/logo', headers: retail });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(logo.headers['content-security-policy']).toContain("default-src 'none'");
    expect(logo.body).toContain('fill="#f36f21"');
    const avatar = await t.app.inject({ method: 'GET', url: '/api/v1/users/avatar', headers: retail });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const session = json(await t.app.inject({ method: 'GET', url: '/api/v1/users/auth/session', headers: retail }));
    const initials = `${String(session.name).charAt(0)}${String(session.surname).charAt(0)}`.toUpperCase();
    expect(avatar.body).toContain(`>${initials}</text>`);
    // A reseller's customer gets its brand's accent.
    const customer = await t.login('harrogate');
    const branded = await t.app.inject({ method: 'GET', url: '/api/v1/theme/20001/logo', headers: customer });
    expect(branded.body).toContain('fill="#ff8f00"');
    // Still signed-in only, and only the user's own account.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/avatar' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/theme/30001/logo', headers: retail })).statusCode).toBe(
      404,
    );
  });

  it('creates a control-panel user with the two grants of spec 1 §6', async () => {
    const headers = await t.login('retail');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers,
      payload: {
        name: 'Ben',
        surname: 'Carter',
        username: 'ben.carter',
        email: 'ben@acmeplumbing.example',
        accountNo: 30000,
        enabled: true,
        saveUserPermissions: true,
      },
    });
    expect(res.statusCode).toBe(200);
    const id = json<{ id: number }>(res).id;
    const grants = await t.database.db
      .selectFrom('user_permissions')
      .select(['feature_id', 'mask'])
      .where('user_id', '=', id)
      .orderBy('feature_id')
      .execute();
    expect(grants).toEqual([
      { feature_id: 7, mask: 2 },
      { feature_id: 2046, mask: 15 },
    ]);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers,
      payload: { name: 'Ben', surname: 'C', username: 'BEN.CARTER', email: 'b@x.example', accountNo: 30000 },
    });
    expect(again.statusCode).toBe(400);
    expect(json(again).validation).toEqual({
      username: 'This username is not available. You could use BEN.CARTER.30000',
    });
    // Another account's username is this account's to use: nothing tells that it exists there.
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers,
      payload: { name: 'P', surname: 'Q', username: 'prepay', email: 'p@x.example', accountNo: 30000 },
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
  });

  it('validates a new user and refuses another account or a read-only user', async () => {
    const headers = await t.login('retail');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers,
      payload: { name: '', surname: 'X', username: 'ab', email: 'nope', accountNo: 30000 },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({
      message: MESSAGES.multipleErrors,
      validation: { name: MESSAGES.required, username: MESSAGES.username, email: MESSAGES.email },
    });
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers,
      payload: { name: 'A', surname: 'B', username: 'someone', email: 'a@b.example', accountNo: 30001 },
    });
    expect(other.statusCode).toBe(403);
    const viewer = await t.login('viewer');
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: viewer,
      payload: { name: 'A', surname: 'B', username: 'someone', email: 'a@b.example', accountNo: 30000 },
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('new users: saveUserPermissions as the spec’s grants list', () => {
  const newUser = (headers: Record<string, string>, username: string, saveUserPermissions: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers,
      payload: {
        name: 'Dee',
        surname: 'Grant',
        username,
        email: `${username}@acmeplumbing.example`,
        accountNo: 30000,
        enabled: true,
        saveUserPermissions,
      },
    });
  const grantsOf = async (id: number) =>
    t.database.db
      .selectFrom('user_permissions')
      .select(['feature_id', 'mask'])
      .where('user_id', '=', id)
      .orderBy('feature_id')
      .execute();
  const TWO_GRANTS = [
    { feature_id: 7, mask: 2 },
    { feature_id: 2046, mask: 15 },
  ];

  it('accepts a list and still applies exactly the two fixed grants, whatever the list holds', async () => {
    const headers = await t.login('retail');
    const asked = [
      { featureId: 2012, mask: 15 },
      { featureId: 3006, mask: 15 },
    ];
    const res = await newUser(headers, 'dee.grant', asked);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ success: true, message: `dee.grant ${MESSAGES.createdSuccessfully}` });
    expect(await grantsOf(json<{ id: number }>(res).id)).toEqual(TWO_GRANTS);
    const empty = await newUser(headers, 'dee.empty', []);
    expect(empty.statusCode).toBe(200);
    expect(await grantsOf(json<{ id: number }>(empty).id)).toEqual(TWO_GRANTS);
    // The boolean keeps its meaning.
    const none = await newUser(headers, 'dee.none', false);
    expect(none.statusCode).toBe(200);
    expect(await grantsOf(json<{ id: number }>(none).id)).toEqual([]);
  });

  it('refuses anything else with 400 under the field, creating no user', async () => {
    const headers = await t.login('retail');
    const res = await newUser(headers, 'dee.bad', 'yes');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ success: false });
    expect(Object.keys(json<{ validation: object }>(res).validation)).toEqual(['saveUserPermissions']);
    const made = await t.database.db.selectFrom('users').select('id').where('username', '=', 'dee.bad').execute();
    expect(made).toEqual([]);
  });
});

describe('sign-in and logout write all or nothing', () => {
  // A database that refuses one of the writes (a trigger raising an error), to see the others undone.
  const refuse = async (name: string, table: string, timing: string, when = '') => {
    await sql
      .raw(`create or replace function test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`)
      .execute(t.database.db);
    await sql
      .raw(`create trigger ${name} ${timing} on ${table} for each row ${when} execute function test_refuse()`)
      .execute(t.database.db);
    return () => sql.raw(`drop trigger ${name} on ${table}`).execute(t.database.db);
  };
  const count = async (table: 'sessions' | 'login_attempts' | 'change_events') =>
    Number(
      (await t.database.db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n,
    );
  const failed = { success: false, message: MESSAGES.saveFallbackSupport };

  it('signs in with the session and its change event (its audit entry) together, or neither', async () => {
    const before = { sessions: await count('sessions'), events: await count('change_events') };
    const undo = await refuse('test_refuse_login', 'change_events', 'before insert', "when (new.kind = 'login')");
    try {
      const res = await login('harrogate', 'Switchboard-1');
      expect(res.statusCode).toBe(500);
      expect(json(res)).toEqual(failed);
    } finally {
      await undo();
    }
    expect({ sessions: await count('sessions'), events: await count('change_events') }).toEqual(before);
    expect((await login('harrogate', 'Switchboard-1')).statusCode).toBe(200);
  });

  it('logs out with the session’s removal and its change event (its audit entry) together, or neither', async () => {
    const headers = await t.login('harrogate');
    const before = { sessions: await count('sessions'), events: await count('change_events') };
    const undo = await refuse('test_refuse_logout', 'change_events', 'before insert', "when (new.kind = 'logout')");
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/auth/logout', headers });
      expect(res.statusCode).toBe(500);
      expect(json(res)).toEqual(failed);
    } finally {
      await undo();
    }
    expect({ sessions: await count('sessions'), events: await count('change_events') }).toEqual(before);
    // The session still works, and a logout now succeeds.
    expect(json(await t.app.inject({ method: 'GET', url: '/api/v1/users/auth/session', headers })).status).toBe(
      'success',
    );
    expect(json(await t.app.inject({ method: 'GET', url: '/api/v1/users/auth/logout', headers }))).toEqual({
      status: 'success',
    });
  });

  it('records a good attempt and forgives earlier failures together, or neither', async () => {
    expect((await login('harrogate', 'wrong-password', '10.7.7.7')).statusCode).toBe(401);
    const before = { attempts: await count('login_attempts'), sessions: await count('sessions') };
    const undo = await refuse('test_refuse_forgive', 'sign_in_throttle', 'before delete');
    try {
      const res = await login('harrogate', 'Switchboard-1', '10.7.7.7');
      expect(res.statusCode).toBe(500);
      expect(json(res)).toEqual(failed);
    } finally {
      await undo();
    }
    expect({ attempts: await count('login_attempts'), sessions: await count('sessions') }).toEqual(before);
    expect((await login('harrogate', 'Switchboard-1', '10.7.7.7')).statusCode).toBe(200);
  });
});

describe('housekeeping', () => {
  it('sweeps expired sessions and day-old sign-in attempts, and keeps live ones', async () => {
    const { sweepExpired } = await import('../../platform/housekeeping.ts');
    const live = await t.login('viewer');
    await t.database.db
      .insertInto('login_attempts')
      .values({ username: 'old', ip: '1.1.1.1', success: false, at: new Date(Date.now() - 2 * 86_400_000) })
      .execute();
    const { hashToken } = await import('../../platform/auth.ts');
    const liveHash = hashToken((live.authorization as string).slice('Bearer '.length));
    await t.login('retail');
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '<>', liveHash)
      .execute();
    const swept = await sweepExpired(t.app.platform.tenancy);
    expect(swept.sessions).toBeGreaterThanOrEqual(1);
    expect(swept.attempts).toBe(1);
    expect(json(await t.app.inject({ method: 'GET', url: '/api/v1/users/auth/session', headers: live })).status).toBe(
      'success',
    );
  });

  it('vacuums the embedded database as its missing autovacuum would: the visibility map is set', async () => {
    const { vacuumEmbedded } = await import('../../platform/housekeeping.ts');
    const { sql } = await import('kysely');
    const db = t.database.db;
    const visible = async () =>
      Number(
        (await sql<{ pages: number }>`select relallvisible as pages from pg_class where relname = 'seats'`.execute(db))
          .rows[0]?.pages,
      );
    // A rewrite of every seat row leaves no page all-visible until a vacuum.
    await sql`update seats set version = version`.execute(db);
    expect(await visible()).toBe(0);
    await vacuumEmbedded(db);
    expect(await visible()).toBeGreaterThan(0);
  });
});
