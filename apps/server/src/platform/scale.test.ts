/**
 * What the scale work changed (bench/scale.bench.ts): the set-based bulk delete keeps the one-by-one
 * refusals, all or none; the pick route answers only the fields named; a page's total is counted
 * apart from the page, and an unfiltered list of a large table reads the count the database keeps.
 */
import type { Seat, TelephoneNumber } from '@switchboard/domain';
import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTransactionSetup } from '../db/begin-coalescing.ts';
import { COUNTED_TABLES } from '../db/list-counts.ts';
import { addSearchText, SEARCH_TEXT_COLUMNS } from '../db/search-text.ts';
import { createTestContext, json, type TestContext } from '../test/harness.ts';
import { field, fieldMap } from './fields.ts';
import { pagedList, queryPlugin, withoutUnusedLeftJoins } from './list.ts';

let t: TestContext;
let retail: Record<string, string>;
let viewer: Record<string, string>;
type Page<T> = { records: T[]; totalRecords: number; lastPage: boolean };
type Reply = { success: boolean; message: string; ids?: number[] };

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  viewer = await t.login('viewer');
});
afterAll(async () => t?.close());

const seats = async () => json<Page<Seat>>(await t.api('POST', '/seat/-1/-1', retail, {})).records;
const seatId = async (extension: number) => {
  const found = (await seats()).find((s) => s.extension === extension);
  if (!found) throw new Error(`no seat ${extension}`);
  return found.id;
};
const deleteEvents = async (ids: number[]) => {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from change_events
    where area = 'seats' and kind = 'delete' and record_id in (${sql.join(ids)})`.execute(t.database.db);
  return Number(rows[0]?.n ?? 0);
};

describe('bulk delete, set-based', () => {
  it('refuses the whole delete when one seat is in use, with the single delete’s text, and deletes nothing', async () => {
    const free = await seatId(207);
    const sales = await seatId(204);
    const single = json<Reply>(await t.api('DELETE', `/seat/${sales}`, retail));
    const res = await t.api('DELETE', '/seat', retail, { ids: [free, sales] });
    expect(res.statusCode).toBe(409);
    expect(json<Reply>(res).message).toBe('In use in Telephone Number 01214960001 (Sales)');
    expect(json<Reply>(res).message).toBe(single.message);
    // Several uses of the first refused seat are all named, as a single delete names them.
    const office = json<Reply>(await t.api('DELETE', '/seat', retail, { ids: [free, await seatId(201), sales] }));
    expect(office.message).toContain('In use in IVR 370 - Main menu');
    expect(office.message).toContain('In use in Call Group 350 - Sales team');
    expect(office.message).not.toContain('Telephone Number');
    const left = (await seats()).map((s) => s.extension);
    expect(left).toEqual(expect.arrayContaining([201, 204, 207]));
    expect(await deleteEvents([free, sales])).toBe(0);
  });

  it('deletes every seat of the list in one go, one change event each, and answers their names in order', async () => {
    for (const extension of [251, 252, 253]) {
      expect((await t.api('POST', '/seat', retail, { extension, nickname: `Bulk ${extension}` })).statusCode).toBe(200);
    }
    const ids = [await seatId(253), await seatId(251), await seatId(252)];
    const res = await t.api('DELETE', '/seat', retail, { ids });
    expect(res.statusCode).toBe(200);
    expect(json<Reply>(res)).toEqual({
      success: true,
      message: 'Successfully deleted Bulk 253, Bulk 251, Bulk 252',
      ids,
    });
    expect((await seats()).some((s) => [251, 252, 253].includes(s.extension))).toBe(false);
    expect(await deleteEvents(ids)).toBe(3);
  });

  it('refuses a telephone number a seat presents, all or none', async () => {
    const numbers = json<Page<TelephoneNumber>>(await t.api('POST', '/numbering/allocated/-1/-1', retail, {})).records;
    const seat = (await seats()).find((s) => s.callerIdNumber !== '');
    const used = numbers.find((n) => n.telephoneNumber === seat?.callerIdNumber);
    const other = numbers.find((n) => n.id !== used?.id);
    if (!used || !other) throw new Error('the demo has a number a seat presents');
    const res = await t.api('DELETE', '/numbering/allocated', retail, { ids: [other.id, used.id] });
    expect(res.statusCode).toBe(409);
    expect(json<Reply>(res).message).toContain(`In use in Seat ${seat?.extension}`);
    const after = json<Page<TelephoneNumber>>(await t.api('POST', '/numbering/allocated/-1/-1', retail, {})).records;
    expect(after.map((n) => n.id)).toEqual(expect.arrayContaining([used.id, other.id]));
  });
});

describe('pick', () => {
  it('answers only the id and the fields named, in the list’s order, with its paging', async () => {
    const all = await seats();
    const res = await t.api('POST', '/seat/pick/-1/-1', retail, { fields: ['extension', 'nickname'] });
    expect(res.statusCode).toBe(200);
    const page = json<Page<Record<string, unknown>>>(res);
    expect(page.totalRecords).toBe(all.length);
    expect(page.records).toEqual(all.map((s) => ({ id: s.id, extension: s.extension, nickname: s.nickname })));
    const second = json<Page<Record<string, unknown>>>(
      await t.api('POST', '/seat/pick/1/2', retail, { fields: ['extension'], sortBy: 'extension', direction: 'desc' }),
    );
    const desc = [...all].sort((a, b) => b.extension - a.extension);
    expect(second).toEqual({
      records: desc.slice(1, 3).map((s) => ({ id: s.id, extension: s.extension })),
      totalRecords: all.length,
      lastPage: false,
    });
    // Search and filters work on every field, not only the ones picked.
    const searched = json<Page<Record<string, unknown>>>(
      await t.api('POST', '/seat/pick/-1/-1', retail, { fields: ['extension'], search: 'Reception' }),
    );
    expect(searched.records.length).toBeGreaterThan(0);
    expect(searched.records.length).toBeLessThan(all.length);
  });

  it('refuses unknown, write-only and too many fields with their messages', async () => {
    for (const [fields, message] of [
      [['nope'], "Unknown field 'nope'"],
      [['vmPin'], "Unknown field 'vmPin'"],
      [[], 'Name at least one field'],
      [Array.from({ length: 21 }, () => 'extension'), 'Name at most 20 fields'],
    ] as const) {
      const res = await t.api('POST', '/seat/pick/-1/-1', retail, { fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await t.api('POST', '/seat/pick/-1/-1', retail, {})).statusCode).toBe(400);
  });

  it('blanks secrets as the list does and fills decorated fields', async () => {
    const fields = ['telephoneNumber', 'faxPassword', 'displayDestination'];
    const full = json<Page<TelephoneNumber>>(await t.api('POST', '/numbering/allocated/-1/-1', retail, {})).records;
    const picked = json<Page<Record<string, unknown>>>(
      await t.api('POST', '/numbering/allocated/pick/-1/-1', retail, { fields }),
    ).records;
    expect(picked).toEqual(
      full.map((n) => ({
        id: n.id,
        telephoneNumber: n.telephoneNumber,
        faxPassword: n.faxPassword,
        displayDestination: n.displayDestination,
      })),
    );
    const seen = json<Page<Record<string, unknown>>>(
      await t.api('POST', '/numbering/allocated/pick/-1/-1', viewer, { fields }),
    ).records;
    expect(seen.every((n) => n.faxPassword === '')).toBe(true);
  });
});

describe('list totals', () => {
  it('searches the same rows whether a trigram index can answer (3 characters and more) or not', async () => {
    const all = await seats();
    const shown = (s: Seat) =>
      [s.extension, s.name, s.nickname, s.callerIdName, s.callerIdNumber, s.vmEmail].map((v) =>
        String(v).toLowerCase(),
      );
    for (const term of ['2', '20', '201', 'VAN', 'an 1', '%', '_']) {
      const expected = all.filter((s) => shown(s).some((v) => v.includes(term.toLowerCase()))).map((s) => s.id);
      const page = json<Page<Seat>>(await t.api('POST', '/seat/0/3', retail, { search: term }));
      expect(
        page.records.map((s) => s.id),
        term,
      ).toEqual(expected.slice(0, 3));
      expect(page.totalRecords, term).toBe(expected.length);
    }
  });

  it('counts the whole filtered list on every page, past the end included', async () => {
    const all = await seats();
    const n = all.length;
    const first = json<Page<Seat>>(await t.api('POST', '/seat/0/2', retail, {}));
    expect(first).toMatchObject({ totalRecords: n, lastPage: false });
    expect(first.records.map((s) => s.id)).toEqual(all.slice(0, 2).map((s) => s.id));
    const last = json<Page<Seat>>(await t.api('POST', `/seat/${n - 1}/5`, retail, {}));
    expect(last).toMatchObject({ totalRecords: n, lastPage: true });
    expect(last.records).toHaveLength(1);
    expect(json<Page<Seat>>(await t.api('POST', `/seat/${n + 10}/5`, retail, {}))).toMatchObject({
      records: [],
      totalRecords: n,
      lastPage: true,
    });
    const short = json<Page<Seat>>(await t.api('POST', '/seat/0/200', retail, {}));
    expect(short).toMatchObject({ totalRecords: n, lastPage: true });
    const filtered = json<Page<Seat>>(await t.api('POST', '/seat/0/1', retail, { search: 'Van' }));
    const matching = json<Page<Seat>>(await t.api('POST', '/seat/-1/-1', retail, { search: 'Van' })).records;
    expect(matching.length).toBeGreaterThan(1);
    expect(filtered).toMatchObject({ totalRecords: matching.length, lastPage: false });
  });
});

describe('kept row counts (migration 043)', () => {
  const db = () => t.database.db;
  /** Every account's kept count of each counted table beside a count of its rows; they must agree. */
  const keptAndCounted = async () => {
    const out: Array<{ table: string; account_no: number; kept: number; rows: number }> = [];
    for (const table of COUNTED_TABLES) {
      const { rows } = await sql<{ account_no: number; kept: number; rows: number }>`
        select coalesce(k.account_no, r.account_no) as account_no, coalesce(k.n, 0)::int as kept, coalesce(r.n, 0)::int as rows
        from (select account_no, sum(n) as n from list_counts where table_name = ${table} group by account_no) k
        full join (select account_no, count(*) as n from ${sql.table(table)} group by account_no) r
          on r.account_no = k.account_no`.execute(db());
      out.push(...rows.map((r) => ({ table, ...r })));
    }
    return out;
  };
  const kept = async (table: string, accountNo: number) => {
    const { rows } = await sql<{ n: number }>`select n::int as n from list_counts
      where table_name = ${table} and account_no = ${accountNo}`.execute(db());
    return Number(rows[0]?.n ?? 0);
  };

  it('follows every insert and delete, per account, and a rolled back write leaves it as it was', async () => {
    const before = await kept('seats', 30000);
    const other = await kept('seats', 30001);
    expect(before).toBeGreaterThan(0);
    expect((await t.api('POST', '/seat/range', retail, { from: 700, to: 704 })).statusCode).toBe(200);
    expect(await kept('seats', 30000)).toBe(before + 5);
    const added = (await seats()).filter((s) => s.extension >= 700 && s.extension <= 704).map((s) => s.id);
    expect((await t.api('DELETE', '/seat', retail, { ids: added.slice(0, 3) })).statusCode).toBe(200);
    expect(await kept('seats', 30000)).toBe(before + 2);
    await expect(
      t.app.platform.tenancy.tenant(30000, async (tx) => {
        await tx.deleteFrom('seats').where('id', 'in', added.slice(3)).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await kept('seats', 30000)).toBe(before + 2);
    expect(await kept('seats', 30001)).toBe(other);
    expect((await keptAndCounted()).filter((r) => r.kept !== r.rows)).toEqual([]);
  });

  it('is the total of an unfiltered list; a search or a filter counts its rows', async () => {
    const n = (await seats()).length;
    expect(json<Page<Seat>>(await t.api('POST', '/seat/0/1', retail, {})).totalRecords).toBe(n);
    // The kept count, not a count: a wrong one shows through (put right straight after).
    await sql`update list_counts set n = n + 1000 where table_name = 'seats' and account_no = 30000`.execute(db());
    try {
      expect(json<Page<Seat>>(await t.api('POST', '/seat/0/1', retail, {})).totalRecords).toBe(n + 1000);
      const past = json<Page<Seat>>(await t.api('POST', `/seat/${n + 5}/5`, retail, {}));
      expect(past).toMatchObject({ records: [], totalRecords: n + 1000 });
      const searched = json<Page<Seat>>(await t.api('POST', '/seat/0/1', retail, { search: 'Van' }));
      const matching = json<Page<Seat>>(await t.api('POST', '/seat/-1/-1', retail, { search: 'Van' })).records;
      expect(searched.totalRecords).toBe(matching.length);
      const recorded = json<Page<Seat>>(await t.api('POST', '/seat/0/1', retail, { filters: { callRecording: 0 } }));
      expect(recorded.totalRecords).toBe((await seats()).filter((s) => s.callRecording === 0).length);
    } finally {
      await sql`update list_counts set n = n - 1000 where table_name = 'seats' and account_no = 30000`.execute(db());
    }
    const numbers = json<Page<TelephoneNumber>>(await t.api('POST', '/numbering/allocated/-1/-1', retail, {}));
    const first = json<Page<TelephoneNumber>>(await t.api('POST', '/numbering/allocated/0/1', retail, {}));
    expect(first.totalRecords).toBe(numbers.records.length);
  });

  it('is the tenant’s to read, its own account’s only, and nobody’s to write; a row does not change account', async () => {
    const tenancy = t.app.platform.tenancy;
    const seen = await tenancy.tenant(30000, (tx) =>
      sql<{ account_no: number }>`select account_no from list_counts`.execute(tx),
    );
    expect(new Set(seen.rows.map((r) => r.account_no))).toEqual(new Set([30000]));
    await expect(
      tenancy.tenant(30000, (tx) => sql`update list_counts set n = 0 where account_no = 30000`.execute(tx)),
    ).rejects.toThrow(/permission denied/);
    await expect(
      tenancy.crossAccount('seed', (tx) =>
        tx.updateTable('seats').set({ account_no: 30001 }).where('account_no', '=', 30000).execute(),
      ),
    ).rejects.toThrow(/does not move to another account/);
    expect((await keptAndCounted()).filter((r) => r.kept !== r.rows)).toEqual([]);
  });
});

describe('short searches (migration 044)', () => {
  const db = () => t.database.db;
  const idsOf = (page: Page<Seat>) => page.records.map((s) => s.id).sort((a, b) => a - b);
  /** The seats whose searched columns ILIKE the term, each column on its own (what a search means). */
  const ilikeIds = async (term: string) => {
    const pattern = `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const { rows } = await sql<{ id: number }>`select id from seats where account_no = 30000 and (
      extension::text ilike ${pattern} or name ilike ${pattern} or nickname ilike ${pattern}
      or caller_id_name ilike ${pattern} or caller_id_number ilike ${pattern} or vm_email ilike ${pattern})
      order by id`.execute(db());
    return rows.map((r) => r.id);
  };
  const searched = async (term: string) =>
    idsOf(json<Page<Seat>>(await t.api('POST', '/seat/-1/-1', retail, { search: term })));

  it('keeps the search text of the columns list.ts takes it for, in order', async () => {
    for (const [table, columns] of SEARCH_TEXT_COLUMNS) {
      const { rows } = await sql<{ expr: string }>`select pg_get_expr(d.adbin, d.adrelid) as expr
        from pg_attrdef d join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
        where a.attrelid = ${table}::regclass and a.attname = 'search_text'`.execute(db());
      const expr = rows[0]?.expr ?? '';
      const at = columns.map((c) => expr.search(new RegExp(`\\(${c}\\)|\\b${c}\\b`)));
      expect(
        at.every((i) => i >= 0),
        `${table}: ${expr}`,
      ).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
    }
  });

  it('finds what ILIKE over each column finds, for short terms in any case, accents and wildcards included', async () => {
    for (const extension of [861, 862, 863]) {
      expect((await t.api('POST', '/seat', retail, { extension, nickname: `Short ${extension}` })).statusCode).toBe(
        200,
      );
    }
    await t.app.platform.tenancy.crossAccount('seed', (tx) =>
      sql`update seats set caller_id_name = case extension when 861 then 'ZOË Ärger' when 862 then 'zoë är' else 'Zo 50%' end,
        vm_email = case extension when 863 then 'a_b@example.com' else vm_email end
        where account_no = 30000 and extension in (861, 862, 863)`.execute(tx),
    );
    for (const term of ['zo', 'ZO', 'ë', 'Ë', 'är', 'ÄR', '%', '_', '0%', 'a_', '@', '86', '2', 'x', 'qj']) {
      expect(await searched(term), term).toEqual(await ilikeIds(term));
    }
    expect(await searched('ë')).toHaveLength(2);
    // The list's page and total agree with the whole list.
    const page = json<Page<Seat>>(await t.api('POST', '/seat/0/1', retail, { search: 'Zo' }));
    expect(page.totalRecords).toBe((await ilikeIds('zo')).length);
  });

  it('is what every search reads (a long one through its trigram index, migration 052)', async () => {
    expect(await searched('zo')).not.toEqual([]);
    expect(await searched('zoë')).not.toEqual([]);
    // The kept text made empty: neither a short nor a long search finds anything in the columns.
    await sql`alter table seats drop column search_text`.execute(db());
    await sql`alter table seats add column search_text text generated always as ('') stored`.execute(db());
    try {
      expect(await searched('zo')).toEqual([]);
      expect(await searched('zoë')).toEqual([]);
    } finally {
      await sql`alter table seats drop column search_text`.execute(db());
      await addSearchText(db(), 'seats', SEARCH_TEXT_COLUMNS.get('seats') ?? []);
      await sql`create index seats_search_text_trgm on seats using gin (search_text gin_trgm_ops)
        with (fastupdate = off)`.execute(db());
    }
    expect(await searched('zo')).toEqual(await ilikeIds('zo'));
    expect(await searched('zoë')).toEqual(await ilikeIds('zoë'));
  });
});

