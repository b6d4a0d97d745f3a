/** The next free number of an account's one numbering plan (platform/numbered.ts), gaps and bounds. */
import { SEAT_MESSAGES, TIME_PROFILE_MESSAGES } from '@switchboard/domain';
import { CompiledQuery, type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, onPostgres, raceWithOpenTransaction, type TestContext } from '../test/harness.ts';
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

/** Every number of from..to as a seat's. */
const run = (from: number, to: number) => seats(...Array.from({ length: to - from + 1 }, (_, i) => from + i));

describe('the next free number past full blocks of the plan (its blocks of 100, migration 054)', () => {
  const wide = { min: 200, max: 998 };
  const next = (plan: Array<[string, number]>, b = wide, then?: (tx: Tx) => Promise<unknown>) =>
    withPlan(plan, async (tx) => {
      await then?.(tx);
      return nextFreeNumber(tx, 'seat', b);
    });

  it('with the top number taken: the lowest free one, at the start, in the middle or at the end', async () => {
    expect(await next([...run(200, 599), ...seats(998)])).toBe(600);
    expect(await next([...run(201, 599), ...seats(998)])).toBe(200);
    expect(await next([...run(200, 449), ...run(451, 599), ...seats(998)])).toBe(450);
    expect(await next([...run(200, 996), ...seats(998)])).toBe(997);
    expect(await next(run(200, 998))).toBeNull();
    // Numbers of other kinds fill blocks too.
    const others: Array<[string, number]> = [...run(200, 599), ...seats(998)];
    for (let n = 600; n < 700; n++) others.push(['timeprofile', n]);
    expect(await next(others)).toBe(700);
  });

  it('keeps to bounds that start or end inside a block', async () => {
    // Room in the last block only past the bounds: none.
    expect(await next(run(200, 950), { min: 200, max: 950 })).toBeNull();
    // Free numbers below the bounds count for nothing.
    expect(await next([...run(250, 399), ...seats(998)], { min: 250, max: 998 })).toBe(400);
    expect(await next([...run(250, 399), ...seats(998)], { min: 250, max: 399 })).toBeNull();
  });

  it('finds a number freed by a delete or a change of number', async () => {
    const full = [...run(200, 599), ...seats(998)];
    const del = (n: number) => (tx: Tx) => tx.deleteFrom('dial_plan').where('number', '=', n).execute();
    expect(await next(full, wide, del(350))).toBe(350);
    // A whole block freed by one statement (a bulk delete).
    expect(
      await next(full, wide, (tx) =>
        tx.deleteFrom('dial_plan').where('number', '>=', 300).where('number', '<', 400).execute(),
      ),
    ).toBe(300);
    const move = (tx: Tx) => tx.updateTable('dial_plan').set({ number: 700 }).where('number', '=', 451).execute();
    expect(await next(full, wide, move)).toBe(451);
  });

  it('keeps the blocks’ counts in the writing transaction, for the tenant to read and not to write', async () => {
    const counts = await withPlan([...run(200, 450), ...seats(998)], async (tx) => {
      await tx.updateTable('dial_plan').set({ number: 720 }).where('number', '=', 210).execute();
      await tx.deleteFrom('dial_plan').where('number', 'in', [300, 301, 998]).execute();
      const kept = await sql<{ block: number; taken: number }>`select block, taken from dial_plan_blocks
        where taken > 0 order by block`.execute(tx);
      const actual = await sql<{ block: number; taken: number }>`select number / 100 as block, count(*)::int as taken
        from dial_plan group by 1 order by 1`.execute(tx);
      const written = await sql`insert into dial_plan_blocks (account_no, block, taken) values (30001, 5, 0)`
        .execute(tx)
        .then(
          () => 'written',
          (e: { code?: string }) => e.code,
        );
      return { kept: kept.rows, actual: actual.rows, written };
    });
    expect(counts.kept).toEqual(counts.actual);
    expect(counts.kept).toEqual([
      { block: 2, taken: 99 },
      { block: 3, taken: 98 },
      { block: 4, taken: 51 },
      { block: 7, taken: 1 },
    ]);
    expect(counts.written).toBe('42501');
  });
});

