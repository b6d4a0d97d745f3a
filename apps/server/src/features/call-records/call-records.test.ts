/**
 * Call records (issue 28): the switch's ingestion (idempotent, batch limit, credentials, costed by
 * the rating function, unknown accounts refused per row, a prepay account charged once), the list
 * (month filter, sort, paging by offset and cursor, the cost left out without retail read), the JSON
 * and CSV exports (exact header and rows), the permission and the accounts' isolation.
 */
import zlib from 'node:zlib';
import { CALL_RECORD_MESSAGES, FEATURES, MASK } from '@switchboard/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, balanceOf, createTestContext, json, type TestContext } from '../../test/harness.ts';
import { serverAuthorization } from '../../test/servers.ts';

let t: TestContext;
let retail: Record<string, string>;
let prepay: Record<string, string>;
let noCdr: Record<string, string>;
let switchServer: Record<string, string>;

const MONTH = '2024-03';
type Row = Record<string, unknown>;
type Page = { records: Row[]; totalRecords: number; lastPage: boolean; nextCursor?: string | null };

/** A call of account 30000 in March 2024 (a Tuesday, GMT: on-peak at 10:00). */
const call = (callId: string, extra: Row = {}): Row => ({
  callId,
  accountNo: 30000,
  startedAt: '2024-03-12T10:00:00Z',
  source: '01132460001',
  destination: '07700900123',
  direction: 'outbound',
  inboundNumber: '',
  seconds: 125,
  answered: true,
  ...extra,
});

const ingest = (records: Row[], headers = switchServer) =>
  t.app.inject({ method: 'POST', url: '/api/v1/callrecords/ingest', headers, payload: { records } });

const page = (headers: Record<string, string>, path: string, body: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/callrecords/${path}`, headers, payload: body });

const storedCount = async (like: string) =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from call_records where call_id like ${like}`.execute(t.database.db))
      .rows[0]?.n,
  );

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  prepay = await t.login('prepay');
  await addUser(t.database.db, { username: 'nocdr', accountNo: 30000, grants: [[FEATURES.seats, MASK.all]] });
  noCdr = await t.login('nocdr');
  switchServer = await serverAuthorization(t.app, 'switch');
  const month = [
    call('m-1', {
      startedAt: '2024-03-01T00:30:00Z',
      source: '200',
      destination: '201',
      direction: 'internal',
      seconds: 30,
    }),
    call('m-2', { startedAt: '2024-03-12T10:00:00Z' }),
    call('m-3', {
      startedAt: '2024-03-12T20:00:00Z',
      destination: '01132460000',
      seconds: 600,
      tpsStatus: 'TPS registered',
    }),
    call('m-4', {
      startedAt: '2024-03-20T09:15:00Z',
      source: '07700900999',
      destination: '201',
      direction: 'inbound',
      inboundNumber: '01132460000',
      seconds: 0,
      answered: false,
      rejectedReason: 'Anonymous call rejection',
    }),
    call('m-5', {
      startedAt: '2024-03-31T22:59:59Z',
      restrictedReason: 'International calls barred',
      seconds: 0,
      answered: false,
    }),
    // April in London (BST from 31 March: 23:30 UTC is 00:30 on 1 April).
    call('a-1', { startedAt: '2024-03-31T23:30:00Z' }),
  ];
  const res = await ingest(month);
  expect(res.statusCode, res.body).toBe(200);
}, 60_000);
afterAll(async () => t?.close());