describe('a trigram search', () => {
  type Row = { id: number; extension: number; nickname: string };
  const fields = fieldMap<Row>('seats', {
    id: field.number('id'),
    extension: field.number('extension', { sortable: true, searchable: true }),
    nickname: field.text('nickname', { sortable: true, searchable: true }),
  });
  const matching = async (term: string) =>
    (await seats())
      .filter((s) => [String(s.extension), s.nickname].some((v) => v.toLowerCase().includes(term.toLowerCase())))
      .map((s) => s.id);
  const db = () => t.database.db;

  it('asks app_search_ids once a statement, for the page and its total', async () => {
    const expected = await matching('van');
    expect(expected.length).toBeGreaterThan(1);
    // The function behind a wrapper that refuses a second call in one transaction (a setting of the
    // transaction's own: the list's transaction is read-only).
    await sql`alter function app_search_ids(text, text[], text) rename to app_search_ids_once`.execute(db());
    await sql`create function app_search_ids(p_table text, p_columns text[], p_pattern text) returns setof bigint
      language plpgsql as $f$ begin
        if current_setting('test.searched', true) = 'yes' then raise exception 'app_search_ids called twice'; end if;
        perform set_config('test.searched', 'yes', true);
        return query select app_search_ids_once(p_table, p_columns, p_pattern); end $f$`.execute(db());
    try {
      const res = await t.api('POST', '/seat/0/1', retail, { search: 'Van' });
      expect(res.statusCode, res.body).toBe(200);
      const page = json<Page<Seat>>(res);
      expect(page.records.map((s) => s.id)).toEqual(expected.slice(0, 1));
      expect(page.totalRecords).toBe(expected.length);
    } finally {
      await sql`drop function app_search_ids(text, text[], text)`.execute(db());
      await sql`alter function app_search_ids_once(text, text[], text) rename to app_search_ids`.execute(db());
    }
    // Past the end the total is a statement of its own.
    const past = json<Page<Seat>>(await t.api('POST', '/seat/500/5', retail, { search: 'Van' }));
    expect(past).toEqual({ records: [], totalRecords: expected.length, lastPage: true });
  });

  it('finds the same rows beside a query’s own WITH', async () => {
    const expected = await matching('van');
    const reply = await t.app.platform.tenancy.tenant(30000, (tx) =>
      pagedList(
        tx
          .with('mine', (w) => w.selectFrom('seats').select('seats.id'))
          .selectFrom('seats')
          .where('seats.id', 'in', (w) => w.selectFrom('mine').select('mine.id')),
        fields,
        'seats.id',
        { field: 'extension', direction: 'asc' },
        { offset: 1, limit: 50, search: 'Van' },
      ),
    );
    expect(reply.records.map((r) => r.id)).toEqual(expected.slice(1));
    expect(reply.totalRecords).toBe(expected.length);
  });
});

