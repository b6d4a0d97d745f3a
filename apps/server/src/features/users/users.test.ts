import { FEATURES, MASK, USER_MESSAGES } from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let retail: Record<string, string>;
let viewer: Record<string, string>;
let prepay: Record<string, string>;

type User = {
  id: number;
  version: number;
  username: string;
  name: string;
  surname: string;
  email: string;
  enabled: boolean;
  isHolder: boolean;
  lastSignIn: string;
};
type Page = { records: User[]; totalRecords: number };
type Grants = {
  grants: Array<{ featureId: number; mask: number }>;
  grantable: Array<{ featureId: number; mask: number }>;
};
type Reply = { success?: boolean; message: string; validation?: Record<string, string> };

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  viewer = await t.login('viewer');
  prepay = await t.login('prepay');
  await t.app.platform.outbox.drain(); // the sign-ins reach the audit log (the last sign-in)
});
afterAll(async () => t?.close());

const list = async (headers: Record<string, string>, payload: object = {}) =>
  json<Page>(await t.api('POST', '/users/0/15', headers, payload)).records;
const byName = async (username: string) => {
  const found = (await list(retail, { search: username })).find((u) => u.username === username);
  if (!found) throw new Error(`no user ${username}`);
  return found;
};
const body = (u: User, change: Partial<User> = {}) => {
  const v = { ...u, ...change };
  return { name: v.name, surname: v.surname, email: v.email, enabled: v.enabled };
};

