import { type Estate, perDay } from '@switchboard/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { loadEstate } from './estate.ts';

let t: TestContext;
const ACME = 30000;
const OTHER = 30001;
const EVERY_DAY = JSON.stringify(perDay(() => true));

beforeAll(async () => {
  t = await createTestContext();
}, 240_000);
afterAll(async () => t?.close());

/** The estate of `account` read as the routes read it (a read-only tenant transaction); `hint` the kept estate tried. */
const read = (account: number, hint = account) =>
  t.app.platform.tenancy.tenant(account, (db) => loadEstate(db, t.app.platform.lists, hint), { readOnly: true });
const owner = (query: ReturnType<typeof sql>) => query.execute(t.database.db);
const seat = (estate: Estate, extension: number) => estate.seats.find((s) => s.extension === extension);
const group = (estate: Estate, no: number) => estate.callGroups.find((g) => g.groupNo === no);

describe('loadEstate: the estate kept between reads is answered only while its rows are the very same', () => {
  it('read whole in one statement; unchanged, the kept estate is answered after one (the fingerprints); changed, only the rows written are read', async () => {
    // Read whole (no estate kept under the hint): every kind in one statement.
    const whole = (await t.statements(() => read(ACME, 90010))).filter((s) => !s.sql.includes('app_enter_account'));
    expect(whole).toHaveLength(1);
    const first = await read(ACME);
    const statements = await t.statements(() => read(ACME));
    // The transaction's own first statement (its account and role), then the fingerprint.
    expect(statements.map((s) => s.sql).filter((text) => !text.includes('app_enter_account'))).toHaveLength(1);
    // A seat written: the fingerprints, the seats' ids and versions, then that seat alone read again
    // (every other kind and every other seat kept).
    await owner(sql`update seats set nickname = nickname where account_no = ${ACME} and extension = 201`);
    const changed = (await t.statements(() => read(ACME))).filter((s) => !s.sql.includes('app_enter_account'));
    expect(changed).toHaveLength(3);
    expect(changed[1]?.sql).toMatch(/json_agg\(.*from "seats"\)/);
    expect(changed[2]?.sql).toMatch(/from "seats" where "seats"."id" in \(\$1\)/);
    const again = await read(ACME);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    expect(again.ivrs).toBe(first.ivrs);
    expect(again.seats).not.toBe(first.seats);
    const [written, other] = [201, 202].map((ext) => again.seats.findIndex((s) => s.extension === ext));
    expect(again.seats[written ?? -1]).not.toBe(first.seats[written ?? -1]);
    expect(again.seats[other ?? -1]).toBe(first.seats[other ?? -1]);
    expect(await read(ACME)).toBe(again);
    expect(Object.isFrozen(first.seats[0])).toBe(true);
    expect(Reflect.set(first, 'seats', [])).toBe(false);
    expect(Reflect.set(first.seats[0] ?? {}, 'nickname', 'Changed')).toBe(false);
  });

  it('a write committed by anyone, even outside the platform, is read at once (update, insert, delete, a child)', async () => {
    const before = await read(ACME);
    expect(seat(before, 201)?.nickname).not.toBe('Kept test');
    await owner(sql`update seats set nickname = 'Kept test' where account_no = ${ACME} and extension = 201`);
    const renamed = await read(ACME);
    expect(seat(renamed, 201)?.nickname).toBe('Kept test');
    await owner(sql`insert into call_groups (account_no, group_no, custom_name) values (${ACME}, 359, 'Kept team')`);
    const added = await read(ACME);
    expect(group(added, 359)?.members).toEqual([]);
    const { id } = await t.database.db
      .selectFrom('call_groups')
      .select('id')
      .where('account_no', '=', ACME)
      .where('group_no', '=', 359)
      .executeTakeFirstOrThrow();
    await owner(sql`insert into call_group_members (account_no, group_id, member, days)
      values (${ACME}, ${id}, 'seat:201', ${EVERY_DAY})`);
    expect(group(await read(ACME), 359)?.members.map((m) => m.name)).toEqual(['seat:201']);
    await owner(sql`delete from call_groups where account_no = ${ACME} and group_no = 359`);
    await owner(sql`delete from call_group_members where group_id = ${id}`);
    const removed = await read(ACME);
    expect(group(removed, 359)).toBeUndefined();
    await owner(
      sql`update seats set nickname = ${seat(before, 201)?.nickname ?? ''} where account_no = ${ACME} and extension = 201`,
    );
    expect(seat(await read(ACME), 201)?.nickname).toBe(seat(before, 201)?.nickname);
  });

  it('brought up to date row by row, it equals the estate read whole: new, written and deleted rows, a queue reordered', async () => {
    const whole = (hint: number) => read(ACME, hint); // no estate kept under the hint: every kind read whole
    await read(ACME);
    const queue = await t.database.db
      .selectFrom('call_queue_members')
      .select(['id', 'queue_id', 'penalty'])
      .where('account_no', '=', ACME)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await owner(sql`insert into call_queue_members (account_no, queue_id, member, penalty)
      values (${ACME}, ${queue.queue_id}, 'seat:202', ${queue.penalty + 5})`);
    await owner(sql`update call_queue_members set penalty = penalty + 10 where id = ${queue.id}`);
    await owner(sql`insert into call_groups (account_no, group_no, custom_name) values (${ACME}, 358, 'Row by row')`);
    await owner(sql`update seats set nickname = 'Row by row' where account_no = ${ACME} and extension = 202`);
    const since = await read(ACME);
    expect(since).toEqual(await whole(90001));
    const agents = since.queues.find((q) => q.id === queue.queue_id)?.members ?? [];
    expect(agents.at(-1)?.memberName).not.toBe('seat:202');
    expect(agents.map((m) => m.penalty)).toEqual([...agents.map((m) => m.penalty)].sort((a, b) => a - b));
    await owner(
      sql`delete from call_queue_members where account_no = ${ACME} and member = 'seat:202' and penalty = ${queue.penalty + 5}`,
    );
    await owner(sql`update call_queue_members set penalty = ${queue.penalty} where id = ${queue.id}`);
    await owner(sql`delete from call_groups where account_no = ${ACME} and group_no = 358`);
    const undone = await read(ACME);
    expect(undone).toEqual(await whole(90002));
    expect(group(undone, 358)).toBeUndefined();
    // A row far from the others (its id), added then deleted.
    await owner(
      sql`insert into call_groups (id, account_no, group_no, custom_name) values (640001, ${ACME}, 357, 'Far away')`,
    );
    expect(group(await read(ACME), 357)?.customName).toBe('Far away');
    await owner(sql`delete from call_groups where id = 640001`);
    const emptied = await read(ACME);
    expect(group(emptied, 357)).toBeUndefined();
    expect(emptied).toEqual(await whole(90003));
    expect(seat(undone, 202)?.nickname).toBe('Row by row');
  });

  it('in a write’s own transaction, each of its writes is read (twice to one row too); rolled back, none is', async () => {
    const before = await read(ACME);
    const seen: Array<string | undefined> = [];
    const undone = new Error('rolled back');
    const write = t.app.platform.tenancy.tenant(ACME, async (db) => {
      const rename = (name: string) =>
        sql`update seats set nickname = ${name} where account_no = ${ACME} and extension = 201`.execute(db);
      await rename('First write');
      seen.push(seat(await loadEstate(db, t.app.platform.lists, ACME), 201)?.nickname);
      await rename('Second write');
      seen.push(seat(await loadEstate(db, t.app.platform.lists, ACME), 201)?.nickname);
      throw undone;
    });
    await expect(write).rejects.toBe(undone);
    expect(seen).toEqual(['First write', 'Second write']);
    expect(seat(await read(ACME), 201)?.nickname).toBe(seat(before, 201)?.nickname);
  });

  it('never answers another account’s kept estate, whichever account it is asked to try', async () => {
    const acme = await read(ACME);
    const other = await read(OTHER, ACME);
    expect(other).not.toBe(acme);
    // Kept under its own number in turn (an account with empty kinds: their fingerprints match too).
    const own = await read(OTHER);
    expect(own).toEqual(other);
    expect(await read(OTHER)).toBe(own);
    expect(other.numbers.map((n) => n.telephoneNumber)).not.toEqual(acme.numbers.map((n) => n.telephoneNumber));
    // Both kept under the one hint in turn: each read still gets its own account's rows.
    expect(await read(ACME, ACME)).not.toBe(other);
    expect((await read(ACME)).numbers).toEqual(acme.numbers);
  });
});