describe('call-record ingestion', () => {
  it('stores a batch once: the same batch again stores nothing new', async () => {
    const batch = [call('idem-1'), call('idem-2', { startedAt: '2024-03-13T10:00:00Z' })];
    expect(json(await ingest(batch))).toEqual({ stored: 2, duplicates: 0, refused: [] });
    expect(json(await ingest(batch))).toEqual({ stored: 0, duplicates: 2, refused: [] });
    expect(await storedCount('idem-%')).toBe(2);
  });

  it('costs each call by the rating function over the deck', async () => {
    const { rows } = await sql<{ call_id: string; cost_pence: number; rate_name: string }>`
      select call_id, cost_pence, rate_name from call_records where call_id like 'm-%' order by call_id`.execute(
      t.database.db,
    );
    // m-2: UK Mobile 2.50p/min on-peak, 125 s = 5.21p → 6p; m-3: UK Geographic 0.60p/min off-peak, 600 s = 6p;
    // internal, inbound and unanswered calls cost nothing.
    expect(rows).toEqual([
      { call_id: 'm-1', cost_pence: 0, rate_name: '' },
      { call_id: 'm-2', cost_pence: 6, rate_name: 'UK Mobile' },
      { call_id: 'm-3', cost_pence: 6, rate_name: 'UK Geographic (01)' },
      { call_id: 'm-4', cost_pence: 0, rate_name: '' },
      { call_id: 'm-5', cost_pence: 0, rate_name: '' },
    ]);
  });

  it('refuses more than 10,000 rows with a 400 that says so, storing nothing', async () => {
    const many = Array.from({ length: 10_001 }, (_, i) => call(`big-${i}`));
    const res = await ingest(many);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(CALL_RECORD_MESSAGES.batchTooLarge(10_000));
    expect(await storedCount('big-%')).toBe(0);
  });

  it('refuses a wrong secret, no credential and a session (401), another role (403), storing nothing', async () => {
    const wrong = { authorization: `${switchServer.authorization?.split('.')[0]}.not-the-secret` };
    expect((await ingest([call('secret-1')], wrong)).statusCode).toBe(401);
    expect((await ingest([call('secret-2')], {})).statusCode).toBe(401);
    expect((await ingest([call('secret-3')], retail)).statusCode).toBe(401);
    // A server of another role: 403.
    expect((await ingest([call('secret-4')], await serverAuthorization(t.app, 'media'))).statusCode).toBe(403);
    expect(await storedCount('secret-%')).toBe(0);
  });

  it('refuses the rows of an unknown account one by one and stores the rest', async () => {
    const res = await ingest([call('acct-1'), call('acct-2', { accountNo: 99999 }), call('acct-3')]);
    expect(json(res)).toEqual({
      stored: 2,
      duplicates: 0,
      refused: [{ index: 1, callId: 'acct-2', message: 'No account 99999' }],
    });
    expect(await storedCount('acct-%')).toBe(2);
  });

  it("charges a standard prepay account's new calls to its ledger once", async () => {
    const before = await balanceOf(t, 30001);
    const batch = [
      call('pp-1', { accountNo: 30001 }),
      call('pp-2', { accountNo: 30001, startedAt: '2024-03-12T11:00:00Z' }),
    ];
    await ingest(batch);
    await ingest(batch);
    expect(await balanceOf(t, 30001)).toBe(before - 12);
  });

  it('makes the partition of a month nobody made, and bad rows are a 400, never a 500', async () => {
    expect(json(await ingest([call('far-1', { startedAt: '2031-07-04T12:00:00Z' })]))).toMatchObject({ stored: 1 });
    const { rows } = await sql<{ n: string }>`select count(*) as n from call_records_2031_07`.execute(t.database.db);
    expect(Number(rows[0]?.n)).toBe(1);
    const { rows: defaults } = await sql<{ n: string }>`select count(*) as n from call_records_default`.execute(
      t.database.db,
    );
    expect(Number(defaults[0]?.n)).toBe(0);
    for (const bad of [{ startedAt: 'yesterday' }, { seconds: -1 }, { direction: 'sideways' }, { callId: '' }]) {
      expect((await ingest([call('bad-1', bad)])).statusCode).toBe(400);
    }
  });
});

describe('call-record list', () => {
  it("lists a month (UK time) newest first with spec 3's columns and the cost for retail read", async () => {
    const res = await page(retail, '0/50', { filters: { month: MONTH } });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<Page>(res);
    const ids = body.records.map((r) => r.callId);
    expect(ids).not.toContain('a-1');
    expect(ids.slice(0, 1)).toEqual(['m-5']);
    expect(ids.at(-1)).toBe('m-1');
    expect(body.records.find((r) => r.callId === 'm-3')).toMatchObject({
      date: '12/03/2024',
      time: '20:00:00',
      source: '01132460001',
      destination: '01132460000',
      tpsStatusText: 'TPS registered',
      rejectedCallReason: '',
      restrictedCallReason: '',
      inboundNumber: '',
      mins: '10:00',
      cost: '0.06',
    });
    const april = json<Page>(await page(retail, '0/50', { filters: { month: '2024-04' } }));
    expect(april.records.map((r) => r.callId)).toEqual(['a-1']);
    expect(april.records[0]).toMatchObject({ date: '01/04/2024', time: '00:30:00' });
  });

  it('leaves the cost out of the reply without retail read, and refuses to sort by it', async () => {
    await ingest([call('pv-1', { accountNo: 30001, startedAt: '2024-03-02T10:00:00Z' })]);
    const body = json<Page>(await page(prepay, '0/50', { filters: { month: MONTH } }));
    expect(body.records.length).toBeGreaterThan(0);
    for (const record of body.records) expect(record).not.toHaveProperty('cost');
    expect((await page(prepay, '0/50', { filters: { month: MONTH }, sortBy: 'cost' })).statusCode).toBe(403);
  });

  it('sorts and pages by offset and by cursor alike', async () => {
    const all = json<Page>(await page(retail, '0/200', { filters: { month: MONTH } })).records.map((r) => r.id);
    const byOffset: unknown[] = [];
    for (let offset = 0; offset < all.length; offset += 2) {
      byOffset.push(
        ...json<Page>(await page(retail, `${offset}/2`, { filters: { month: MONTH } })).records.map((r) => r.id),
      );
    }
    expect(byOffset).toEqual(all);
    const byCursor: unknown[] = [];
    let cursor: string | null | undefined;
    do {
      const next = json<Page>(await page(retail, '0/2', { filters: { month: MONTH }, ...(cursor ? { cursor } : {}) }));
      byCursor.push(...next.records.map((r) => r.id));
      cursor = next.nextCursor;
    } while (cursor);
    expect(byCursor).toEqual(all);
    const bySource = json<Page>(await page(retail, '0/200', { filters: { month: MONTH }, sortBy: 'source' }));
    const sources = bySource.records.map((r) => String(r.source));
    expect(sources).toEqual([...sources].sort());
    const byMins = json<Page>(
      await page(retail, '0/200', { filters: { month: MONTH }, sortBy: 'mins', direction: 'desc' }),
    );
    expect(byMins.records[0]?.mins).toBe('10:00');
  });

  it('answers spec 3 §7 POST /callrecords with the paging in the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/callrecords',
      headers: retail,
      payload: { filters: { month: MONTH }, offset: 0, limit: 3 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Page>(res).records).toHaveLength(3);
  });

  it('refuses a month that is not one with the message, never a 500', async () => {
    for (const month of ['2024-13', 'March', '2024-3', 12]) {
      const res = await page(retail, '0/10', { filters: { month } });
      expect(res.statusCode, String(month)).toBe(400);
      expect(res.body).toContain(CALL_RECORD_MESSAGES.badMonth);
    }
  });
});