describe('user manager', () => {
  it('lists the account’s users with their last sign-in, and creates one with the two default grants', async () => {
    const users = await list(retail);
    expect(users.map((u) => [u.username, u.isHolder, u.enabled])).toEqual([
      ['retail', true, true],
      ['viewer', false, true],
    ]);
    expect(Date.parse(users[0]?.lastSignIn ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const created = await t.api('POST', '/users', retail, {
      name: 'Olive',
      surname: 'Office',
      username: 'acme.office',
      email: 'olive@acmeplumbing.example',
      accountNo: 30000,
      enabled: true,
      saveUserPermissions: true,
    });
    expect(json<Reply>(created)).toMatchObject({ success: true, message: 'acme.office created successfully' });
    const olive = await byName('acme.office');
    expect(olive).toMatchObject({ name: 'Olive', isHolder: false, enabled: true, lastSignIn: '' });
    const grants = json<Grants>(await t.api('GET', `/users/${olive.id}/permissions`, retail));
    expect(grants.grants).toEqual([
      { featureId: FEATURES.betaPanel, mask: 2 },
      { featureId: FEATURES.integrations, mask: 15 },
    ]);
    // The holder may grant everything they hold; the provider's own features are never offered.
    expect(grants.grantable.find((g) => g.featureId === FEATURES.seats)).toEqual({
      featureId: FEATURES.seats,
      mask: 15,
    });
    expect(grants.grantable.some((g) => g.featureId === FEATURES.admin || g.featureId === FEATURES.prepay)).toBe(false);
  });

  it('edits and disables a user, who can then no longer use the panel; never the holder, never oneself', async () => {
    const victor = await byName('viewer');
    const saved = await t.api(
      'PUT',
      `/users/${victor.id}`,
      { ...retail, 'if-match': String(victor.version) },
      body(victor, { surname: 'Hale-Jones' }),
    );
    expect(json<Reply>(saved)).toMatchObject({ success: true, message: 'Victor Hale-Jones (viewer) has been updated' });
    // A save based on the version before is refused, and changes nothing.
    const stale = await t.api(
      'PUT',
      `/users/${victor.id}`,
      { ...retail, 'if-match': String(victor.version) },
      body(victor, { name: 'Vic' }),
    );
    expect(stale.statusCode).toBe(409);
    expect((await byName('viewer')).name).toBe('Victor');

    const bad = await t.api('PUT', `/users/${victor.id}`, retail, body(victor, { email: 'not-an-email', name: '' }));
    expect(bad.statusCode).toBe(400);
    expect(json<Reply>(bad).validation).toMatchObject({ name: 'This is a required field' });

    const holder = await byName('retail');
    const refused = await t.api('PUT', `/users/${holder.id}`, retail, body(holder, { enabled: false }));
    expect(json<Reply>(refused).validation).toEqual({ enabled: USER_MESSAGES.disableHolder });

    const manager = await addUser(t.database.db, {
      username: 'acme.manager',
      accountNo: 30000,
      grants: [[FEATURES.users, MASK.all]],
    });
    const managerHeaders = await t.login('acme.manager');
    const me = await byName('acme.manager');
    const self = await t.api('PUT', `/users/${manager}`, managerHeaders, body(me, { enabled: false }));
    expect(json<Reply>(self).validation).toEqual({ enabled: USER_MESSAGES.disableSelf });

    const current = await byName('viewer');
    const off = await t.api('PUT', `/users/${victor.id}`, retail, body(current, { enabled: false }));
    expect(off.statusCode).toBe(200);
    // The disabled user's session ends at once.
    expect(json(await t.api('GET', '/users/auth/session', viewer))).toMatchObject({ status: 'error' });
    const on = await t.api('PUT', `/users/${victor.id}`, retail, body(await byName('viewer'), { enabled: true }));
    expect(on.statusCode).toBe(200);
    viewer = await t.login('viewer');
  });

  it('saves a user’s grants, never more than the granter holds, never their own or the holder’s', async () => {
    await addUser(t.database.db, {
      username: 'acme.lead',
      accountNo: 30000,
      grants: [
        [FEATURES.users, MASK.all],
        [FEATURES.seats, MASK.read | MASK.update],
      ],
    });
    const lead = await t.login('acme.lead');
    const olive = await byName('acme.office');
    const save = (headers: Record<string, string>, id: number, grants: Array<{ featureId: number; mask: number }>) =>
      t.api('PUT', `/users/${id}/permissions`, headers, { grants });

    // Olive's Integrations (a new user's default) are beyond the lead: sent back as they are, kept.
    const ok = await save(lead, olive.id, [
      { featureId: FEATURES.betaPanel, mask: 2 },
      { featureId: FEATURES.integrations, mask: MASK.all },
      { featureId: FEATURES.seats, mask: MASK.read },
    ]);
    expect(json<Reply>(ok)).toMatchObject({
      success: true,
      message: 'The permissions of Olive Office (acme.office) have been updated',
    });
    expect(json<Grants>(await t.api('GET', `/users/${olive.id}/permissions`, retail)).grants).toEqual([
      { featureId: FEATURES.betaPanel, mask: 2 },
      { featureId: FEATURES.seats, mask: 2 },
      { featureId: FEATURES.integrations, mask: MASK.all },
    ]);
    // Taking away what the lead does not hold is refused (a Users-only manager cannot strip their betters).
    const strip = await save(lead, olive.id, [
      { featureId: FEATURES.betaPanel, mask: 2 },
      { featureId: FEATURES.integrations, mask: MASK.read },
    ]);
    expect(strip.statusCode).toBe(403);
    expect(json<Reply>(strip).message).toBe(USER_MESSAGES.removeMore('Integrations'));

    const more = await save(lead, olive.id, [{ featureId: FEATURES.seats, mask: MASK.all }]);
    expect(more.statusCode).toBe(403);
    expect(json<Reply>(more).message).toBe(USER_MESSAGES.grantMore('Seats'));
    const unheld = await save(lead, olive.id, [{ featureId: FEATURES.numbers, mask: MASK.read }]);
    expect(json<Reply>(unheld).message).toBe(USER_MESSAGES.grantMore('Telephone Numbers'));
    const provider = await save(retail, olive.id, [{ featureId: FEATURES.admin, mask: MASK.all }]);
    expect(provider.statusCode).toBe(400);
    const own = await save(lead, (await byName('acme.lead')).id, [{ featureId: FEATURES.seats, mask: MASK.read }]);
    expect(json<Reply>(own).message).toBe(USER_MESSAGES.ownGrants);
    const holder = await save(lead, (await byName('retail')).id, []);
    expect(json<Reply>(holder).message).toBe(USER_MESSAGES.holderGrants);
    // Nothing changed by the refusals.
    expect(json<Grants>(await t.api('GET', `/users/${olive.id}/permissions`, retail)).grants).toHaveLength(3);
  });

  it('keeps accounts apart and needs the users permission', async () => {
    const victor = await byName('viewer');
    expect((await list(prepay)).map((u) => u.username)).toEqual(['prepay']);
    expect((await t.api('GET', `/users/${victor.id}`, prepay)).statusCode).toBe(404);
    expect((await t.api('GET', `/users/${victor.id}/permissions`, prepay)).statusCode).toBe(404);
    expect((await t.api('PUT', `/users/${victor.id}/permissions`, prepay, { grants: [] })).statusCode).toBe(404);
    expect((await t.api('PUT', `/users/${victor.id}`, viewer, body(victor))).statusCode).toBe(403);
    expect(
      (
        await t.api('POST', '/users', prepay, {
          name: 'X',
          surname: 'Y',
          username: 'xy.user',
          email: 'x@y.example',
          accountNo: 30000,
        })
      ).statusCode,
    ).toBe(403);
  });
});
