/**
 * The provider's servers (issue 28): a provider admin adds a server and sees its credential once;
 * the credential is checked in constant time against the stored hash, for its role only; a renewed
 * secret ends the old one at once; a disabled or deleted server is refused; names are unique; saves
 * are versioned; nobody else may manage them.
 */
import {
  type CredentialReply,
  MESSAGES,
  PLATFORM_SERVER_MESSAGES,
  type PlatformServer,
  SERVER_SCHEME,
  type ServerRole,
} from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SERVERS, serversWithDemoSecret } from '../../demo/platform-servers.ts';
import { HttpError } from '../../platform/errors.ts';
import { callingServer } from '../../platform/server-routes.ts';
import { createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

/** What a call carrying `authorization` gets from the check for `role`: the server, or the refusal. */
async function check(authorization: string | undefined, role: ServerRole) {
  try {
    return await callingServer(t.app.platform, authorization, role);
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
}

const refused = { status: 401, message: PLATFORM_SERVER_MESSAGES.credentials };

async function add(name: string, role: ServerRole): Promise<CredentialReply> {
  const res = await t.api('POST', '/platformservers', admin, { name, role });
  expect(res.statusCode, res.body).toBe(200);
  return json<CredentialReply>(res);
}

const listed = async () => json<{ records: PlatformServer[] }>(await t.api('GET', '/platformservers', admin)).records;

describe('a server’s credential', () => {
  it('is shown once, and lets its server make its role’s calls only', async () => {
    const added = await add('Media server A', 'media');
    expect(added.message).toBe(PLATFORM_SERVER_MESSAGES.added);
    expect(added.credential).toMatch(new RegExp(`^${SERVER_SCHEME} ${added.id}\\.[A-Za-z0-9_-]{43}$`));
    expect(await check(added.credential, 'media')).toEqual({ id: added.id, name: 'Media server A', role: 'media' });
    expect(await check(added.credential, 'switch')).toEqual({
      status: 403,
      message: PLATFORM_SERVER_MESSAGES.wrongRole,
    });
    // The list never shows it again, nor its hash.
    const row = (await listed()).find((s) => s.id === added.id);
    expect(row).toMatchObject({ name: 'Media server A', role: 'media', enabled: true, rotatedAt: null });
    expect(JSON.stringify(await listed())).not.toContain(added.credential.split('.')[1]);
  });

  it('is checked before anything else on a server route: GET /platformservers/self answers who the server is', async () => {
    const { id, credential } = await add('Switch self', 'switch');
    const me = await t.api('GET', '/platformservers/self', { authorization: credential });
    expect(me.statusCode, me.body).toBe(200);
    expect(json(me)).toEqual({ id, name: 'Switch self', role: 'switch' });
    const wrong = await t.api('GET', '/platformservers/self', { authorization: `${credential.slice(0, -2)}zz` });
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong).message).toBe(PLATFORM_SERVER_MESSAGES.credentials);
    // A user's session is not a server.
    const user = await t.api('GET', '/platformservers/self', admin);
    expect(user.statusCode).toBe(401);
  });

  it('refuses no credential, another scheme, a wrong secret and an unknown server alike', async () => {
    const { credential, id } = await add('Switch A', 'switch');
    const secret = credential.split('.')[1] ?? '';
    for (const wrong of [
      undefined,
      '',
      `Bearer ${id}.${secret}`,
      // The secret with its last character changed (never to itself: one secret in 64 ends in 'A').
      `${SERVER_SCHEME} ${id}.${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`,
      `${SERVER_SCHEME} ${id + 1000}.${secret}`,
      `${SERVER_SCHEME} ${id}`,
      `${SERVER_SCHEME} 0.${secret}`,
    ])
      expect(await check(wrong, 'switch'), String(wrong)).toEqual(refused);
  });

  it('ends at once when renewed, disabled or deleted', async () => {
    const first = await add('Recording server A', 'recording');
    let [row] = (await listed()).filter((s) => s.id === first.id);
    const renewed = json<CredentialReply>(
      await t.api('POST', `/platformservers/${first.id}/credential`, admin, { version: row?.version }),
    );
    expect(renewed.message).toBe(PLATFORM_SERVER_MESSAGES.renewed);
    expect(await check(first.credential, 'recording')).toEqual(refused);
    expect(await check(renewed.credential, 'recording')).toMatchObject({ id: first.id });

    [row] = (await listed()).filter((s) => s.id === first.id);
    expect(row?.rotatedAt).not.toBeNull();
    const off = await t.api('PUT', `/platformservers/${first.id}`, admin, {
      name: 'Recording server A',
      enabled: false,
      version: row?.version,
    });
    expect(json(off).message).toBe(PLATFORM_SERVER_MESSAGES.saved);
    expect(await check(renewed.credential, 'recording')).toEqual(refused);

    const gone = await t.api('DELETE', `/platformservers/${first.id}`, admin);
    expect(json(gone).message).toBe(PLATFORM_SERVER_MESSAGES.deleted);
    expect(await check(renewed.credential, 'recording')).toEqual(refused);
    expect((await t.api('DELETE', `/platformservers/${first.id}`, admin)).statusCode).toBe(404);
  });
});

