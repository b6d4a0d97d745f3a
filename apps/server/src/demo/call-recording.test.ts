/**
 * The demo's recordings are recorded calls of its call records (issue 28): one generator
 * (demo/call-records.ts) feeds both, so each recording's call id, start and parties are a call
 * record's — also after the demo's clock is moved (a copy seeded earlier, moveDemoClock).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { seedCallRecordings } from './call-recording.ts';
import { demoCalls, seedCallRecords } from './call-records.ts';
import { moveDemoClock } from './seed.ts';

let t: TestContext;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-demo-recordings-'));
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestContext({ fileStore: { kind: 'local', dir: filesDir } });
  const now = new Date();
  // The seed's two steps (demo/seed.ts), over the template's calls: its seed had no file store.
  await t.app.platform.tenancy.crossAccount('seed', async (trx) => {
    await sql`delete from call_records where account_no = 30000`.execute(trx);
    await sql`delete from call_recordings where account_no = 30000`.execute(trx);
    const calls = demoCalls(now);
    await seedCallRecords(trx, calls);
    await seedCallRecordings(trx, t.app.platform.files, calls, now);
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

interface Pair {
  recording_id: number;
  seat: string;
  origin: string;
  destination: string;
  inbound: boolean;
  recorded_at: string;
  call_id: string | null;
  source: string | null;
  call_destination: string | null;
  direction: string | null;
  answered: boolean | null;
  started_at: string | null;
}

/** Each demo recording beside the call record of its call id (none: nulls). */
const pairs = async () =>
  (
    await sql<Pair>`select r.id as recording_id, r.seat, r.origin, r.destination, r.inbound,
        r.started_at::text as recorded_at, c.call_id, c.source, c.destination as call_destination, c.direction,
        c.answered, c.started_at::text as started_at
      from call_recordings r left join call_records c on c.call_id = r.call_id and c.account_no = r.account_no
      where r.account_no = 30000 order by r.started_at`.execute(t.database.db)
  ).rows;

/** What a recording must share with its call record: the same call, start and parties, at a recorded seat. */
function expectMatching(rows: Pair[]) {
  expect(rows).toHaveLength(36);
  for (const r of rows) {
    expect(r.call_id, `recording ${r.recording_id}`).not.toBeNull();
    expect(r).toMatchObject({
      started_at: r.recorded_at,
      source: r.origin,
      call_destination: r.destination,
      direction: r.inbound ? 'inbound' : 'outbound',
      answered: true,
    });
    expect(r.seat.split(' - ')[0]).toBe(r.inbound ? r.destination : r.origin);
  }
}

describe('the demo’s recordings', () => {
  it('are calls of the call records, of the recorded seats, in the month back the recordings page shows', async () => {
    const rows = await pairs();
    expectMatching(rows);
    // The recorded seats of the demo (demo/seats.ts): Accounts (pausable) and Sales desk (permanent).
    expect(new Set(rows.map((r) => r.seat))).toEqual(new Set(['202 - Accounts', '204 - Sales desk']));
    for (const r of rows) expect(Date.parse(r.recorded_at)).toBeGreaterThan(Date.now() - 30 * DAY);
    expect(new Set(rows.map((r) => r.call_id)).size).toBe(36);
  });

  it('still match, and the months still count their calls, once the demo’s clock is moved', async () => {
    const tenancy = t.app.platform.tenancy;
    await moveDemoClock(tenancy, -3 * DAY);
    expectMatching(await pairs());
    const { rows } = await sql<{ kept: number; rows: number }>`
      select coalesce(sum(k.n), 0)::int as kept, (select count(*) from call_records where account_no = 30000)::int as rows
      from list_counts k where k.table_name = 'call_records' and k.account_no = 30000`.execute(t.database.db);
    expect(rows[0]?.kept).toBe(rows[0]?.rows);
    await moveDemoClock(tenancy, 3 * DAY);
    expectMatching(await pairs());
  });
});
