/**
 * Call recordings through the API: the list (default range, dates, filters, sort, keyset paging),
 * the detail, the audio whole and by Range, the storage settings (read, save, stale, permission,
 * used storage), isolation; and the retention job (expired, over quota oldest first with the
 * notification, orphans swept) — with the account's rows and stored files agreeing afterwards.
 */

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CALL_RECORDING_MESSAGES,
  type CallRecording,
  type CallRecordingSettings,
  FEATURES,
  MASK,
  MESSAGES,
} from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileKey } from '../../platform/file-store.ts';
import { storedKeys } from '../../test/file-stores.ts';
import { addUser, basedOn, createTestContext, json, type TestContext } from '../../test/harness.ts';
import { runRetention, sweepOrphans } from './retention.ts';

let t: TestContext;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-call-recordings-'));
let retail: Record<string, string>;
let viewer: Record<string, string>;
let prepay: Record<string, string>;
let stranger: Record<string, string>;

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();

interface Fixture {
  account?: number;
  daysAgo: number;
  origin?: string;
  destination?: string;
  inbound?: boolean;
  seconds?: number;
  bytes?: number;
}

/** A recording as the ingestion leaves one: its file stored and its row (the test's own connection). */
async function addRecording(f: Fixture): Promise<{ id: number; key: string; content: Buffer }> {
  const content = crypto.randomBytes(f.bytes ?? 2000);
  const stored = await t.app.platform.files.put(
    fileKey('call-recordings', 'wav'),
    (async function* () {
      yield content;
    })(),
  );
  const row = await t.database.db
    .insertInto('call_recordings')
    .values({
      account_no: f.account ?? 30000,
      started_at: new Date(now - f.daysAgo * DAY),
      origin: f.origin ?? '01214960000',
      destination: f.destination ?? '201',
      inbound: f.inbound ?? true,
      seconds: f.seconds ?? 95,
      call_id: crypto.randomUUID(),
      seat: '201 - Reception',
      file_key: stored.key,
      file_size: stored.size,
      file_sha256: stored.sha256,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, key: stored.key, content };
}

type Page = { records: CallRecording[]; totalRecords: number; lastPage: boolean; nextCursor?: string | null };
const list = async (body: object = {}, as = retail) => t.api('POST', '/callrecording', as, body);
const ids = async (body: object = {}, as = retail) => json<Page>(await list(body, as)).records.map((r) => r.id);

type Made = { id: number; key: string; content: Buffer };
let made: Record<'old' | 'tenDays' | 'fiveDays' | 'yesterday' | 'theirs', Made>;

beforeAll(async () => {
  // A store of the file's own: the agreement of files and rows is checked over all of it.
  t = await createTestContext({ fileStore: { kind: 'local', dir: filesDir } });
  retail = await t.login('retail');
  viewer = await t.login('viewer');
  prepay = await t.login('prepay');
  await addUser(t.database.db, { username: 'no-recordings', accountNo: 30000, grants: [[FEATURES.seats, MASK.all]] });
  stranger = await t.login('no-recordings');
  made = {
    old: await addRecording({ daysAgo: 40, origin: '01214960001' }),
    tenDays: await addRecording({
      daysAgo: 10,
      origin: '01214960002',
      seconds: 30,
      inbound: false,
      destination: '07700900123',
    }),
    fiveDays: await addRecording({ daysAgo: 5, origin: '01214960002', seconds: 600 }),
    yesterday: await addRecording({ daysAgo: 1, origin: '01214960003', seconds: 5 }),
    theirs: await addRecording({ account: 30001, daysAgo: 2 }),
  };
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

describe('the list', () => {
  it('shows one month back to today by default, newest first', async () => {
    const page = json<Page>(await list());
    expect(page.records.map((r) => r.id)).toEqual([made.yesterday.id, made.fiveDays.id, made.tenDays.id]);
    expect(page.totalRecords).toBe(3);
    const first = page.records[0] as CallRecording;
    expect(first).toMatchObject({ origin: '01214960003', destination: '201', inbound: true, seconds: 5, mins: '0:05' });
    expect(first.date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(first.time).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(first.filesize).toBe(2000);
    expect(first.fileName).toMatch(/^\d{8}-\d{6}_01214960003_201\.wav$/);
  });

  it('takes a date range of whole UK days, and refuses one that ends before it starts', async () => {
    const day = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString().slice(0, 10);
    expect(await ids({ from: day(45), to: day(6) })).toEqual(expect.arrayContaining([made.old.id, made.tenDays.id]));
    expect(await ids({ from: day(45), to: day(6) })).not.toContain(made.yesterday.id);
    const backwards = await list({ from: day(1), to: day(5) });
    expect(backwards.statusCode).toBe(400);
    expect(json<{ message: string }>(backwards).message).toBe(CALL_RECORDING_MESSAGES.dateOrder);
    const nonsense = await list({ from: '2026-02-30' });
    expect(nonsense.statusCode).toBe(400);
    expect(nonsense.body).toContain(CALL_RECORDING_MESSAGES.date);
  });

  it('filters by origin, destination and direction, searches, and sorts', async () => {
    expect(await ids({ filters: { origin: '01214960002' } })).toEqual([made.fiveDays.id, made.tenDays.id]);
    expect(await ids({ filters: { destination: '07700900123' } })).toEqual([made.tenDays.id]);
    expect(await ids({ filters: { inbound: false } })).toEqual([made.tenDays.id]);
    expect(await ids({ search: '4960003' })).toEqual([made.yesterday.id]);
    expect(await ids({ sortBy: 'seconds', direction: 'asc' })).toEqual([
      made.yesterday.id,
      made.tenDays.id,
      made.fiveDays.id,
    ]);
    const unknown = await list({ filters: { colour: 'red' } });
    expect(unknown.statusCode).toBe(400);
  });

  it('pages by offset and by the cursor of the page before', async () => {
    const first = json<Page>(await list({ limit: 2 }));
    expect(first.records.map((r) => r.id)).toEqual([made.yesterday.id, made.fiveDays.id]);
    expect(first.lastPage).toBe(false);
    expect(first.nextCursor).toEqual(expect.any(String));
    const next = json<Page>(await list({ limit: 2, cursor: first.nextCursor }));
    expect(next.records.map((r) => r.id)).toEqual([made.tenDays.id]);
    expect(next.nextCursor).toBeNull();
    expect(await ids({ offset: 2, limit: 2 })).toEqual([made.tenDays.id]);
    expect((await list({ limit: 500 })).statusCode).toBe(400);
    expect((await list({ cursor: 'not-a-cursor', limit: 2 })).statusCode).toBe(400);
  });

  it('is the account’s own, read with callRecordings read only', async () => {
    expect(await ids({}, prepay)).toEqual([made.theirs.id]);
    expect((await list({}, viewer)).statusCode).toBe(200);
    expect((await list({}, stranger)).statusCode).toBe(403);
  });
});

describe('a recording', () => {
  it('answers its details, and 404 to another account', async () => {
    const res = await t.api('GET', `/callrecording/${made.fiveDays.id}`, retail);
    expect(res.statusCode).toBe(200);
    expect(json<CallRecording>(res)).toMatchObject({
      id: made.fiveDays.id,
      seconds: 600,
      mins: '10:00',
      seat: '201 - Reception',
    });
    expect((await t.api('GET', `/callrecording/${made.fiveDays.id}`, prepay)).statusCode).toBe(404);
    expect((await t.api('GET', `/callrecording/${made.fiveDays.id}/download`, prepay)).statusCode).toBe(404);
    expect((await t.api('GET', `/callrecording/${made.fiveDays.id}`, stranger)).statusCode).toBe(403);
  });

  it('plays whole, by Range (206), and downloads as its file name', async () => {
    const whole = await t.api('GET', `/callrecording/${made.fiveDays.id}/download`, retail);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(made.fiveDays.content)).toBe(true);
    const part = await t.app.inject({
      method: 'GET',
      url: `/api/v1/callrecording/${made.fiveDays.id}/download`,
      headers: { ...retail, range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/2000');
    expect(part.rawPayload.equals(made.fiveDays.content.subarray(100, 200))).toBe(true);
    const beyond = await t.app.inject({
      method: 'GET',
      url: `/api/v1/callrecording/${made.fiveDays.id}/download`,
      headers: { ...retail, range: 'bytes=5000-6000' },
    });
    expect(beyond.statusCode).toBe(416);
    const download = await t.api('GET', `/callrecording/${made.fiveDays.id}/download?download=1`, retail);
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="\d{8}-\d{6}_01214960002_201\.wav"; filename\*=UTF-8''\d{8}-\d{6}_01214960002_201\.wav$/,
    );
  });
});

describe('storage settings', () => {
  const settings = async (as = retail) =>
    json<CallRecordingSettings>(await t.api('GET', '/callrecording/settings', as));

  it('answers the defaults and the used storage until the first save', async () => {
    expect(await settings()).toEqual({
      retentionDays: 90,
      quotaGb: 10,
      quotaBytes: 10_000_000_000,
      version: 1,
      recordings: 4,
      usedBytes: 8000,
    });
    expect((await settings(viewer)).usedBytes).toBe(8000);
    expect((await t.api('GET', '/callrecording/settings', stranger)).statusCode).toBe(403);
  });

  it('saves based on the version read; a stale save, a viewer and bad values are refused', async () => {
    const save = (body: object, headers = retail) => t.api('PUT', '/callrecording/settings', headers, body);
    const first = await save({ retentionDays: 365, quotaGb: 2.5 }, basedOn(retail, 1));
    expect(first.statusCode, first.body).toBe(200);
    expect(json<{ message: string }>(first).message).toBe(CALL_RECORDING_MESSAGES.settingsSaved);
    expect(await settings()).toMatchObject({ retentionDays: 365, quotaGb: 2.5, quotaBytes: 2_500_000_000, version: 2 });
    const stale = await save({ retentionDays: 30, quotaGb: 1 }, basedOn(retail, 1));
    expect(stale.statusCode).toBe(409);
    expect(json<{ message: string }>(stale).message).toBe(MESSAGES.staleVersion);
    expect((await save({ retentionDays: 30, quotaGb: 1 }, viewer)).statusCode).toBe(403);
    const zero = await save({ retentionDays: 0, quotaGb: 1 });
    expect(zero.statusCode).toBe(400);
    expect(json<{ validation: Record<string, string> }>(zero).validation.retentionDays).toBe(MESSAGES.minValue(1));
    const fine = await save({ retentionDays: 30, quotaGb: 0.0001 });
    expect(json<{ validation: Record<string, string> }>(fine).validation.quotaGb).toBe(
      'The quota is at least 0.001 GB',
    );
    expect(await settings()).toMatchObject({ retentionDays: 365, version: 2 });
    // The save is the account's change event.
    const events = await t.database.db
      .selectFrom('change_events')
      .select(['kind', 'label'])
      .where('area', '=', 'call-recording')
      .where('account_no', '=', 30000)
      .execute();
    expect(events).toContainEqual({ kind: 'update', label: 'Storage settings' });
  });
});

describe('the retention job', () => {
  /** The account's rows' keys and the store's keys of that account's files agree. */
  async function agree(account: number, keys: string[]) {
    const rows = await t.database.db
      .selectFrom('call_recordings')
      .select('file_key')
      .where('account_no', '=', account)
      .execute();
    const files = await storedKeys(t.app.platform.files, 'call-recordings/');
    // The store is this file's own: every file is a row's and every row's file is there.
    const everyRow = await t.database.db.selectFrom('call_recordings').select('file_key').execute();
    expect([...files].sort()).toEqual(everyRow.map((r) => r.file_key).sort());
    const stored = new Set(files);
    for (const { file_key } of rows) expect(stored.has(file_key), `the file of row ${file_key}`).toBe(true);
    for (const key of keys) {
      expect(stored.has(key), `file ${key}`).toBe(rows.some((r) => r.file_key === key));
    }
    return rows.map((r) => r.file_key);
  }

  it('deletes the expired, then the oldest over quota, notifies the account, and files follow rows', async () => {
    // Account 20001: a month's retention, a quota of 1,000,000 bytes.
    const harrogate = await t.login('harrogate');
    const saved = await t.api('PUT', '/callrecording/settings', harrogate, { retentionDays: 30, quotaGb: 0.001 });
    expect(saved.statusCode, saved.body).toBe(200);
    const at = (daysAgo: number) => addRecording({ account: 20001, daysAgo, bytes: 300_000 });
    const expired = await at(31);
    const oldest = [await at(6), await at(5)];
    const newest = [await at(3), await at(2), await at(1)];
    const all = [expired, ...oldest, ...newest].map((r) => r.key);
    const outcome = await runRetention(t.app.platform, { accountNo: 20001 });
    expect(outcome).toEqual({ expired: 1, overQuota: 2, orphans: 0 });
    const left = await agree(20001, all);
    expect(left.sort()).toEqual(newest.map((r) => r.key).sort());
    const notes = await t.database.db
      .selectFrom('notifications')
      .select(['title', 'message'])
      .where('account_no', '=', 20001)
      .where('kind', '=', 'call-recording-quota')
      .execute();
    expect(notes).toEqual([
      { title: CALL_RECORDING_MESSAGES.quotaTitle, message: CALL_RECORDING_MESSAGES.quotaMessage(2, '1 MB') },
    ]);
    // Within quota and retention now: a second run deletes nothing.
    expect(await runRetention(t.app.platform, { accountNo: 20001 })).toEqual({ expired: 0, overQuota: 0, orphans: 0 });
    // The other accounts' recordings are untouched (30000's within 90 days... and 365 after the save).
    expect(await ids()).toHaveLength(3);
  });

  it('sweeps files no row holds once they are an hour old, and never a file whose row is there', async () => {
    const kept = await addRecording({ account: 20002, daysAgo: 1 });
    const crashed = await addRecording({ account: 20002, daysAgo: 1 });
    // A crash between a delete's commit and its file's delete: the row gone, the file left.
    await t.database.db.deleteFrom('call_recordings').where('id', '=', crashed.id).execute();
    expect(await sweepOrphans(t.app.platform)).toBe(0);
    expect(await t.app.platform.files.exists(crashed.key)).toBe(true);
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    expect(await sweepOrphans(t.app.platform, later)).toBe(1);
    expect(await t.app.platform.files.exists(crashed.key)).toBe(false);
    expect(await t.app.platform.files.exists(kept.key)).toBe(true);
    await agree(20002, [kept.key, crashed.key]);
  });
});
