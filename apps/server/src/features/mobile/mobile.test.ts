import { MESSAGES } from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueViolationError } from '../../platform/errors.ts';
import { createTestContext, json, onPostgres, raceWithOpenTransaction, type TestContext } from '../../test/harness.ts';
import { MOBILE_UNIQUE_VIOLATIONS } from './mobile.routes.ts';

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

type Mobile = { id: number; mobileDescription: string; mobileNo: string; active: boolean };
type Page = { records: Mobile[]; totalRecords: number; lastPage: boolean };
const list = (headers: Record<string, string>, path = '0/15', payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/mobile/${path}`, headers, payload });
const create = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/mobile', headers, payload });

describe('mobile numbers', () => {
  it('lists, sorts, searches and filters on active', async () => {
    const page = json<Page>(await list(retail));
    expect(page.records.map((r) => r.mobileNo)).toEqual(['07700900501', '07700900502', '07700900503']);
    const sorted = json<Page>(await list(retail, '0/2', { sortBy: 'mobileDescription', direction: 'desc' }));
    expect(sorted.records.map((r) => r.mobileDescription)).toEqual(['Van 2 engineer', 'Van 1 engineer']);
    expect(sorted.lastPage).toBe(false);
    expect(json<Page>(await list(retail, '0/15', { search: 'van 1' })).records.map((r) => r.mobileNo)).toEqual([
      '07700900502',
    ]);
    expect(
      json<Page>(await list(retail, '0/15', { filters: { active: false } })).records.map((r) => r.mobileNo),
    ).toEqual(['07700900503']);
    expect((await list(retail, '0/15', { filters: { number: 'x' } })).statusCode).toBe(400);
  });

  it('creates, reads back, updates and deletes', async () => {
    const res = await create(retail, { mobileDescription: 'Office manager', mobileNo: '07700 900 777', active: true });
    expect(json(res)).toMatchObject({ success: true, message: 'Office manager created successfully' });
    const id = json<{ id: number }>(res).id;
    const read = json<Mobile>(await t.app.inject({ method: 'GET', url: `/api/v1/mobile/${id}`, headers: retail }));
    expect(read).toEqual({
      id,
      version: 1,
      mobileDescription: 'Office manager',
      mobileNo: '07700900777',
      active: true,
    });
    const upd = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/mobile/${id}`,
      headers: retail,
      payload: { mobileDescription: 'Office manager', mobileNo: '+447700900777', active: false },
    });
    expect(json(upd)).toMatchObject({ success: true, message: 'Office manager has been updated' });
    const after = json<Mobile>(await t.app.inject({ method: 'GET', url: `/api/v1/mobile/${id}`, headers: retail }));
    expect(after).toMatchObject({ mobileNo: '+447700900777', active: false });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/mobile/${id}`, headers: retail });
    expect(json(del)).toMatchObject({ success: true, message: 'Successfully deleted Office manager' });
  });

  it('validates description (max 45), number (required, UK mobile) and duplicates', async () => {
    const bad = await create(retail, { mobileDescription: 'd'.repeat(46), mobileNo: '01214960000' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({
      message: MESSAGES.multipleErrors,
      validation: { mobileDescription: 'Length must not exceed 45 characters', mobileNo: MESSAGES.mobileNumber },
    });
    expect(json(await create(retail, { mobileNo: '' })).validation).toEqual({ mobileNo: MESSAGES.required });
    const dup = await create(retail, { mobileNo: '07700900501' });
    expect(json(dup).validation).toEqual({ mobileNo: MESSAGES.mobileDuplicate });
  });

  it('refuses writes to a read-only user', async () => {
    expect((await list(viewer)).statusCode).toBe(200);
    expect((await create(viewer, { mobileNo: '07700900888' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/mobile/1', headers: viewer })).statusCode).toBe(403);
  });

  it('is retail only: a prepay (non-retail) account is refused even with the masks', async () => {
    expect((await list(prepay)).statusCode).toBe(403);
    expect((await create(prepay, { mobileNo: '07700900889' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/mobile/1', headers: prepay })).statusCode).toBe(403);
  });

  it('lists by the callGroups permission', async () => {
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'viewer')
      .executeTakeFirstOrThrow();
    const set = (mask: number) =>
      t.database.db
        .updateTable('user_permissions')
        .set({ mask })
        .where('user_id', '=', user.id)
        .where('feature_id', '=', 2020)
        .execute();
    await set(0);
    try {
      expect((await list(viewer)).statusCode).toBe(403);
    } finally {
      await set(2);
    }
  });

  it('keeps another retail account out of 30000’s numbers (404, nothing changed)', async () => {
    // Make the prepay account retail for this check, so only tenancy stands in the way.
    await t.database.db
      .updateTable('accounts')
      .set({ account_kind: 'retail' })
      .where('account_no', '=', 30001)
      .execute();
    try {
      const other = json<Page>(await list(prepay));
      expect(other.records.map((r) => r.mobileNo)).toEqual(['07700900601']);
      const target = json<Page>(await list(retail)).records[0] as Mobile;
      const url = `/api/v1/mobile/${target.id}`;
      expect((await t.app.inject({ method: 'GET', url, headers: prepay })).statusCode).toBe(404);
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url,
            headers: prepay,
            payload: { mobileDescription: '', mobileNo: '07700900999', active: true },
          })
        ).statusCode,
      ).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url, headers: prepay })).statusCode).toBe(404);
      const after = json<Mobile>(await t.app.inject({ method: 'GET', url, headers: retail }));
      expect(after).toEqual(target);
    } finally {
      await t.database.db
        .updateTable('accounts')
        .set({ account_kind: 'standard' })
        .where('account_no', '=', 30001)
        .execute();
    }
  });
});

describe('mobile numbers: the unique index (mobiles_number_uq)', () => {
  const numbers = async (number: string) =>
    (
      await t.database.db
        .selectFrom('mobiles')
        .select(['account_no', 'description'])
        .where('number', '=', number)
        .execute()
    ).map((m) => `${m.account_no} ${m.description}`);
  const held = (number: string, description: string) => ({ account_no: 30000, description, number, active: true });
  const duplicate = {
    success: false,
    message: MESSAGES.mobileDuplicate,
    validation: { mobileNo: MESSAGES.mobileDuplicate },
  };

  it('maps its violation to the number field’s duplicate message', async () => {
    // What a save that got past the check meets (PGlite and PostgreSQL alike).
    const error = await t.database.db
      .insertInto('mobiles')
      .values(held('07700900501', 'Clash'))
      .execute()
      .then(
        () => null,
        (e: unknown) => e,
      );
    const mapped = uniqueViolationError(error, MOBILE_UNIQUE_VIOLATIONS);
    expect(mapped?.statusCode).toBe(400);
    expect({ success: false, message: mapped?.message, validation: mapped?.validation }).toEqual(duplicate);
    expect(await numbers('07700900501')).toEqual(['30000 Alice mobile']);
  });

  it.skipIf(!onPostgres)(
    'answers a number added by a concurrent save with 400 and the duplicate message, on create and update',
    async () => {
      const before = json<Page>(await list(retail, '-1/-1'));
      const created = await raceWithOpenTransaction(
        t.database.db,
        (trx) => trx.insertInto('mobiles').values(held('07700900444', 'Held')).execute(),
        () => create(retail, { mobileDescription: 'Racer', mobileNo: '07700900444' }),
      );
      expect(created.statusCode).toBe(400);
      expect(json(created)).toEqual(duplicate);
      expect(await numbers('07700900444')).toEqual(['30000 Held']);

      const van = before.records.find((m) => m.mobileDescription === 'Van 1 engineer') as Mobile;
      const updated = await raceWithOpenTransaction(
        t.database.db,
        (trx) => trx.insertInto('mobiles').values(held('07700900445', 'Held 2')).execute(),
        () =>
          t.app.inject({
            method: 'PUT',
            url: `/api/v1/mobile/${van.id}`,
            headers: retail,
            payload: { mobileDescription: 'Van 1 engineer', mobileNo: '07700900445', active: true },
          }),
      );
      expect(updated.statusCode).toBe(400);
      expect(json(updated)).toEqual(duplicate);
      expect(await numbers('07700900445')).toEqual(['30000 Held 2']);
      const after = json<Page>(await list(retail, '-1/-1'));
      expect(after.records.filter((m) => !m.mobileDescription.startsWith('Held'))).toEqual(before.records);
    },
  );

  it('refuses a filter value of the wrong type with 400 naming the filter', async () => {
    const res = await list(retail, '0/15', { filters: { active: 'maybe' } });
    expect(res.statusCode).toBe(400);
    const message = "The filter 'active' must be true or false";
    expect(json(res)).toEqual({ success: false, message, validation: { 'filters.active': message } });
  });
});