describe('the blocks’ counts and a truncate of the plan', () => {
  it('empties the counts when the plan is emptied at once', async () => {
    const rollback = new Error('rollback');
    const taken: number[] = [];
    const count = async (trx: Tx) =>
      (await sql<{ n: number }>`select coalesce(sum(taken), 0)::int as n from dial_plan_blocks`.execute(trx)).rows[0]
        ?.n ?? -1;
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        taken.push(await count(trx));
        await sql`truncate dial_plan`.execute(trx);
        taken.push(await count(trx));
        throw rollback;
      })
      .catch((e: unknown) => {
        if (e !== rollback) throw e;
      });
    expect(taken[0]).toBeGreaterThan(0);
    expect(taken[1]).toBe(0);
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

/**
 * The next free number through the API (GET /seat/{account}/next, GET /timeprofile/next) on an
 * account of 3,000 seats (20000-22999, five-digit extensions), in a transaction of the seed's, rolled
 * back: the top extension taken, a gap, max + 1 of another kind. And how much of the plan the
 * statement reads: once per number (a walk of the key), never once per number per number (issue 25:
 * a nested-loop anti join read the whole plan for each extension, 7.5 s at 20,000 seats).
 */
describe('the next free number of a large account', () => {
  const SEATS = 3000;
  let prepay: Record<string, string>;
  const seed = <R>(statement: RawBuilder<R>) =>
    t.app.platform.tenancy.crossAccount('seed', (tx) => statement.execute(tx));
  const next = async () => {
    const res = await t.api('GET', '/seat/30001/next', prepay);
    expect(res.statusCode, res.body).toBe(200);
    return json<{ extension: number | null }>(res).extension;
  };

  beforeAll(async () => {
    prepay = await t.login('prepay');
    await seed(sql`update accounts set extension_digits = 5 where account_no = 30001`);
    await seed(sql`insert into seats (account_no, extension, name, secret, unique_string)
      select 30001, g, '30001*' || g, md5('s' || g), md5('u' || g) from generate_series(20000, ${20000 + SEATS - 1}) g`);
  });
  afterAll(async () => {
    await seed(sql`delete from seats where account_no = 30001 and extension >= 20000`);
    await seed(sql`delete from dial_plan where account_no = 30001 and object_id >= 900000`);
    await seed(sql`update accounts set extension_digits = 3 where account_no = 30001`);
  });
  const addSeat = (extension: number) =>
    seed(sql`insert into seats (account_no, extension, name, secret, unique_string)
      values (30001, ${extension}, ${`30001*${extension}`}, 'x', md5(${String(extension)}))`);
  const removeSeat = (extension: number) =>
    seed(sql`delete from seats where account_no = 30001 and extension = ${extension}`);

  it('runs on after the highest seat, and with the top extension taken finds the lowest free one', async () => {
    expect(await next()).toBe(20000 + SEATS);
    await addSeat(99899);
    try {
      expect(await next()).toBe(20000 + SEATS);
      // A gap low in the range is the one given.
      await removeSeat(20017);
      expect(await next()).toBe(20017);
      await addSeat(20017);
    } finally {
      await removeSeat(99899);
    }
  });

  it('skips max + 1 when another kind of number holds it', async () => {
    const top = 20000 + SEATS;
    await seed(sql`insert into dial_plan (account_no, number, kind, object_id)
      values (30001, ${top}, 'timeprofile', 900001), (30001, ${top + 1}, 'callgroup', 900002)`);
    try {
      expect(await next()).toBe(top + 2);
      // The time profiles number on from their own highest (three digits: 200-998), untouched.
      expect(json(await t.api('GET', '/timeprofile/next', prepay))).toMatchObject({ extension: expect.any(Number) });
    } finally {
      await seed(sql`delete from dial_plan where account_no = 30001 and object_id in (900001, 900002)`);
    }
  });

  it('finds a block freed by a bulk delete below the top extension', async () => {
    await addSeat(99899);
    await seed(sql`delete from seats where account_no = 30001 and extension between 20100 and 20199`);
    try {
      expect(await next()).toBe(20100);
    } finally {
      await seed(sql`insert into seats (account_no, extension, name, secret, unique_string)
        select 30001, g, '30001*' || g, md5('s' || g), md5('u' || g) from generate_series(20100, 20199) g`);
      await removeSeat(99899);
    }
  });

  it.skipIf(!onPostgres)(
    'lets a range add and a create further up its blocks run at once, neither deadlocked',
    async () => {
      // Another transaction holds a number of the range's last block and, once the add waits, creates a
      // seat: had the add taken the seats' row count before that block, each would wait for the other.
      const add = () => t.api('POST', '/seat/range', prepay, { from: 23050, to: 23149 });
      const res = await raceWithOpenTransaction(
        t.database.db,
        (trx) =>
          sql`insert into dial_plan (account_no, number, kind, object_id) values (30001, 23160, 'ghost', 900100)`.execute(
            trx,
          ),
        add,
        (trx) =>
          sql`insert into seats (account_no, extension, name, secret, unique_string)
        values (30001, 23500, '30001*23500', 'x', md5('23500'))`.execute(trx),
      );
      try {
        expect(res.statusCode, res.body).toBe(200);
        const { rows } = await seed(sql<{ n: number }>`select count(*)::int as n from seats
        where account_no = 30001 and extension between 23050 and 23500`);
        expect(rows[0]?.n).toBe(101);
      } finally {
        await seed(sql`delete from seats where account_no = 30001 and extension between 23000 and 23999`);
        await seed(sql`delete from dial_plan where account_no = 30001 and object_id = 900100`);
      }
    },
  );

  it('reads the plan once per number, not once per number per number, with the top extension taken', async () => {
    await addSeat(99899);
    try {
      const sent = await t.statements(() => next());
      const statement = sent.find((q) => q.sql.includes('dial_plan'));
      if (!statement) throw new Error('no statement read the plan');
      const plan = await t.app.platform.tenancy.tenant(30001, (tx) =>
        tx.executeQuery<{ 'QUERY PLAN': unknown }>(
          CompiledQuery.raw(`explain (analyze, format json) ${statement.sql}`, [...statement.parameters]),
        ),
      );
      // Every row a node of the plan produced or threw away, over all its loops.
      let read = 0;
      const walk = (node: Record<string, unknown>) => {
        const loops = Number(node['Actual Loops'] ?? 1);
        read += loops * (Number(node['Actual Rows'] ?? 0) + Number(node['Rows Removed by Join Filter'] ?? 0));
        read += loops * Number(node['Rows Removed by Filter'] ?? 0);
        for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
      };
      const root = plan.rows[0]?.['QUERY PLAN'];
      const tree = (typeof root === 'string' ? JSON.parse(root) : root) as Array<{ Plan: Record<string, unknown> }>;
      walk(tree[0]?.Plan as Record<string, unknown>);
      // A bounded part of the plan whatever the account's size: a block of numbers, the blocks' counts, a block.
      expect(read).toBeLessThan(1000);
    } finally {
      await removeSeat(99899);
    }
  });
});