describe('managing the servers', () => {
  it('refuses a second server of the same name (any case), a stale save and a bad role, changing nothing', async () => {
    const a = await add('Switch B', 'switch');
    const before = await listed();
    const dup = await t.api('POST', '/platformservers', admin, { name: 'switch b', role: 'media' });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).message).toBe(PLATFORM_SERVER_MESSAGES.nameInUse);
    const badRole = await t.api('POST', '/platformservers', admin, { name: 'Other', role: 'pbx' });
    expect(badRole.statusCode).toBe(400);
    expect(json(badRole).message).toBe(PLATFORM_SERVER_MESSAGES.role);
    const version = before.find((s) => s.id === a.id)?.version ?? 0;
    expect(
      (await t.api('PUT', `/platformservers/${a.id}`, admin, { name: 'Switch C', enabled: true, version })).statusCode,
    ).toBe(200);
    const stale = await t.api('PUT', `/platformservers/${a.id}`, admin, { name: 'Switch D', enabled: true, version });
    expect(stale.statusCode).toBe(409);
    expect(json(stale).message).toBe(MESSAGES.staleVersion);
    expect((await listed()).find((s) => s.id === a.id)?.name).toBe('Switch C');
    expect((await listed()).length).toBe(before.length);
  });

  it('records each change as the admin’s change event, never with the secret', async () => {
    const { id, credential } = await add('Media server E', 'media');
    const events = await t.app.platform.tenancy.crossAccount('seed', (tx) =>
      tx
        .selectFrom('change_events')
        .selectAll()
        .where('area', '=', 'platform-servers')
        .where('record_id', '=', id)
        .execute(),
    );
    expect(events.map((e) => e.kind)).toEqual(['create']);
    expect(JSON.stringify(events)).not.toContain(credential.split('.')[1]);
  });

  it('is for provider admins in their own account only', async () => {
    for (const user of ['retail', 'reseller', 'viewer', 'prepay']) {
      const who = await t.login(user);
      for (const [method, url, body] of [
        ['GET', '/platformservers', undefined],
        ['POST', '/platformservers', { name: 'Mine', role: 'switch' }],
      ] as const) {
        const res = await t.api(method, url, who, body);
        expect(res.statusCode, `${user} ${method} ${url}`).toBe(403);
        expect(json(res).message).toBe(MESSAGES.forbidden);
      }
    }
  });
});

describe('the demo’s servers', () => {
  it('call with the README’s secrets, and the start names each until its credential is renewed', async () => {
    const demo = (await listed()).filter((s) => DEMO_SERVERS.some((d) => d.name === s.name));
    expect(demo.map((s) => s.role).sort()).toEqual(['media', 'recording', 'switch']);
    for (const server of demo) {
      const secret = DEMO_SERVERS.find((d) => d.name === server.name)?.secret ?? '';
      expect(await check(`${SERVER_SCHEME} ${server.id}.${secret}`, server.role)).toMatchObject({ id: server.id });
    }
    expect((await serversWithDemoSecret(t.app.platform.tenancy)).sort()).toEqual(
      DEMO_SERVERS.map((d) => d.name).sort(),
    );
    const [first] = demo;
    await t.api('POST', `/platformservers/${first?.id}/credential`, admin, { version: first?.version });
    expect(await serversWithDemoSecret(t.app.platform.tenancy)).not.toContain(first?.name);
  });
});
