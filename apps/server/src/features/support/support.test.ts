/**
 * The support page (issue 27; spec 3 §2, §6, §9): provider admins and retail users only; the live
 * chat button for account 10000 or a top-level account; the help videos' links; the provider
 * admin's versioned edit of the settings (stale refused, bad input refused with nothing changed).
 */
import { MESSAGES, SUPPORT_MESSAGES, type SupportReply, type SupportSettings } from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_ACCOUNT_DEFAULTS } from '../../modules/identity/new-account.ts';
import { addUser, createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let admin: Record<string, string>;
let retail: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin');
  retail = await t.login('retail');
});
afterAll(async () => t?.close());

const edit = {
  email: 'help@provider.example',
  phone: '0330 088 9999',
  postalAddress: 'Provider House, 2 Exchange Street, Manchester, M2 7EF',
  liveChatUrl: 'https://chat.provider.example/start',
  helpVideos: 'aqz-KE-bpKQ',
};

describe('who sees the support page', () => {
  it('is for provider admins and retail users; others get 403 with the spec’s text', async () => {
    for (const user of ['admin', 'retail', 'viewer']) {
      const res = await t.api('GET', '/support', await t.login(user));
      expect(res.statusCode, `${user}: ${res.body}`).toBe(200);
    }
    for (const user of ['prepay', 'reseller', 'harrogate']) {
      const who = await t.login(user);
      for (const url of ['/support', '/youtube/videos']) {
        const res = await t.api('GET', url, who);
        expect(res.statusCode, `${user} ${url}`).toBe(403);
        expect(json(res).message).toBe(MESSAGES.forbidden);
      }
    }
  });

  it('shows the live chat button to account 10000 and to top-level accounts only', async () => {
    expect(json<SupportReply>(await t.api('GET', '/support', admin)).liveChatShown).toBe(true);
    // Acme (30000) is below 10000.
    const acme = json<SupportReply>(await t.api('GET', '/support', retail));
    expect(acme).toMatchObject({ liveChatShown: false, liveChatHours: '09:00 - 17:30 (UK time)' });
    expect(acme.phoneHours).toBe('24 hours a day, 7 days a week');
    // A top-level retail account (parent 0).
    await t.app.platform.tenancy.crossAccount('seed', (tx) =>
      tx
        .insertInto('accounts')
        .values({
          account_no: 39100,
          parent: 0,
          account_type: 'postpay',
          account_kind: 'retail',
          first_name: 'Tom',
          surname: 'Top',
          company: 'Top Level Ltd',
          address_line1: '1 Top Street',
          address_line2: '',
          address_city: 'York',
          address_county: '',
          address_country: 'United Kingdom',
          address_postcode: 'YO1 7HH',
          telephone: '01904000000',
          fax: '',
          mobile: '',
          email: 'tom@top.example',
          end_user_type: '0',
          vulnerable_person: false,
          ...NEW_ACCOUNT_DEFAULTS,
        })
        .execute(),
    );
    await addUser(t.database.db, { username: 'toplevel', accountNo: 39100, grants: [] });
    const top = await t.login('toplevel');
    expect(json<SupportReply>(await t.api('GET', '/support', top)).liveChatShown).toBe(true);
  });
});

describe('the help videos', () => {
  it('answers each id of the settings with its link', async () => {
    const res = await t.api('GET', '/youtube/videos', retail);
    expect(res.statusCode, res.body).toBe(200);
    const { records } = json<{ records: Array<{ id: string; url: string }> }>(res);
    expect(records.length).toBeGreaterThan(0);
    for (const v of records) expect(v.url).toBe(`https://www.youtube.com/watch?v=${v.id}`);
  });
});

describe("the provider admin's settings", () => {
  it('saves with the version read; a stale save is refused and changes nothing', async () => {
    const before = json<SupportSettings>(await t.api('GET', '/support/settings', admin));
    const saved = await t.api('PUT', '/support/settings', admin, { ...edit, version: before.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved).message).toBe(SUPPORT_MESSAGES.saved);
    const after = json<SupportSettings>(await t.api('GET', '/support/settings', admin));
    expect(after).toEqual({ ...edit, version: before.version + 1 });
    expect(json<SupportReply>(await t.api('GET', '/support', retail))).toMatchObject(edit);
    // The sidebar's Live Help Chat (the panel's configuration, read before sign-in) names the same link.
    expect(
      json<{ liveChatUrl: string }>(await t.app.inject({ method: 'GET', url: '/api/v1/panel/config' })),
    ).toMatchObject({
      liveChatUrl: edit.liveChatUrl,
    });
    expect(json(await t.api('GET', '/youtube/videos', retail)).records).toEqual([
      { id: 'aqz-KE-bpKQ', url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' },
    ]);

    const stale = await t.api('PUT', '/support/settings', admin, {
      ...edit,
      phone: '0800 000 000',
      version: before.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(json(stale).message).toBe(MESSAGES.staleVersion);
    expect(json<SupportSettings>(await t.api('GET', '/support/settings', admin)).phone).toBe(edit.phone);
    // The change is recorded.
    const events = await t.app.platform.tenancy.crossAccount('seed', (tx) =>
      tx.selectFrom('change_events').select(['kind', 'account_no']).where('area', '=', 'support').execute(),
    );
    expect(events).toEqual([{ kind: 'update', account_no: 10000 }]);
  });

  it('refuses bad input with the field’s message, changing nothing', async () => {
    const { version } = json<SupportSettings>(await t.api('GET', '/support/settings', admin));
    for (const [field, value, message] of [
      ['email', 'not-an-email', MESSAGES.email],
      ['liveChatUrl', 'http://insecure.example', SUPPORT_MESSAGES.liveChatUrl],
      ['helpVideos', 'short, ids', SUPPORT_MESSAGES.videoId],
      ['phone', '', MESSAGES.required],
    ] as const) {
      const res = await t.api('PUT', '/support/settings', admin, { ...edit, [field]: value, version });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(json(res).message).toBe(message);
    }
    expect(json<SupportSettings>(await t.api('GET', '/support/settings', admin)).version).toBe(version);
  });

  it('is edited by provider admins only (not while acting as a customer)', async () => {
    for (const user of ['retail', 'prepay', 'reseller']) {
      const who = await t.login(user);
      expect((await t.api('GET', '/support/settings', who)).statusCode).toBe(403);
      expect((await t.api('PUT', '/support/settings', who, { ...edit, version: 1 })).statusCode).toBe(403);
    }
    const disguised = await t.login('admin');
    await t.api('POST', '/users/auth/disguise', disguised, { accountNo: 30000 });
    expect((await t.api('PUT', '/support/settings', disguised, { ...edit, version: 1 })).statusCode).toBe(403);
  });
});
