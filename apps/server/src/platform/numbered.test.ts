/** The next free number of an account's one numbering plan (platform/numbered.ts), gaps and bounds. */
import { SEAT_MESSAGES, TIME_PROFILE_MESSAGES } from '@switchboard/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from '../test/harness.ts';
import { nextFreeNumber } from './numbered.ts';
import type { Tx } from './tenancy.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

/** `fn` over account 30001's plan holding exactly `plan` (kind, number), rolled back afterwards. */
async function withPlan<T>(plan: Array<[string, number]>, fn: (tx: Tx) => Promise<T>): Promise<T> {
  let answer: T | undefined;
  const rollback = new Error('rollback');
  await t.app.platform.tenancy
    .tenant(30001, async (tx) => {
      await tx.deleteFrom('dial_plan').execute();
      if (plan.length > 0) {
        await tx
          .insertInto('dial_plan')
          .values(plan.map(([kind, number], i) => ({ account_no: 30001, kind, number, object_id: 900_000 + i })))
          .execute();
      }
      answer = await fn(tx);
      throw rollback;
    })
    .catch((e: unknown) => {
      if (e !== rollback) throw e;
    });
  return answer as T;
}

const bounds = { min: 200, max: 210 };
const seats = (...numbers: number[]) => numbers.map((n): [string, number] => ['seat', n]);

describe('next free number', () => {
  it('runs on after the highest of its kind, skipping numbers of other kinds', async () => {
    expect(await withPlan([], (tx) => nextFreeNumber(tx, 'seat', bounds))).toBe(200);
    expect(await withPlan(seats(200, 201, 202), (tx) => nextFreeNumber(tx, 'seat', bounds))).toBe(203);
    // A gap below the highest is not reused while numbers remain above it.
    expect(await withPlan(seats(200, 205), (tx) => nextFreeNumber(tx, 'seat', bounds))).toBe(206);
    const mixed: Array<[string, number]> = [...seats(200, 201), ['timeprofile', 202], ['callgroup', 203]];
    expect(await withPlan(mixed, (tx) => nextFreeNumber(tx, 'seat', bounds))).toBe(204);
    // Another kind numbers on from its own highest.
    expect(await withPlan(mixed, (tx) => nextFreeNumber(tx, 'timeprofile', bounds))).toBe(204);
  });

  it('falls back to the lowest free number when the top of the range is taken, and null when full', async () => {
    expect(await withPlan(seats(201, 210), (tx) => nextFreeNumber(tx, 'seat', bounds))).toBe(200);
    expect(await withPlan(seats(200, 201, 202, 210), (tx) => nextFreeNumber(tx, 'seat', bounds))).toBe(203);
    const full = seats(200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210);
    expect(await withPlan(full, (tx) => nextFreeNumber(tx, 'seat', bounds))).toBeNull();
    // Numbers outside the bounds count for nothing.
    expect(await withPlan(seats(199, 211, 5000), (tx) => nextFreeNumber(tx, 'seat', bounds))).toBe(200);
  });
});

describe('the numbering plan, the last word', () => {
  it('refuses a number the create’s own check did not see (two creates at once) with the area’s in-use text', async () => {
    const db = t.database.db;
    const retail = await t.login('retail');
    // A number taken by an object the tenant cannot see: as when another create commits between
    // this one's check and its insert. The plan's key refuses the insert.
    await sql`create policy dial_plan_ghost on dial_plan as restrictive for select using (kind <> 'ghost')`.execute(db);
    await sql`insert into dial_plan (account_no, number, kind, object_id) values (30000, 487, 'ghost', 999999)`.execute(
      db,
    );
    try {
      for (const [path, body, message] of [
        ['/seat', { extension: 487 }, SEAT_MESSAGES.inUse],
        ['/timeprofile', { extension: 487, name: 'Ghost' }, TIME_PROFILE_MESSAGES.inUse],
      ] as const) {
        const res = await t.api('POST', path, retail, body);
        expect(res.statusCode, res.body).toBe(400);
        expect(json<{ message: string }>(res).message).toBe(message);
      }
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from dial_plan
        where account_no = 30000 and number = 487`.execute(db);
      expect(rows[0]?.n).toBe(1);
    } finally {
      await sql`delete from dial_plan where kind = 'ghost'`.execute(db);
      await sql`drop policy dial_plan_ghost on dial_plan`.execute(db);
    }
  });
});
