/**
 * Music on hold with the file store in an S3 bucket (FILE_STORE=s3; s3rver started here on a free
 * port, stopped after): an upload streams into the bucket, plays back whole and by Range, is deleted
 * from it with its row; a bucket that cannot be reached is a 503, never a 500.
 */
import { MESSAGES } from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp3Of, TUNES } from '../../demo/audio.ts';
import { startS3Server, storedBytes, storedKeys, type TestS3Server } from '../../test/file-stores.ts';
import { createTestContext, json, type TestContext } from '../../test/harness.ts';
import { idTaggedText, multipart } from '../../test/multipart.ts';

let s3: TestS3Server;
let t: TestContext;
let retail: Record<string, string>;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestContext({ fileStore: s3.settings });
  retail = await t.login('retail');
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

type Reply = { success?: boolean; message: string; id?: number };
const tune = mp3Of(TUNES.lift);

const upload = (name: string, content: Buffer | string = tune) => {
  const body = multipart([
    { name: 'termsAccepted', value: 'true' },
    { name: 'musicFile', filename: `${name}.mp3`, type: 'audio/mpeg', content },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/musiconhold',
    headers: { ...retail, ...body.headers },
    payload: body.payload,
  });
};
const audio = (id: number, range?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/musiconhold/${id}/audio`,
    headers: { ...retail, ...(range ? { range } : {}) },
  });
const keyOf = async (id: number) =>
  (await t.database.db.selectFrom('music_on_hold').select('file_key').where('id', '=', id).executeTakeFirstOrThrow())
    .file_key as string;

describe('music on hold in an S3 bucket', () => {
  it('streams an upload into the bucket and plays it back whole and by Range', async () => {
    const res = await upload('Bucket Tune');
    expect(json<Reply>(res)).toMatchObject({ success: true, message: MESSAGES.musicAdded });
    const id = json<Reply>(res).id as number;
    const key = await keyOf(id);
    expect(key).toMatch(/^music-on-hold\/[0-9a-f]{32}\.mp3$/);
    expect(await storedKeys(t.app.platform.files, 'music-on-hold/')).toContain(key);
    expect((await storedBytes(t.app.platform.files, key)).equals(tune)).toBe(true);

    const whole = await audio(id);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Number(whole.headers['content-length'])).toBe(tune.length);
    expect(whole.rawPayload.equals(tune)).toBe(true);

    const part = await audio(id, 'bytes=1000-2999');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-2999/${tune.length}`);
    expect(part.headers['content-length']).toBe('2000');
    expect(part.rawPayload.equals(tune.subarray(1000, 3000))).toBe(true);
    const tail = await audio(id, 'bytes=-100');
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(tune.subarray(tune.length - 100))).toBe(true);
    expect((await audio(id, `bytes=${tune.length + 10}-`)).statusCode).toBe(416);
  });

  it('refuses a text file starting as an MP3 does (read back from the bucket), leaving nothing there', async () => {
    const before = await storedKeys(t.app.platform.files, 'music-on-hold/');
    const res = await upload('Tagged Text', idTaggedText());
    expect(res.statusCode).toBe(400);
    expect(json<Reply>(res).message).toBe(MESSAGES.invalidFileFormat);
    expect(await storedKeys(t.app.platform.files, 'music-on-hold/')).toEqual(before);
  });

  it('deletes the file from the bucket with its row; a file gone from the bucket is no audio (404)', async () => {
    const id = json<Reply>(await upload('Short Lived')).id as number;
    const key = await keyOf(id);
    expect(await t.app.platform.files.exists(key)).toBe(true);
    expect((await t.api('DELETE', `/musiconhold/${id}`, retail)).statusCode).toBe(200);
    expect(await t.app.platform.files.exists(key)).toBe(false);

    const lost = json<Reply>(await upload('Lost Tune')).id as number;
    await t.app.platform.files.delete(await keyOf(lost));
    const res = await audio(lost);
    expect(res.statusCode).toBe(404);
    expect(json<Reply>(res).message).toBe(MESSAGES.noAudio);
  });

  it('answers 503 (not 500) to playback and uploads while the bucket cannot be reached', async () => {
    const id = json<Reply>(await upload('Before The Outage')).id as number;
    await s3.stop();
    const played = await audio(id);
    expect(played.statusCode).toBe(503);
    expect(played.headers['retry-after']).toBeDefined();
    expect(json<Reply>(played).message).toBe(MESSAGES.serviceUnavailable);
    const uploaded = await upload('During The Outage');
    expect(uploaded.statusCode).toBe(503);
    const names = await t.database.db
      .selectFrom('music_on_hold')
      .select('name')
      .where('name', 'like', 'During%')
      .execute();
    expect(names).toEqual([]);
  });
});
