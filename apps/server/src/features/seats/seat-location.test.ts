/**
 * The seats list's stored location (migration 057, issue 25 item 2): the database keeps whether each
 * seat's location number (its emergency CLI, or its caller ID when none is set) is a number of its
 * account with an emergency address, in the writing transaction, whoever writes the seat or the
 * numbers; the list sorts by the stored column through its indexes.
 */
import { type Seat, seatValues } from '@switchboard/domain';
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exemptFromChangeEvents } from '../../platform/outbox.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { basedOn, createTestContext, json, type TestContext } from '../../test/harness.ts';
import { pageReads } from '../../test/page-plan.ts';
import * as m057 from './migrations/057-seat-location.ts';
import { seatList } from './seat-list.test-support.ts';

/** The migration as the migrator runs it (on the connection's own user: row-level security bypassed). */
const migration: Migration = m057;

let t: TestContext;
let retail: Record<string, string>;
const ACCOUNT = 30000;
/** The demo's: the main line has an emergency address, Marketing none; Bella's salon (30001) has one. */
const MAIN = '01214960000';
const MARKETING = '03300880123';
const BELLA = '01179460000';

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
});
afterAll(async () => t?.close());

const list = seatList(() => ({ t, headers: retail }));
const seat = async (id: number) => json<Seat>(await t.api('GET', `/seat/${id}`, retail));
/** The seat's location as the list shows it, then as its row keeps it (with its version). */
const shown = async (id: number) => (await list()).records.find((s) => s.id === id)?.location;
/** A write as the account's tenant (row-level security binds), in a transaction of its own. */
/** A fixture's writes in the account (exempt from the change-event guard, migration 064). */
const asTenant = (fn: (tx: Tx) => Promise<unknown>) =>
  t.app.platform.tenancy.tenant(ACCOUNT, async (tx) => {
    await exemptFromChangeEvents(tx, 'test fixture');
    return fn(tx);
  });
const save = async (id: number, changes: object) => {
  const current = await seat(id);
  const res = await t.api('PUT', `/seat/${id}`, basedOn(retail, current.version), {
    ...seatValues(current),
    ...changes,
  });
  expect([res.statusCode, res.body.slice(0, 200)]).toEqual([200, expect.any(String)]);
};

/** Every seat of the account's location as the derivation says, from the seats and numbers themselves. */
const truth = async () => {
  const numbers = await t.database.db
    .selectFrom('telephone_numbers')
    .select(['number', 'ems_postcode'])
    .where('account_no', '=', ACCOUNT)
    .execute();
  const seats = await t.database.db
    .selectFrom('seats')
    .select(['id', 'emergency_service_cid', 'caller_id_number', 'located'])
    .where('account_no', '=', ACCOUNT)
    .orderBy('id')
    .execute();
  return seats.map((s) => {
    const number = s.emergency_service_cid || s.caller_id_number;
    return { id: s.id, stored: s.located, located: numbers.some((n) => n.number === number && n.ems_postcode !== '') };
  });
};
/** The list's location of every seat equals the derivation's (and the stored column too). */
const expectTruth = async () => {
  const want = await truth();
  const got = new Map((await list()).records.map((s) => [s.id, s.location]));
  expect(want.map((s) => [s.id, s.stored, got.get(s.id)])).toEqual(want.map((s) => [s.id, s.located, s.located]));
};