describe('page ids and counts without the LEFT JOINs nothing names', () => {
  const compiled = (q: { withPlugin: (p: KyselyPlugin) => { compile: () => { sql: string } } }) =>
    q.withPlugin(queryPlugin(withoutUnusedLeftJoins)).compile().sql;
  const base = () =>
    t.database.db
      .selectFrom('seats')
      .leftJoin('seat_registrations', (j) =>
        j.onRef('seat_registrations.seat_id', '=', 'seats.id').on('seat_registrations.kind', '=', 'desk'),
      );

  it('drops LEFT JOINs no condition, order or column names, and keeps every join otherwise', () => {
    const filtered = compiled(base().select('seats.id').where(sql.raw('seats.call_recording'), '=', 1));
    expect(filtered).not.toMatch(/join/i);
    const counted = compiled(base().select(sql`count(*)`.as('n')).where('seats.vm_mode', '=', 1));
    expect(counted).not.toMatch(/join/i);
    // Named in a raw condition, a column or an order: kept.
    const raw = base().select('seats.id').where(sql.raw('seat_registrations.expires_at > now()'), '=', true);
    expect(compiled(raw)).toMatch(/left join/i);
    expect(compiled(base().select(['seats.id', 'seat_registrations.port']))).toMatch(/left join/i);
    expect(compiled(base().select('seats.id').orderBy(sql.raw('seat_registrations.expires_at')))).toMatch(/left join/i);
    // An inner join filters rows: kept, with the LEFT JOIN beside it.
    const inner = base()
      .innerJoin('accounts', 'accounts.account_no', 'seats.account_no')
      .select('seats.id')
      .where('seats.vm_mode', '=', 1);
    expect(compiled(inner)).toMatch(/inner join/i);
    expect(compiled(inner)).toMatch(/left join/i);
  });

  it('leaves a filtered list’s page and total as they were', async () => {
    const all = (await seats()).filter((s) => s.vmMode === 1);
    const page = json<Page<Seat>>(await t.api('POST', '/seat/1/2', retail, { filters: { vmMode: 1 } }));
    expect(page.totalRecords).toBe(all.length);
    expect(page.records.map((s) => s.id)).toEqual(all.slice(1, 3).map((s) => s.id));
    expect(page.records[0]?.status).toBe(all[1]?.status);
  });
});