describe('call-record counts (migrations 104-105)', () => {
  const db = () => t.database.db;
  /** Each account's kept count of each month beside a count of its calls by UK month; they must agree. */
  const keptAndCounted = async () =>
    (
      await sql<{ account_no: number; part: string; kept: number; rows: number }>`
        select coalesce(k.account_no, r.account_no) as account_no, coalesce(k.part, r.part) as part,
          coalesce(k.n, 0)::int as kept, coalesce(r.n, 0)::int as rows
        from (select account_no, part, n from list_counts where table_name = 'call_records') k
        full join (select account_no, to_char(started_at at time zone 'Europe/London', 'YYYY-MM') as part,
            count(*) as n from call_records group by 1, 2) r
          on r.account_no = k.account_no and r.part = k.part`.execute(db())
    ).rows;

  it('keeps each account’s calls counted per month (UK time) as batches are stored, duplicates not', async () => {
    const before = await keptAndCounted();
    expect(before.filter((r) => r.kept !== r.rows)).toEqual([]);
    expect(before).toContainEqual({ account_no: 30000, part: '2024-04', kept: 1, rows: 1 });
    const batch = [
      call('count-1', { startedAt: '2024-10-31T23:59:59Z' }),
      call('count-2', { startedAt: '2024-11-01T00:00:00Z', accountNo: 30001 }),
    ];
    await ingest(batch);
    await ingest(batch);
    const after = await keptAndCounted();
    expect(after.filter((r) => r.kept !== r.rows)).toEqual([]);
    expect(after).toContainEqual({ account_no: 30000, part: '2024-10', kept: 1, rows: 1 });
    expect(after).toContainEqual({ account_no: 30001, part: '2024-11', kept: 1, rows: 1 });
    // Each tenant reads its own account's counts only (row-level security on list_counts).
    const seen = await t.app.platform.tenancy.tenant(30001, (tx) =>
      sql<{
        account_no: number;
      }>`select distinct account_no from list_counts where table_name = 'call_records'`.execute(tx),
    );
    expect(seen.rows).toEqual([{ account_no: 30001 }]);
  });

  it('answers the month’s total from its kept count; a search counts its rows', async () => {
    const all = json<Page>(await page(retail, '-1/-1', { filters: { month: MONTH } })).records.length;
    expect(json<Page>(await page(retail, '0/2', { filters: { month: MONTH } })).totalRecords).toBe(all);
    // The kept count, not a count: a wrong one shows through (put right straight after).
    const shift = (n: number) =>
      sql`update list_counts set n = n + ${n} where table_name = 'call_records' and account_no = 30000
        and part = ${MONTH}`.execute(db());
    await shift(1000);
    try {
      expect(json<Page>(await page(retail, '0/2', { filters: { month: MONTH } })).totalRecords).toBe(all + 1000);
      const searched = json<Page>(await page(retail, '0/2', { filters: { month: MONTH }, search: '0113' }));
      expect(searched.totalRecords).toBeLessThanOrEqual(all);
    } finally {
      await shift(-1000);
    }
  });

  it('refuses to move a call to another start (its month’s count would be wrong), never silently', async () => {
    await expect(
      sql`update call_records set started_at = started_at + interval '40 days' where call_id = 'm-2'`.execute(db()),
    ).rejects.toThrow(/does not change its started_at/);
    expect((await keptAndCounted()).filter((r) => r.kept !== r.rows)).toEqual([]);
  });
});

