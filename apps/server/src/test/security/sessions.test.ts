/**
 * Sessions as an attacker meets them: a disabled user's sessions are gone (not hidden until the
 * user is enabled again), a request carrying more than one session cookie is signed out (no
 * cookie tossing: a look-alike or a duplicate cookie never picks the session), and a GET that
 * changes state refuses a cross-site Referer when the browser sent neither Sec-Fetch-Site nor
 * Origin.
 */
import { MESSAGES } from '@switchboard/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from '../harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ loginMaxPerUsername: 100, loginMaxPerAddress: 1000 });
});
afterAll(async () => t?.close());

const signIn = async (username: string): Promise<string> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/auth/login',
    payload: { username, password: 'Switchboard-1' },
  });
  expect(res.statusCode).toBe(200);
  return json<{ token: string }>(res).token;
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** The session a raw Cookie header gives: 'success' or 'error'. */
const sessionWith = async (cookie: string): Promise<string> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/auth/session', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return json<{ status: string; account_no?: string }>(res).status;
};
const userId = async (username: string) =>
  (await t.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

describe('a disabled user', () => {
  const setEnabled = async (holder: Record<string, string>, id: number, enabled: boolean) => {
    const res = await t.api('PATCH', `/users/${id}`, holder, { enabled });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('loses every session: enabled again, the old token is refused (401) and no session row is left', async () => {
    const holder = bearer(await signIn('retail'));
    const id = await userId('viewer');
    const token = await signIn('viewer');
    const second = await signIn('viewer');
    expect((await t.api('GET', '/mobile/0/15', bearer(token))).statusCode).toBe(200);

    await setEnabled(holder, id, false);
    const left = await t.database.db.selectFrom('sessions').select('token_hash').where('user_id', '=', id).execute();
    expect(left).toEqual([]);
    await setEnabled(holder, id, true);

    for (const old of [token, second]) {
      const res = await t.api('GET', '/mobile/0/15', bearer(old));
      expect(res.statusCode).toBe(401);
      expect(json(res).message).toBe(MESSAGES.sessionRequired);
    }
    // Signing in again works.
    expect((await t.api('GET', '/mobile/0/15', bearer(await signIn('viewer')))).statusCode).toBe(200);
  });

  it('loses its sessions however the user is disabled (a direct update of the row too)', async () => {
    const id = await userId('viewer');
    const token = await signIn('viewer');
    await t.database.db.updateTable('users').set({ enabled: false }).where('id', '=', id).execute();
    await t.database.db.updateTable('users').set({ enabled: true }).where('id', '=', id).execute();
    expect((await t.api('GET', '/mobile/0/15', bearer(token))).statusCode).toBe(401);
  });

  it("keeps other users' sessions, and an edit that does not disable keeps the user's own", async () => {
    const holder = bearer(await signIn('retail'));
    const viewer = await signIn('viewer');
    const res = await t.api('PATCH', `/users/${await userId('viewer')}`, holder, { name: 'Victor' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.api('GET', '/mobile/0/15', bearer(viewer))).statusCode).toBe(200);
    expect((await t.api('GET', '/mobile/0/15', holder)).statusCode).toBe(200);
  });
});

describe('session cookies', () => {
  it('signs in with one cookie of the exact name, or one whose name ends with it (the spec’s rule)', async () => {
    const token = await signIn('retail');
    expect(await sessionWith(`sb_auth_token=${token}`)).toBe('success');
    expect(await sessionWith(`provider_sb_auth_token=${token}; unrelated=x`)).toBe('success');
  });

  it('treats two cookies of the same name as signed out, whichever comes first', async () => {
    const mine = await signIn('retail');
    const other = await signIn('prepay');
    expect(await sessionWith(`sb_auth_token=${mine}; sb_auth_token=${other}`)).toBe('error');
    expect(await sessionWith(`sb_auth_token=${other}; sb_auth_token=${mine}`)).toBe('error');
    expect(await sessionWith(`sb_auth_token=${mine}; sb_auth_token=stale`)).toBe('error');
  });

  it('treats a look-alike beside the real cookie (or two look-alikes) as signed out', async () => {
    const mine = await signIn('retail');
    const other = await signIn('prepay');
    expect(await sessionWith(`sb_auth_token=${mine}; evil_sb_auth_token=${other}`)).toBe('error');
    expect(await sessionWith(`x_sb_auth_token=${other}; sb_auth_token=${mine}`)).toBe('error');
    expect(await sessionWith(`a_sb_auth_token=${mine}; b_sb_auth_token=${other}`)).toBe('error');
    // Refused on the API's routes too, not only on the session call.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/mobile/0/15',
      headers: { cookie: `sb_auth_token=${mine}; sb_auth_token=${other}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('still takes a bearer token when the cookies are ambiguous (an API client names its session itself)', async () => {
    const mine = await signIn('retail');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/auth/session',
      headers: { ...bearer(mine), cookie: `sb_auth_token=a; sb_auth_token=b` },
    });
    expect(json(res)).toMatchObject({ status: 'success', account_no: '30000' });
  });

  it('behind TLS: sets and reads only the exact __Host- cookie, Secure, for the whole site', async () => {
    const tls = await createTestContext({ secureCookies: true });
    try {
      const login = await tls.app.inject({
        method: 'POST',
        url: '/api/v1/users/auth/login',
        payload: { username: 'retail', password: 'Switchboard-1' },
      });
      expect(login.statusCode).toBe(200);
      const cookie = login.cookies.find((c) => c.name === '__Host-sb_auth_token');
      expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true });
      expect(cookie?.domain).toBeUndefined();
      expect(login.cookies.find((c) => c.name === 'sb_auth_token')).toBeUndefined();
      const token = String(cookie?.value);
      const status = async (header: string) =>
        json<{ status: string }>(
          await tls.app.inject({ method: 'GET', url: '/api/v1/users/auth/session', headers: { cookie: header } }),
        ).status;
      expect(await status(`__Host-sb_auth_token=${token}`)).toBe('success');
      // Any other cookie's name is not the session's there, however it ends.
      expect(await status(`sb_auth_token=${token}`)).toBe('error');
      expect(await status(`provider_sb_auth_token=${token}`)).toBe('error');
      // A look-alike beside it changes nothing; a second __Host- one is ambiguous.
      expect(await status(`sb_auth_token=stale; __Host-sb_auth_token=${token}`)).toBe('success');
      expect(await status(`__Host-sb_auth_token=${token}; __Host-sb_auth_token=stale`)).toBe('error');
      const out = await tls.app.inject({
        method: 'GET',
        url: '/api/v1/users/auth/logout',
        headers: { cookie: `__Host-sb_auth_token=${token}` },
      });
      expect(out.cookies.find((c) => c.name === '__Host-sb_auth_token')).toMatchObject({ value: '', secure: true });
    } finally {
      await tls.close();
    }
  });
});

describe('a GET that changes state (the spec’s SIP secret reset)', () => {
  const reset = async (headers: Record<string, string>): Promise<LightMyRequestResponse> => {
    const seat = await t.database.db
      .selectFrom('seats')
      .select('id')
      .where('account_no', '=', 30000)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const routes = json<{ paths: Record<string, Record<string, unknown>> }>(
      await t.app.inject({ method: 'GET', url: '/api/docs/json' }),
    ).paths;
    const path = Object.keys(routes).find((p) => /^\/api\/v1\/seat\/\{id\}\/.*reset/i.test(p) && routes[p]?.get);
    expect(path).toBeDefined();
    return t.app.inject({ method: 'GET', url: String(path).replace('{id}', String(seat.id)), headers });
  };
  const secret = async () =>
    (
      await t.database.db
        .selectFrom('seats')
        .select('secret')
        .where('account_no', '=', 30000)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).secret;

  it('is refused with a cross-site Referer and neither Sec-Fetch-Site nor Origin, changing nothing', async () => {
    const token = await signIn('retail');
    const before = await secret();
    for (const referer of ['https://evil.example/page', 'http://localhost:8080/x', 'not a url']) {
      const res = await reset({ cookie: `sb_auth_token=${token}`, referer });
      expect(res.statusCode, referer).toBe(403);
      expect(json(res).message).toBe('Requests from other sites are not allowed');
    }
    expect(await secret()).toBe(before);
  });

  it('goes through with the panel’s own Referer, or from a client that sends none', async () => {
    const token = await signIn('retail');
    const before = await secret();
    const own = await reset({ cookie: `sb_auth_token=${token}`, referer: 'http://localhost:80/seat/201' });
    expect(own.statusCode, own.body).toBe(200);
    const none = await reset({ cookie: `sb_auth_token=${token}` });
    expect(none.statusCode, none.body).toBe(200);
    expect(await secret()).not.toBe(before);
    // A bearer client is exempt (no browser attaches a bearer token by itself).
    expect((await reset({ ...bearer(token), referer: 'https://evil.example/' })).statusCode).toBe(200);
  });
});
