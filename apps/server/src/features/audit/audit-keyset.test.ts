/**
 * Keyset paging of the audit log (issue 26 item 6, platform/keyset.ts): a cursor's walk over the
 * whole list answers what the offset pages answer, in the key's order (at desc, id desc, ties by id
 * to the microsecond), deep offsets read from the far end agree, a bad cursor is a 400, rows written
 * between two pages are neither repeated nor skipped, and row-level security still decides the rows.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_CURSOR, OTHER_CURSOR } from '../../platform/keyset.ts';
import { createTestContext, json, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let retail: Record<string, string>;
let prepay: Record<string, string>;

type Page = { records: Array<{ id: number; at: string; action: string }>; totalRecords: number; lastPage: boolean };
type KeysetPage = Page & { nextCursor?: string | null };

const RETAIL = 30000;
const PREPAY = 30001;
/** Rows of the big walk: enough for offsets past 1,000 read from the far end. */
const MANY = 2500;
const TIED = 60;

/** `n` audit rows of `account` with the action `{area}.test`; `at` is `atSql` of the row number i. */
async function addRows(account: number, area: string, n: number, atSql: string) {
  await sql
    .raw(`insert into audit_log (account_no, user_id, action, details, at)
      select ${account}, null, '${area}.test', '{}'::jsonb, ${atSql} from generate_series(1, ${n}) i`)
    .execute(t.database.db);
}

/** The ids of `account`'s rows in the key's order (as the owner: no row-level security). */
async function idsInKeyOrder(account: number, action?: string): Promise<number[]> {
  const rows = await sql<{ id: string }>`select id from audit_log where account_no = ${account}
      and (${action ?? null}::text is null or action = ${action ?? null}) order by at desc, id desc`.execute(
    t.database.db,
  );
  return rows.rows.map((r) => Number(r.id));
}

