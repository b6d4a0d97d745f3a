/**
 * The hardening rules every route shares: same-origin writes for cookie sessions (CSRF), no control
 * characters, complete PUT bodies and partial PATCHes, bounded ids, no-store replies, health and
 * readiness, the session cookie read, and a dropped database connection survived.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES, type Mobile, type Seat, seatValues } from '@switchboard/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { basedOn, createTestContext, json, onPostgres, type TestContext } from '../test/harness.ts';

let t: TestContext;
let cookie: string;
let bearer: Record<string, string>;
beforeAll(async () => {
  t = await createTestContext();
  bearer = await t.login('retail');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/auth/login',
    payload: { username: 'retail', password: 'Switchboard-1' },
  });
  cookie = `sb_auth_token=${res.cookies.find((c) => c.name === 'sb_auth_token')?.value}`;
});
afterAll(async () => t?.close());

const firstMobile = async () =>
  json<{ records: Mobile[] }>(await t.api('POST', '/mobile/0/1', bearer, {})).records[0] as Mobile;

describe('cross-site request forgery', () => {
  const write = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/mobile',
      headers: { cookie, ...headers },
      payload: { mobileDescription: 'CSRF', mobileNo: '07700900888' },
    });

  it('refuses a cookie-authenticated write from another site, by Sec-Fetch-Site or Origin', async () => {
    const cases: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of cases) {
      const res = await write(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(json(res).message).toBe('Requests from other sites are not allowed');
    }
    const all = json<{ records: Mobile[] }>(await t.api('POST', '/mobile/-1/-1', bearer, {})).records;
    expect(all.some((m) => m.mobileDescription === 'CSRF')).toBe(false);
  });

  it('refuses the GETs that change state too (SIP password reset, logout)', async () => {
    const seat = json<{ records: Seat[] }>(await t.api('POST', '/seat/0/1', bearer, {})).records[0] as Seat;
    const reset = await t.app.inject({
      method: 'GET',
      url: `/api/v1/seat/${seat.id}/password/reset`,
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(reset.statusCode).toBe(403);
    const logout = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/auth/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(logout.statusCode).toBe(403);
    // The session still works.
    expect(
      json(await t.app.inject({ method: 'GET', url: '/api/v1/users/auth/session', headers: { cookie } })),
    ).toMatchObject({ status: 'success' });
  });

  it('lets the panel’s own requests, reads from anywhere, and bearer-token clients through', async () => {
    const host = 'localhost:80';
    expect((await write({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mobile/0/1',
      headers: { cookie, host, origin: `http://${host}` },
      payload: {},
    });
    expect(sameOrigin.statusCode).toBe(200);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/v1/mobile/0/1',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mobile',
      headers: { ...bearer, origin: 'https://integration.example' },
      payload: { mobileDescription: 'API client', mobileNo: '07700900889' },
    });
    expect(api.statusCode).toBe(200);
  });
});

describe('control characters', () => {
  it('refuses a NUL anywhere — a body field, a search, a filter, a path, sign-in — with 400 naming it', async () => {
    const cases: Array<[string, string, object | undefined, string]> = [
      ['POST', '/mobile', { mobileDescription: 'a\u0000b', mobileNo: '07700900890' }, 'mobileDescription'],
      ['POST', '/mobile/0/15', { search: '\u0000' }, 'search'],
      ['POST', '/mobile/0/15', { filters: { active: '\u0000' } }, 'filters.active'],
      ['POST', '/accesscontrol', { name: 'x\u001b[31m', description: '' }, 'name'],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await t.api(method as 'POST', url, bearer, payload);
      expect(res.statusCode, url).toBe(400);
      expect(json<{ validation: Record<string, string> }>(res).validation[field]).toBe(MESSAGES.controlCharacters);
    }
    const path = await t.api('GET', '/mobile/1%00', bearer);
    expect(path.statusCode).toBe(400);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/auth/login',
      payload: { username: 'retail\u0000', password: 'x' },
    });
    expect(login.statusCode).toBe(400);
  });

  it('keeps tabs and line breaks, which are text', async () => {
    const res = await t.api('POST', '/accesscontrol', bearer, { name: 'Tabbed\tname', description: 'two\nlines' });
    expect(res.statusCode).toBe(200);
    expect((await t.api('DELETE', `/accesscontrol/${json<{ id: number }>(res).id}`, bearer)).statusCode).toBe(200);
  });
});

describe('updates', () => {
  it('refuses a PUT that leaves fields out, naming each, and changes nothing', async () => {
    const before = await firstMobile();
    const res = await t.api('PUT', `/mobile/${before.id}`, bearer, {});
    expect(res.statusCode).toBe(400);
    expect(json<{ validation: Record<string, string> }>(res).validation).toEqual({
      mobileDescription: MESSAGES.required,
      mobileNo: MESSAGES.required,
      active: MESSAGES.required,
    });
    expect(await firstMobile()).toEqual(before);
  });

  it('changes only the fields a PATCH sends (validated with the rest)', async () => {
    const before = await firstMobile();
    const res = await t.api('PATCH', `/mobile/${before.id}`, bearer, { active: !before.active });
    expect(res.statusCode).toBe(200);
    expect(await firstMobile()).toEqual({ ...before, active: !before.active, version: before.version + 1 });
    const bad = await t.api('PATCH', `/mobile/${before.id}`, bearer, { mobileNo: '12' });
    expect(bad.statusCode).toBe(400);
    await t.api('PATCH', `/mobile/${before.id}`, bearer, { active: before.active });
  });

  it('refuses an update based on a version that has changed since (If-Match), and changes nothing', async () => {
    const before = await firstMobile();
    const read = await t.api('GET', `/mobile/${before.id}`, bearer);
    expect(read.headers.etag).toBe(`"${before.version}"`);
    // Someone else saves first.
    const first = await t.api('PATCH', `/mobile/${before.id}`, basedOn(bearer, before.version), {
      mobileDescription: 'Saved first',
    });
    expect(first.statusCode).toBe(200);
    const afterFirst = await firstMobile();
    // The second save was based on the version both had opened: refused, whole or partial.
    for (const [method, body] of [
      ['PUT', { mobileDescription: 'Saved second', mobileNo: before.mobileNo, active: before.active }],
      ['PATCH', { mobileDescription: 'Saved second' }],
    ] as const) {
      const res = await t.api(method, `/mobile/${before.id}`, basedOn(bearer, before.version), body);
      expect(res.statusCode, method).toBe(409);
      expect(json(res).message).toBe(MESSAGES.staleVersion);
    }
    expect(await firstMobile()).toEqual(afterFirst);
    // Based on the current version it goes through.
    const again = await t.api('PATCH', `/mobile/${before.id}`, basedOn(bearer, afterFirst.version), {
      mobileDescription: before.mobileDescription,
    });
    expect(again.statusCode).toBe(200);
  });

  it('keeps a seat whole when the spec’s POST save sends part of it', async () => {
    const seat = json<{ records: Seat[] }>(await t.api('POST', '/seat/0/1', bearer, {})).records[0] as Seat;
    const res = await t.api('POST', `/seat/${seat.id}`, bearer, {});
    expect(res.statusCode).toBe(200);
    const after = json<Seat>(await t.api('GET', `/seat/${seat.id}`, bearer));
    expect(seatValues(after)).toEqual(seatValues(seat));
  });
});

describe('ids and paths', () => {
  it('refuses ids with white space or signs, and answers an unknown API path with a JSON 404', async () => {
    for (const id of ['%205', '5%20', '+5', '05.0']) {
      expect((await t.api('GET', `/mobile/${id}`, bearer)).statusCode, id).toBe(400);
    }
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>panel</title>');
    const app = await buildApp(loadConfig({}, { webDist: dist, logLevel: 'silent', sandboxProviders: true }), {
      database: t.appDatabase,
      logger: false,
    });
    const res = await app.inject({ method: 'GET', url: '/api/v1/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect((await app.inject({ method: 'GET', url: '/seats' })).body).toContain('<title>panel</title>');
    await app.close();
  });
});

describe('replies', () => {
  it('are never stored: Cache-Control no-store on API replies', async () => {
    const res = await t.api('GET', `/mobile/${(await firstMobile()).id}`, bearer);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answer /health and /ready for a load balancer', async () => {
    expect(json(await t.app.inject({ method: 'GET', url: '/health' }))).toEqual({ status: 'ok' });
    expect(json(await t.app.inject({ method: 'GET', url: '/ready' }))).toEqual({ status: 'ready' });
  });
});

describe('session cookies', () => {
  it('signs out a request with many cookies like the session’s, and looks none of them up', async () => {
    const fakes = Array.from({ length: 200 }, (_, i) => `x${i}_sb_auth_token=fake${i}`).join('; ');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/auth/session',
      headers: { cookie: `${fakes}; ${cookie}` },
    });
    // Which of them is the session is anyone's guess (a cookie set by another site, say): none is.
    expect(json(res)).toMatchObject({ status: 'error' });
    const before = t.app.platform.tenancy.crossAccountCounts.get('session') ?? 0;
    await t.app.inject({ method: 'GET', url: '/api/v1/users/auth/session', headers: { cookie: fakes } });
    // One session call per request, whatever the cookies.
    expect((t.app.platform.tenancy.crossAccountCounts.get('session') ?? 0) - before).toBe(1);
    expect(
      json(await t.app.inject({ method: 'GET', url: '/api/v1/users/auth/session', headers: { cookie } })),
    ).toMatchObject({ status: 'success' });
  });
});

describe('configuration defaults', () => {
  it('seeds the demo only into the embedded database unless asked, and listens locally outside containers', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    if (!fs.existsSync('/.dockerenv')) expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ KUBERNETES_SERVICE_HOST: '10.0.0.1' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::' }).host).toBe('::');
  });
});

describe.runIf(onPostgres)('a dropped database connection', () => {
  it('is replaced: the server keeps answering after PostgreSQL ends its connections', async () => {
    expect((await t.api('GET', `/mobile/${(await firstMobile()).id}`, bearer)).statusCode).toBe(200);
    // End every other connection of this database, as a restart or a failover would.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`.execute(t.database.db);
    let status = 0;
    for (let i = 0; i < 5 && status !== 200; i++) {
      status = (await t.api('POST', '/mobile/0/1', bearer, {})).statusCode;
    }
    expect(status).toBe(200);
  });
});