describe('what a request asks of the database', () => {
  /** The request's own statements: not the session's look-up nor the transaction's settings. */
  const own = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    (await t.statements(async () => expect((await t.api(method, url, retail, payload)).statusCode).toBe(200))).filter(
      (q) => !q.sql.includes('app_session(') && !isTransactionSetup(q),
    );

  it('a list page is one statement, its rows and its total, however many rows the account has', async () => {
    const page = await own('POST', '/seat/0/5', {});
    expect(page).toHaveLength(1);
    expect(page[0]?.sql).toContain('"__total"');
    expect(await own('POST', '/seat/0/5', { search: 'Van' })).toHaveLength(1);
  });

  it('the next free extension is one look-up of the numbering plan, reading no seat', async () => {
    const sent = await own('GET', '/seat/30000/next');
    expect(sent.filter((q) => q.sql.includes('dial_plan'))).toHaveLength(1);
    expect(sent.filter((q) => /from "?seats"?/.test(q.sql))).toEqual([]);
  });

  it('a numbers page names only its own destinations, the same statements however many seats there are', async () => {
    const page = json<Page<TelephoneNumber>>(await t.api('POST', '/numbering/allocated/0/5', retail, {}));
    const keys = page.records.map((n) => n.destination.split(':')[1]).filter((k) => k !== undefined && k !== '');
    const before = await own('POST', '/numbering/allocated/0/5', {});
    // The look-ups after the page carry only the page's destinations.
    expect(before.length).toBeGreaterThan(1);
    for (const lookup of before.slice(1)) {
      expect(lookup.parameters.length).toBeGreaterThan(0);
      expect(lookup.parameters.every((p) => keys.includes(String(p)))).toBe(true);
    }
    for (const extension of [871, 872, 873, 874, 875]) {
      expect((await t.api('POST', '/seat', retail, { extension })).statusCode).toBe(200);
    }
    const after = await own('POST', '/numbering/allocated/0/5', {});
    expect(after.map((q) => [q.sql, q.parameters])).toEqual(before.map((q) => [q.sql, q.parameters]));
  });
});
