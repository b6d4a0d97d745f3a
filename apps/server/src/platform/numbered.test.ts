/** The next free number of an account's one numbering plan (platform/numbered.ts), gaps and bounds. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
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