const list = (headers: Record<string, string>, path: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/audit/${path}`, headers, payload });

async function byOffset(headers: Record<string, string>, limit: number, body: object = {}) {
  const ids: number[] = [];
  for (let offset = 0; ; offset += limit) {
    const res = await list(headers, `${offset}/${limit}`, body);
    expect(res.statusCode, res.body).toBe(200);
    const page = json<KeysetPage>(res);
    ids.push(...page.records.map((r) => r.id));
    if (page.lastPage) return ids;
  }
}

async function byCursor(headers: Record<string, string>, limit: number, body: object = {}, between?: () => unknown) {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (;;) {
    const res = await list(headers, `0/${limit}`, { ...body, ...(cursor ? { cursor } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    const page = json<KeysetPage>(res);
    ids.push(...page.records.map((r) => r.id));
    expect(page.lastPage).toBe(page.nextCursor === null);
    if (!page.nextCursor) return ids;
    cursor = page.nextCursor;
    await between?.();
  }
}

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  prepay = await t.login('prepay');
  // Three rows to each instant, a microsecond apart from the next instant's (the cursor keeps microseconds).
  await addRows(
    RETAIL,
    'keyset',
    MANY,
    `timestamptz '2020-01-01 00:00:00.000001+00' + (i / 3) * interval '1.000001 second'`,
  );
  await addRows(RETAIL, 'keysetties', TIED, `timestamptz '2021-06-01 12:00:00.123456+00'`);
  await addRows(PREPAY, 'keyset', 30, `timestamptz '2020-01-01 00:00:00+00' + i * interval '1 second'`);
}, 60_000);
afterAll(async () => t?.close());

describe('audit log keyset paging', () => {
  it('walks the whole list by cursor as the offset pages list it, deep offsets read from the far end included', async () => {
    const expected = await idsInKeyOrder(RETAIL);
    expect(expected.length).toBeGreaterThanOrEqual(MANY + TIED);
    const offsets = await byOffset(retail, 200);
    expect(offsets).toEqual(expected);
    expect(await byCursor(retail, 200)).toEqual(expected);
    // The last page's total and flag, read from the far end.
    const last = json<KeysetPage>(await list(retail, `${expected.length - 3}/50`));
    expect(last).toMatchObject({ totalRecords: expected.length, lastPage: true, nextCursor: null });
    expect(last.records.map((r) => r.id)).toEqual(expected.slice(-3));
    expect(json<KeysetPage>(await list(retail, `${expected.length}/50`)).records).toEqual([]);
  });

  it('orders rows of the same instant by id, newest first, by offset and by cursor alike', async () => {
    const filter = { filters: { area: 'keysetties' } };
    const expected = await idsInKeyOrder(RETAIL, 'keysetties.test');
    expect(expected).toEqual([...expected].sort((a, b) => b - a));
    expect(await byOffset(retail, 7, filter)).toEqual(expected);
    expect(await byCursor(retail, 7, filter)).toEqual(expected);
  });

  it('neither repeats nor skips a row when rows are written between two pages', async () => {
    const filter = { filters: { area: 'keysetties' } };
    const before = await idsInKeyOrder(RETAIL, 'keysetties.test');
    let written = 0;
    const seen = await byCursor(retail, 7, filter, async () => {
      written++;
      // A newer row, and one of the same instant as the rows listed (a higher id: before them in the order).
      await addRows(RETAIL, 'keysetties', 1, 'now()');
      await addRows(RETAIL, 'keysetties', 1, `timestamptz '2021-06-01 12:00:00.123456+00'`);
    });
    expect(written).toBeGreaterThan(5);
    expect(seen).toEqual(before);
  });

  it('answers a page of an offset with the cursor of the next one', async () => {
    const expected = await idsInKeyOrder(RETAIL);
    const page = json<KeysetPage>(await list(retail, '40/20'));
    const next = json<KeysetPage>(await list(retail, '0/20', { cursor: page.nextCursor }));
    expect(next.records.map((r) => r.id)).toEqual(expected.slice(60, 80));
    expect(next.totalRecords).toBe(expected.length);
    // Sorted by another field the list pages by offset only: no cursor.
    expect(json<KeysetPage>(await list(retail, '0/20', { sortBy: 'user' })).nextCursor).toBeUndefined();
  });

  it('refuses a bad cursor with a 400 that says so, never a 500', async () => {
    const { nextCursor } = json<KeysetPage>(await list(retail, '0/5'));
    if (!nextCursor) throw new Error('no cursor');
    const [key, id, bound] = JSON.parse(Buffer.from(nextCursor, 'base64url').toString()) as [string, number, string];
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const refused = async (path: string, body: object, message: string) => {
      const res = await list(retail, path, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(json<{ message: string }>(res).message).toContain(message);
    };
    for (const cursor of [
      'not a cursor!',
      'x'.repeat(2000),
      forged({ key, id }),
      forged([key, -1, bound]),
      forged(['2021-13-45T99:99:99.000000Z', id, bound]),
      forged(['2021-02-30T00:00:00.000000Z', id, bound]),
      forged([key, 1.5, bound]),
      forged(["2021-01-01'; drop table audit_log; --", id, bound]),
      nextCursor.slice(0, -4),
    ]) {
      await refused('0/5', { cursor }, cursor.length > 800 ? 'cursor' : BAD_CURSOR);
    }
    expect((await list(retail, '0/5', { cursor: 12 })).statusCode).toBe(400);
    await refused('0/5', { cursor: nextCursor, filters: { area: 'keyset' } }, OTHER_CURSOR);
    await refused('0/5', { cursor: nextCursor, direction: 'asc' }, OTHER_CURSOR);
    await refused('0/5', { cursor: nextCursor, sortBy: 'user' }, 'default order');
    await refused('5/5', { cursor: nextCursor }, 'offset is 0');
    await refused('-1/-1', { cursor: nextCursor }, 'limit');
    // A position past every id is a position all the same (an id the table has not reached).
    expect((await list(retail, '0/5', { cursor: forged([key, 2 ** 40, bound]) })).statusCode).toBe(200);
    // The cursor still works as given.
    expect((await list(retail, '0/5', { cursor: nextCursor })).statusCode).toBe(200);
  });

  it("keeps each account to its own rows: another account's cursor pages its own list", async () => {
    const own = await idsInKeyOrder(PREPAY);
    const theirs = new Set(await idsInKeyOrder(RETAIL));
    expect(await byCursor(prepay, 9)).toEqual(own);
    expect(await byOffset(prepay, 9)).toEqual(own);
    // Retail's cursor, deep in retail's list, given to prepay: prepay's rows past that key only.
    const deep = json<KeysetPage>(await list(retail, '1500/10'));
    const res = json<KeysetPage>(await list(prepay, '0/50', { cursor: deep.nextCursor }));
    expect(res.records.every((r) => !theirs.has(r.id))).toBe(true);
    expect(res.totalRecords).toBe(own.length);
    const last = deep.records.at(-1);
    expect(res.records.every((r) => r.at <= (last?.at ?? ''))).toBe(true);
  });
});
