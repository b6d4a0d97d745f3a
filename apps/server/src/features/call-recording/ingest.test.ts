/**
 * The recording server's ingestion: only a 'recording' server's credential is taken (none, a wrong
 * secret, a user's session or another role's server are refused and nothing is stored); a recording
 * is stored as its file and its row with its change event; audio is checked by its content, the
 * metadata by its rules, a call is recorded once, an unknown account refused — each refusal leaving
 * no file and no row. Over quota, the ingestion asks the retention job to run for the account.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CALL_RECORDING_MESSAGES, type CallRecording, MESSAGES, PLATFORM_SERVER_MESSAGES } from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TUNES, wavOf } from '../../demo/audio.ts';
import { storedKeys } from '../../test/file-stores.ts';
import { createTestContext, json, type TestContext } from '../../test/harness.ts';
import { multipart } from '../../test/multipart.ts';
import { serverAuthorization } from '../../test/servers.ts';

let t: TestContext;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-call-recordings-'));
let recorder: { authorization: string };
let retail: Record<string, string>;
const audio = wavOf(TUNES.chime);

beforeAll(async () => {
  // A store of the file's own: the agreement of files and rows is checked over all of it.
  t = await createTestContext({ fileStore: { kind: 'local', dir: filesDir } });
  recorder = await serverAuthorization(t.app, 'recording');
  retail = await t.login('retail');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

let calls = 0;
const meta = (over: Record<string, string> = {}) => ({
  accountNo: '30001',
  startedAt: '2026-11-20T09:30:00Z',
  origin: '01179460123',
  destination: '201',
  inbound: 'true',
  seconds: '1',
  callId: `call-${++calls}-${Date.now()}`,
  seat: '201',
  ...over,
});

function ingest(headers: Record<string, string>, fields: Record<string, string>, content: Buffer | string = audio) {
  const body = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'audio', filename: 'call.wav', type: 'audio/wav', content },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/callrecording/ingest',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** The stored recordings' files and the rows of account 30001, to compare before and after. */
async function stored() {
  const rows = await t.database.db
    .selectFrom('call_recordings')
    .select('file_key')
    .where('account_no', '=', 30001)
    .execute();
  return { files: await storedKeys(t.app.platform.files, 'call-recordings/'), rows: rows.map((r) => r.file_key) };
}

describe('recording ingestion', () => {
  it('refuses calls without the recording server’s credential, storing nothing', async () => {
    const before = await stored();
    const wrong = `${recorder.authorization.slice(0, -4)}AAAA`;
    const switcher = await serverAuthorization(t.app, 'switch');
    const disabled = await serverAuthorization(t.app, 'recording', { enabled: false });
    for (const [headers, status] of [
      [{}, 401],
      [{ authorization: wrong }, 401],
      [retail, 401],
      [disabled, 401],
      [switcher, 403],
    ] as const) {
      const res = await ingest(headers, meta());
      expect(res.statusCode, res.body).toBe(status);
      expect(json<{ message: string }>(res).message).toBe(
        status === 401 ? PLATFORM_SERVER_MESSAGES.credentials : PLATFORM_SERVER_MESSAGES.wrongRole,
      );
    }
    expect(await stored()).toEqual(before);
  });

  it('stores the file and its row; the account lists, reads and plays it', async () => {
    const before = await stored();
    const res = await ingest(recorder, meta({ origin: '01179460999' }));
    expect(res.statusCode, res.body).toBe(200);
    const reply = json<{ message: string; id: number }>(res);
    expect(reply.message).toBe(CALL_RECORDING_MESSAGES.stored);
    const after = await stored();
    expect(after.files.length).toBe(before.files.length + 1);
    expect(after.rows.length).toBe(before.rows.length + 1);
    expect(after.files.sort()).toEqual(after.rows.sort());
    const prepay = await t.login('prepay');
    const recording = json<CallRecording>(await t.api('GET', `/callrecording/${reply.id}`, prepay));
    expect(recording).toMatchObject({
      origin: '01179460999',
      destination: '201',
      inbound: true,
      filesize: audio.length,
    });
    expect(recording.seat).toMatch(/^201 - /);
    const played = await t.api('GET', `/callrecording/${reply.id}/download`, prepay);
    expect(played.rawPayload.equals(audio)).toBe(true);
    expect((await t.api('GET', `/callrecording/${reply.id}`, retail)).statusCode).toBe(404);
    const event = await t.database.db
      .selectFrom('change_events')
      .select(['kind', 'account_no'])
      .where('area', '=', 'call-recording')
      .where('record_id', '=', reply.id)
      .executeTakeFirst();
    expect(event).toEqual({ kind: 'create', account_no: 30001 });
  });

  it('refuses what is not audio, bad metadata, a call recorded twice and an unknown account, storing nothing', async () => {
    const first = meta();
    expect((await ingest(recorder, first)).statusCode).toBe(200);
    const before = await stored();
    const text = await ingest(recorder, meta(), 'RIFF this is text pretending to be a wav file');
    expect(text.statusCode).toBe(400);
    expect(json<{ message: string }>(text).message).toBe(MESSAGES.invalidFileFormat);
    const badParty = await ingest(recorder, meta({ destination: 'drop table' }));
    expect(badParty.statusCode).toBe(400);
    expect(json<{ validation: Record<string, string> }>(badParty).validation.destination).toBe(
      CALL_RECORDING_MESSAGES.party,
    );
    const noDate = await ingest(recorder, meta({ startedAt: 'yesterday' }));
    expect(noDate.statusCode).toBe(400);
    const twice = await ingest(recorder, { ...first });
    expect(twice.statusCode).toBe(409);
    expect(json<{ message: string }>(twice).message).toBe(CALL_RECORDING_MESSAGES.duplicate);
    const nobody = await ingest(recorder, meta({ accountNo: '99999' }));
    expect(nobody.statusCode).toBe(404);
    expect(json<{ message: string }>(nobody).message).toBe(CALL_RECORDING_MESSAGES.noAccount);
    const noAudio = await t.app.inject({
      method: 'POST',
      url: '/api/v1/callrecording/ingest',
      headers: { ...recorder, ...multipart(Object.entries(meta()).map(([name, value]) => ({ name, value }))).headers },
      payload: multipart(Object.entries(meta()).map(([name, value]) => ({ name, value }))).payload,
    });
    expect(noAudio.statusCode).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('asks the retention job to run for an account its recording takes over quota', async () => {
    const bella = await t.login('prepay');
    const saved = await t.api('PUT', '/callrecording/settings', bella, { retentionDays: 365, quotaGb: 0.001 });
    expect(saved.statusCode, saved.body).toBe(200);
    const queued = async () =>
      (
        await t.app.platform.jobs.list({
          states: ['created'],
          offset: 0,
          limit: 50,
          search: 'call-recording-retention',
        })
      ).totalRecords;
    const before = await queued();
    // 16 KB a recording: within the 1 MB quota, nothing is asked.
    expect((await ingest(recorder, meta())).statusCode).toBe(200);
    expect(await queued()).toBe(before);
    const big = wavOf(Array.from({ length: 70 }, () => [440, 1] as const));
    expect(big.length).toBeGreaterThan(1_000_000);
    expect((await ingest(recorder, meta(), big)).statusCode).toBe(200);
    expect(await queued()).toBe(before + 1);
  });
});
