import {
  MESSAGES,
  PICKUP_GROUP_MESSAGES,
  type PickupGroup,
  type PickupMember,
  pickupShortCode,
} from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basedOn, createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let retail: Record<string, string>;
let prepay: Record<string, string>;
let viewer: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  prepay = await t.login('prepay');
  viewer = await t.login('viewer');
});
afterAll(async () => t?.close());

type Reply = { success?: boolean; message: string; id?: number; validation?: Record<string, string> };
type Page<T> = { records: T[]; totalRecords: number };

const create = async (name: string) => {
  const res = await t.api('POST', '/pickupgroups', retail, { name });
  expect(res.statusCode, res.body).toBe(200);
  return json<Reply>(res).id as number;
};
const members = async (id: number) =>
  json<Page<PickupMember>>(await t.api('GET', `/pickupgroups/${id}/members`, retail)).records;

describe('pickup groups', () => {
  it('creates, lists, renames (PATCH .../name) with the short code from characters 6-8 of the name’s letters and digits', async () => {
    const id = await create('Warehouse floor');
    const group = json<PickupGroup>(await t.api('GET', `/pickupgroups/${id}`, retail));
    expect(group).toMatchObject({ name: 'Warehouse floor', grouppickupId: id, shortCode: '*0#ous', memberCount: 0 });
    expect(pickupShortCode('Warehouse floor')).toBe('*0#ous');
    const renamed = await t.api('PATCH', `/pickupgroups/${id}/name`, retail, { name: 'Loading bay' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(json<PickupGroup>(await t.api('GET', `/pickupgroups/${id}`, retail)).shortCode).toBe('*0#ngb');
    // Only the name's letters and digits count: never a space or a sign, which cannot be dialled.
    await t.api('PATCH', `/pickupgroups/${id}/name`, retail, { name: 'Stores team' });
    expect(json<PickupGroup>(await t.api('GET', `/pickupgroups/${id}`, retail)).shortCode).toBe('*0#ste');
    await t.api('PATCH', `/pickupgroups/${id}/name`, retail, { name: "St. Mary's (ward 4)" });
    const listed = json<Page<PickupGroup>>(await t.api('POST', '/pickupgroups/-1/-1', retail, { search: 'Mary' }));
    expect(listed.records.map((g) => g.shortCode)).toEqual([pickupShortCode("St. Mary's (ward 4)")]);
    expect(listed.records[0]?.shortCode).toBe('*0#ysw');
    await t.api('PATCH', `/pickupgroups/${id}/name`, retail, { name: 'Loading bay' });
    expect(json<Reply>(await t.api('PATCH', `/pickupgroups/${id}/name`, retail, { name: '' })).validation?.name).toBe(
      MESSAGES.required,
    );
    expect(json<Reply>(await t.api('POST', '/pickupgroups', retail, { name: 'n'.repeat(101) })).validation?.name).toBe(
      MESSAGES.maxLength(100),
    );
    const page = json<Page<PickupGroup>>(await t.api('POST', '/pickupgroups/0/15', retail, { search: 'loading' }));
    expect(page.records.map((g) => g.name)).toEqual(['Loading bay']);
    expect((await t.api('PATCH', `/pickupgroups/${id}/name`, viewer, { name: 'x' })).statusCode).toBe(403);
    expect((await t.api('GET', `/pickupgroups/${id}`, prepay)).statusCode).toBe(404);
  });

  it('refuses a rename based on an older version, and keeps the name', async () => {
    const id = await create('Dock one');
    const loaded = json<PickupGroup>(await t.api('GET', `/pickupgroups/${id}`, retail));
    const rename = (version: number, name: string) =>
      t.api('PATCH', `/pickupgroups/${id}/name`, basedOn(retail, version), { name });
    expect((await rename(loaded.version, 'Dock two')).statusCode).toBe(200);
    const stale = await rename(loaded.version, 'Dock three');
    expect(stale.statusCode).toBe(409);
    expect(json<Reply>(stale).message).toBe(MESSAGES.staleVersion);
    expect(json<PickupGroup>(await t.api('GET', `/pickupgroups/${id}`, retail)).name).toBe('Dock two');
  });

  it('adds seats once, each seat in one group only, and removes them', async () => {
    const a = await create('Group A');
    const b = await create('Group B');
    const add = (id: number, names: string[]) => t.api('POST', `/pickupgroups/${id}/members`, retail, { names });
    expect(json<Reply>(await add(a, ['30000*201', '30000*202'])).success).toBe(true);
    expect((await members(a)).map((m) => [m.extension, m.name])).toEqual([
      [201, '30000*201'],
      [202, '30000*202'],
    ]);
    expect(json<Reply>(await add(a, ['30000*201'])).validation?.names).toBe(PICKUP_GROUP_MESSAGES.memberTwice);
    expect(json<Reply>(await add(b, ['30000*202'])).validation?.names).toBe(
      PICKUP_GROUP_MESSAGES.inOtherGroup('Group A'),
    );
    expect(json<Reply>(await add(b, [])).validation?.names).toBe(PICKUP_GROUP_MESSAGES.selectMember);
    // Another account's seat is not one of ours.
    expect(json<Reply>(await add(b, ['30001*201'])).validation?.names).toBe(MESSAGES.selectOption);
    expect(await members(b)).toEqual([]);
    const ids = (await members(a)).map((m) => m.id);
    expect((await t.api('DELETE', '/pickupgroups/members', retail, { ids })).statusCode).toBe(200);
    expect(await members(a)).toEqual([]);
  });

  it('refuses to delete a seat in a group, naming it; deleting the group frees its seats', async () => {
    const id = await create('Yard');
    const seat = json<Reply>(await t.api('POST', '/seat', retail, { extension: 671, nickname: 'Yard' })).id as number;
    expect(
      json<Reply>(await t.api('POST', `/pickupgroups/${id}/members`, retail, { names: ['30000*671'] })).success,
    ).toBe(true);
    const refused = await t.api('DELETE', `/seat/${seat}`, retail);
    expect(refused.statusCode).toBe(409);
    expect(json<Reply>(refused).message).toBe(MESSAGES.inUseIn('Pickup Group', 'Yard'));
    expect((await t.api('DELETE', `/pickupgroups/${id}`, retail)).statusCode).toBe(200);
    expect((await t.api('DELETE', `/seat/${seat}`, retail)).statusCode).toBe(200);
  });
});