describe('the stored location', () => {
  it('follows the seat’s emergency CLI and caller ID, and the numbers’ addresses, additions, deletions and renumbering', async () => {
    const created = await t.api('POST', '/seat', retail, { extension: 282, nickname: 'Where', callerIdNumber: MAIN });
    expect(created.statusCode).toBe(200);
    const id = json<{ id: number }>(created).id;
    const step = async (want: boolean) => {
      expect(await shown(id)).toBe(want);
      await expectTruth();
    };
    try {
      await step(true);
      // The emergency CLI comes first: a number without an address, then cleared (the caller ID again).
      await save(id, { emergencyServiceCid: MARKETING });
      await step(false);
      await save(id, { emergencyServiceCid: '' });
      await step(true);
      await save(id, { callerIdNumber: MARKETING });
      await step(false);

      // The number's address given and taken away (as the tenant: row-level security applies).
      await asTenant((tx) =>
        tx.updateTable('telephone_numbers').set({ ems_postcode: 'B1 2JR' }).where('number', '=', MARKETING).execute(),
      );
      await step(true);
      await asTenant((tx) =>
        tx.updateTable('telephone_numbers').set({ ems_postcode: '' }).where('number', '=', MARKETING).execute(),
      );
      await step(false);

      // A number added with an address, renumbered, and deleted.
      await save(id, { callerIdNumber: '', emergencyServiceCid: '' });
      await asTenant((tx) => sql`update seats set caller_id_number = '01214960990' where id = ${id}`.execute(tx));
      await step(false);
      await asTenant((tx) =>
        tx
          .insertInto('telephone_numbers')
          .values({ account_no: ACCOUNT, number: '01214960990', ems_postcode: 'B1 2JR' })
          .execute(),
      );
      await step(true);
      await asTenant((tx) =>
        tx
          .updateTable('telephone_numbers')
          .set({ number: '01214960991' })
          .where('number', '=', '01214960990')
          .execute(),
      );
      await step(false);
      await asTenant((tx) => sql`update seats set emergency_service_cid = '01214960991' where id = ${id}`.execute(tx));
      await step(true);
      await asTenant((tx) => tx.deleteFrom('telephone_numbers').where('number', '=', '01214960991').execute());
      await step(false);

      // Another account's number locates no seat of this one (a number is the account's own).
      await asTenant((tx) => sql`update seats set emergency_service_cid = ${BELLA} where id = ${id}`.execute(tx));
      await step(false);
      // A writer saying otherwise is not believed.
      await asTenant((tx) => sql`update seats set located = true where id = ${id}`.execute(tx));
      await step(false);
    } finally {
      await t.api('DELETE', `/seat/${id}`, retail);
      await asTenant((tx) =>
        tx.deleteFrom('telephone_numbers').where('number', 'in', ['01214960990', '01214960991']).execute(),
      );
      await asTenant((tx) =>
        tx.updateTable('telephone_numbers').set({ ems_postcode: '' }).where('number', '=', MARKETING).execute(),
      );
    }
  });

  it('moves every seat a number locates, and is no edit of them: their versions stay', async () => {
    const seats = (await list()).records.filter((s) => s.callerIdNumber === MAIN && s.emergencyServiceCid === '');
    expect(seats.length).toBeGreaterThan(3);
    const before = await Promise.all(seats.map((s) => seat(s.id)));
    try {
      await asTenant((tx) =>
        tx.updateTable('telephone_numbers').set({ ems_postcode: '' }).where('number', '=', MAIN).execute(),
      );
      const after = await Promise.all(seats.map((s) => seat(s.id)));
      expect(after.map((s) => [s.location, s.version])).toEqual(before.map((s) => [false, s.version]));
      await expectTruth();
      // A save based on the version read before is not stale; an edit of the seat's numbers moves it.
      await save(seats[0]?.id as number, { emergencyServiceCid: MARKETING });
      expect((await seat(seats[0]?.id as number)).version).toBe((before[0]?.version as number) + 1);
    } finally {
      await asTenant((tx) =>
        tx.updateTable('telephone_numbers').set({ ems_postcode: 'B1 2JR' }).where('number', '=', MAIN).execute(),
      );
      await save(seats[0]?.id as number, { emergencyServiceCid: '' });
    }
    await expectTruth();
    expect((await list()).records.filter((s) => seats.some((x) => x.id === s.id)).every((s) => s.location)).toBe(true);
  });

  it('is worked out for every seat when the migration runs on an existing account', async () => {
    await asTenant((tx) =>
      tx.updateTable('telephone_numbers').set({ ems_postcode: '' }).where('number', '=', MAIN).execute(),
    );
    try {
      await migration.down?.(t.database.db);
      await asTenant((tx) =>
        tx.updateTable('telephone_numbers').set({ ems_postcode: 'B1 2JR' }).where('number', '=', MAIN).execute(),
      );
      await migration.up(t.database.db);
      expect((await truth()).filter((s) => s.located).length).toBeGreaterThan(3);
      await expectTruth();
    } finally {
      await asTenant((tx) =>
        tx.updateTable('telephone_numbers').set({ ems_postcode: 'B1 2JR' }).where('number', '=', MAIN).execute(),
      );
    }
  });
});

describe('the seats list by the stored location', () => {
  it('sorts both ways as the derivation says, paged', async () => {
    // Beside the demo's (all located by the main line): one without a number, one on Marketing's.
    const ids = new Map((await list()).records.map((s) => [s.extension, s.id]));
    await save(ids.get(203) as number, { emergencyServiceCid: MARKETING });
    await save(ids.get(209) as number, { callerIdNumber: '' });
    try {
      const seats = await truth();
      expect(new Set(seats.map((s) => s.located))).toEqual(new Set([true, false]));
      for (const direction of ['asc', 'desc'] as const) {
        const sign = direction === 'asc' ? 1 : -1;
        const want = [...seats]
          .sort((a, b) => sign * (Number(a.located) - Number(b.located)) || a.id - b.id)
          .map((s) => s.id);
        const got = (await list({ sortBy: 'location', direction })).records.map((s) => s.id);
        expect([direction, got]).toEqual([direction, want]);
        const page = await list({ sortBy: 'location', direction }, '1/2');
        expect([direction, page.totalRecords, page.records.map((s) => s.id)]).toEqual([
          direction,
          want.length,
          want.slice(1, 3),
        ]);
      }
    } finally {
      await save(ids.get(203) as number, { emergencyServiceCid: '' });
      await save(ids.get(209) as number, { callerIdNumber: MAIN });
    }
  });

  it('finds a location sort’s page from the seats alone, by an index leading with the account, either way', async () => {
    const { rows: indexes } = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes where tablename = 'seats'`.execute(t.database.db);
    for (const [direction, columns] of [
      ['asc', '(account_no, located, id)'],
      ['desc', '(account_no, located DESC, id)'],
    ] as const) {
      // The page's ids (the statement's init plans) read the seats only, no number.
      const read = await pageReads(t, ACCOUNT, () => list({ sortBy: 'location', direction }, '0/5'));
      expect([direction, read]).toEqual([direction, ['seats']]);
      const index = indexes.find((i) => i.indexdef.includes(columns));
      expect([direction, index?.indexname]).toEqual([direction, expect.any(String)]);
    }
  });
});
