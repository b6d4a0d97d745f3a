/**
 * The spec's list calls without offset / limit in the path (spec 3 §7 "Prompts and music": POST
 * /prompt/overview, POST /musiconhold/overview; spec 2 §7: POST /numbering/allocated; spec 3 §7
 * "Emergency address": POST /numbering/allocated/ems/errors): the paging, when wanted, is in the body
 * (offset and limit, -1/-1 — all — by default), with the list body's sort, search and filters; the
 * same records as the paged path, the account's own only, behind the list's read permission.
 */
import { FEATURES, MESSAGES } from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from '../test/harness.ts';

let t: TestContext;
let retail: Record<string, string>;
let prepay: Record<string, string>;
let viewer: Record<string, string>;
let viewerId: number;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  prepay = await t.login('prepay');
  viewer = await t.login('viewer');
  viewerId = (
    await t.database.db.selectFrom('users').select('id').where('username', '=', 'viewer').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => t?.close());

type Page = { records: Array<Record<string, unknown> & { id: number }>; totalRecords: number; lastPage: boolean };

/** Each call, the paged path it mirrors, the permission that reads it, and a field its records name. */
const CALLS = [
  { path: '/prompt/overview', paged: '/prompt/overview', feature: FEATURES.prompts, name: 'name' },
  { path: '/musiconhold/overview', paged: '/musiconhold/overview', feature: FEATURES.musicOnHold, name: 'name' },
  { path: '/numbering/allocated', paged: '/numbering/allocated', feature: FEATURES.numbers, name: 'telephoneNumber' },
  {
    path: '/numbering/allocated/ems/errors',
    paged: '/numbering/allocated/ems/errors',
    feature: FEATURES.numbers,
    name: 'telephoneNumber',
  },
] as const;

const list = async (path: string, headers: Record<string, string>, body?: object) => {
  const res = await t.api('POST', path, headers, body);
  expect(res.statusCode, `${path} ${res.body}`).toBe(200);
  return json<Page>(res);
};
const names = (page: Page, field: string) => page.records.map((r) => r[field]);

describe.each(CALLS)('POST $path', ({ path, paged, feature, name }) => {
  it('answers every record, as the paged path -1/-1 does, without a body or with an empty one', async () => {
    const all = await list(`${paged}/-1/-1`, retail, {});
    expect(all.totalRecords).toBeGreaterThan(0);
    expect(await list(path, retail)).toEqual(all);
    expect(await list(path, retail, {})).toEqual(all);
  });

  it('takes its paging, order and search in the body, with the list’s rules', async () => {
    const all = await list(`${paged}/-1/-1`, retail, { sortBy: name, direction: 'desc' });
    const first = await list(path, retail, { offset: 0, limit: 1, sortBy: name, direction: 'desc' });
    expect(first).toEqual({
      records: all.records.slice(0, 1),
      totalRecords: all.totalRecords,
      lastPage: all.totalRecords <= 1,
    });
    const term = String(all.records[0]?.[name]).slice(0, 5);
    const found = await list(path, retail, { search: term });
    expect(found.records.length).toBeGreaterThan(0);
    expect(names(found, name).every((v) => String(v).toLowerCase().includes(term.toLowerCase()))).toBe(true);
    for (const bad of [{ offset: 0 }, { offset: 0, limit: 201 }, { sortBy: 'nope' }, { filters: { nope: 1 } }]) {
      expect((await t.api('POST', path, retail, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('lists the account’s own records only (another account’s are never among them)', async () => {
    const ours = new Set((await list(path, retail)).records.map((r) => r.id));
    const theirs = (await list(path, prepay)).records.filter((r) => ours.has(r.id));
    // Only the provider's shared media may be in both.
    expect(theirs.every((r) => r.accountNo === 0)).toBe(true);
    const other = await t.api('POST', path, retail, { accountNo: 30001 });
    expect(other.statusCode).toBe(404);
  });

  it('needs a session (401) and the list’s read permission (403)', async () => {
    expect((await t.api('POST', path, {}, {})).statusCode).toBe(401);
    await t.database.db
      .updateTable('user_permissions')
      .set({ mask: 0 })
      .where('user_id', '=', viewerId)
      .where('feature_id', '=', feature)
      .execute();
    try {
      const res = await t.api('POST', path, viewer, {});
      expect(res.statusCode).toBe(403);
      expect(json<{ message: string }>(res).message).toBe(MESSAGES.forbidden);
    } finally {
      await t.database.db
        .updateTable('user_permissions')
        .set({ mask: 2 })
        .where('user_id', '=', viewerId)
        .where('feature_id', '=', feature)
        .execute();
    }
  });
});
