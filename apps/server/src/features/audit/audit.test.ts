import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let retail: Record<string, string>;
let viewer: Record<string, string>;
let prepay: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  viewer = await t.login('viewer');
  prepay = await t.login('prepay');
});
afterAll(async () => t?.close());

type Entry = {
  id: number;
  at: string;
  user: string;
  actingAs: string;
  area: string;
  action: string;
  recordId: number | null;
  record: string;
  changes: Record<string, { from: unknown; to: unknown }>;
  labels: Record<string, string>;
  ip: string;
};
type Page = { records: Entry[]; totalRecords: number; lastPage: boolean };
const audit = (headers: Record<string, string>, payload: object = {}, path = '0/15') =>
  t.app.inject({ method: 'POST', url: `/api/v1/audit/${path}`, headers, payload });
const mobiles = async (headers: Record<string, string>) =>
  json<{ records: Array<{ id: number; version: number; mobileDescription: string; mobileNo: string }> }>(
    await t.app.inject({ method: 'POST', url: '/api/v1/mobile/0/15', headers, payload: {} }),
  ).records;

describe('audit log', () => {
  it('lists each write of the account newest first: who, when, area, record, fields before → after', async () => {
    const [first] = await mobiles(retail);
    if (!first) throw new Error('demo mobile missing');
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/mobile/${first.id}`,
      headers: { ...retail, 'if-match': String(first.version) },
      payload: { mobileDescription: 'Van 1 (new engineer)' },
    });
    expect(saved.statusCode).toBe(200);
    await t.app.platform.outbox.drain();

    const page = json<Page>(await audit(retail));
    const entry = page.records[0];
    expect(entry).toMatchObject({
      user: 'Alice Morgan (retail)',
      actingAs: '',
      area: 'mobile',
      action: 'update',
      recordId: first.id,
      record: 'Van 1 (new engineer)',
      changes: { mobileDescription: { from: first.mobileDescription, to: 'Van 1 (new engineer)' } },
    });
    expect(entry?.changes.version).toBeDefined();
    expect(Date.parse(entry?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // Sign-ins are there too, under the session.
    expect(
      page.records.some((r) => r.area === 'session' && r.action === 'login' && r.user === 'Alice Morgan (retail)'),
    ).toBe(true);
    // Filter by area and action, search by record name.
    const filtered = json<Page>(await audit(retail, { filters: { area: 'mobile', action: 'update' } }));
    expect(filtered.records.map((r) => r.record)).toEqual(['Van 1 (new engineer)']);
    expect(json<Page>(await audit(retail, { search: 'new engineer' })).totalRecords).toBe(1);
    expect((await audit(retail, { filters: { ip: '1' } })).statusCode).toBe(400);
  });

  it('says whose account a provider admin acted as, under the admin’s own name', async () => {
    const admin = await t.login('admin');
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/auth/disguise',
      headers: admin,
      payload: { accountNo: 30000 },
    });
    expect(start.statusCode).toBe(200);
    const [, second] = await mobiles(admin);
    if (!second) throw new Error('demo mobile missing');
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/mobile/${second.id}`,
      headers: { ...admin, 'if-match': String(second.version) },
      payload: { active: false },
    });
    expect(saved.statusCode).toBe(200);
    await t.app.platform.outbox.drain();

    // The account holder sees it, named after the admin, acting as Acme.
    const [entry] = json<Page>(await audit(retail, { filters: { area: 'mobile' } })).records;
    expect(entry).toMatchObject({
      user: 'Sam Okafor (admin)',
      actingAs: 'Acme Plumbing Ltd (30000)',
      action: 'update',
      recordId: second.id,
      changes: { active: { from: true, to: false } },
    });
  });

  it('keeps accounts apart and needs the account update permission', async () => {
    await t.app.platform.outbox.drain(); // the sign-ins' entries
    const other = json<Page>(await audit(prepay));
    expect(other.records.length).toBeGreaterThan(0);
    expect(other.records.every((r) => r.area !== 'mobile' && !r.user.includes('(retail)'))).toBe(true);
    expect((await audit(viewer)).statusCode).toBe(403);
    expect((await audit({})).statusCode).toBe(401);
  });

  it('names the user a user creation made, under the Users area, with the record’s id', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: retail,
      payload: {
        name: 'Nadia',
        surname: 'Audit',
        username: 'nadia.audit',
        email: 'nadia@acme.example',
        accountNo: 30000,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    await t.app.platform.outbox.drain();
    const [entry] = json<Page>(await audit(retail, { filters: { area: 'users', action: 'create' } })).records;
    expect(entry).toMatchObject({
      area: 'users',
      action: 'create',
      record: 'Nadia Audit (nadia.audit)',
      user: 'Alice Morgan (retail)',
      changes: { username: { from: null, to: 'nadia.audit' }, email: { from: null, to: 'nadia@acme.example' } },
    });
    expect(entry?.recordId).toEqual(expect.any(Number));
  });

  it('names the destinations a change holds as the destination picker does ("300 - Office hours")', async () => {
    const ivrs = json<{ records: Array<{ id: number; version: number; description: string }> }>(
      await t.app.inject({ method: 'POST', url: '/api/v1/ivr/0/15', headers: retail, payload: {} }),
    ).records;
    const menu = ivrs.find((i) => i.description === 'Main menu');
    if (!menu) throw new Error('demo IVR missing');
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/ivr/${menu.id}`,
      headers: { ...retail, 'if-match': String(menu.version) },
      payload: { optionTimeout: 'timeprofile:300' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.app.platform.outbox.drain();
    const [entry] = json<Page>(await audit(retail, { filters: { area: 'ivrs' } })).records;
    expect(entry?.changes.optionTimeout?.to).toBe('timeprofile:300');
    expect(entry?.labels['timeprofile:300']).toBe('300 - Office hours');
    // Only the destinations the entry holds are named.
    expect(Object.keys(entry?.labels ?? {}).every((v) => JSON.stringify(entry?.changes).includes(`"${v}"`))).toBe(true);
  });
});