describe('call-record exports', () => {
  const HEADER =
    'Date,Time,Source,Destination,TPS Status,Rejected Call Reason,Restricted Call Reason,Inbound Number,Mins,Cost';

  it('downloads the month as CSV, exactly, newest first', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/callrecords/download?month=2024-04`,
      headers: retail,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="call-records-2024-04.csv"');
    expect(res.body).toBe(`${HEADER}\n01/04/2024,00:30:00,01132460001,07700900123,,,,,2:05,0.06\n`);
    const march = await t.app.inject({
      method: 'GET',
      url: `/api/v1/callrecords/download?month=${MONTH}`,
      headers: retail,
    });
    const lines = march.body.trimEnd().split('\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toContain('20/03/2024,09:15:00,07700900999,201,,Anonymous call rejection,,01132460000,0:00,0.00');
    expect(lines).toContain('12/03/2024,20:00:00,01132460001,01132460000,TPS registered,,,,10:00,0.06');
    expect(lines.at(-1)).toBe('01/03/2024,00:30:00,200,201,,,,,0:30,0.00');
  });

  it('streams a month of several batches whole and in order (a cursor on PostgreSQL, keyset pages on PGlite)', async () => {
    // 4,500 calls of 30001 in May 2024, a minute apart, three to each minute from the 1,500th on (ties by id).
    const start = Date.parse('2024-05-01T00:00:00Z');
    const many = Array.from({ length: 4500 }, (_, i) =>
      call(`many-${i}`, {
        accountNo: 30001,
        startedAt: new Date(start + Math.min(i, 1500 + Math.floor((i - 1500) / 3)) * 60_000).toISOString(),
        source: String(i),
      }),
    );
    expect(json(await ingest(many))).toMatchObject({ stored: 4500 });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/callrecords/download?month=2024-05',
      headers: prepay,
    });
    const sources = res.body
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((line) => Number(line.split(',')[2]));
    expect(sources).toEqual(many.map((_, i) => i).reverse());
  });

  it('leaves the cost column out without retail read', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/callrecords/download?month=${MONTH}`,
      headers: prepay,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\n')[0]).toBe(HEADER.replace(',Cost', ''));
    expect(res.body).toContain('02/03/2024,10:00:00,01132460001,07700900123,,,,,2:05\n');
  });

  it('sends the file gzip- or brotli-compressed when the client takes it, the same file', async () => {
    const url = `/api/v1/callrecords/download?month=${MONTH}`;
    const plain = await t.app.inject({ method: 'GET', url, headers: retail });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzip = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...retail, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...retail, 'accept-encoding': 'br;q=1, gzip;q=0' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    // Neither taken: as it is (the reply compressor, which knows no other, leaves it so too).
    const deflate = await t.app.inject({ method: 'GET', url, headers: { ...retail, 'accept-encoding': 'deflate' } });
    expect(deflate.headers['content-encoding']).toBeUndefined();
    expect(deflate.body).toBe(plain.body);
  });

  it('answers POST /callrecords/csv with result, a JSON string of the rows', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/callrecords/csv',
      headers: retail,
      payload: { month: '2024-04' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(json<{ result: string }>(res).result)).toEqual([
      {
        date: '01/04/2024',
        time: '00:30:00',
        source: '01132460001',
        destination: '07700900123',
        tpsStatusText: '',
        rejectedCallReason: '',
        restrictedCallReason: '',
        inboundNumber: '',
        mins: '2:05',
        cost: '0.06',
      },
    ]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/callrecords/download?month=soon', headers: retail });
    expect(bad.statusCode).toBe(400);
  });
});

describe('call-record permission and isolation', () => {
  it('refuses every route without cdr read', async () => {
    expect((await page(noCdr, '0/10', { filters: { month: MONTH } })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/callrecords/download?month=${MONTH}`, headers: noCdr }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/callrecords/csv',
          headers: noCdr,
          payload: { month: MONTH },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('keeps each account to its own calls, in the list and the exports', async () => {
    const own = json<Page>(await page(prepay, '0/200', { filters: { month: MONTH } })).records.map((r) => r.callId);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((id) => String(id).startsWith('pp-') || String(id).startsWith('pv-'))).toBe(true);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/callrecords/download?month=${MONTH}`,
      headers: prepay,
    });
    expect(csv.body.trimEnd().split('\n')).toHaveLength(own.length + 1);
    const retailIds = json<Page>(await page(retail, '0/200', { filters: { month: MONTH } })).records.map(
      (r) => r.callId,
    );
    expect(retailIds.some((id) => String(id).startsWith('pp-'))).toBe(false);
  });
});
