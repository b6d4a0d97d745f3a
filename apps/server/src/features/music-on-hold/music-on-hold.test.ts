import { MESSAGES, type MusicOnHold, type Seat } from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp3Of, TUNES } from '../../demo/audio.ts';
import { storedBytes, storedKeys } from '../../test/file-stores.ts';
import { createTestContext, json, type TestContext } from '../../test/harness.ts';
import { idTaggedText, mp3, multipart, type Part } from '../../test/multipart.ts';

let t: TestContext;
let retail: Record<string, string>;
let viewer: Record<string, string>;
let prepay: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  viewer = await t.login('viewer');
  prepay = await t.login('prepay');
});
afterAll(async () => t?.close());

type Page<T> = { records: T[]; totalRecords: number; lastPage: boolean };
type Reply = { success?: boolean; message: string; id?: number; validation?: Record<string, string> };

const upload = (headers: Record<string, string>, parts: Part[]) => {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/musiconhold',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};
const song = (name: string, content: Buffer | string = mp3()): Part[] => [
  { name: 'termsAccepted', value: 'true' },
  { name: 'musicFile', filename: `${name}.mp3`, type: 'audio/mpeg', content },
];
const overview = async (headers: Record<string, string>, body: object = {}) =>
  json<Page<MusicOnHold>>(await t.api('POST', '/musiconhold/overview/-1/-1', headers, body));
const stored = (key: string) => storedBytes(t.app.platform.files, key);
const exists = (key: string) => t.app.platform.files.exists(key);
const count = async () => (await storedKeys(t.app.platform.files, 'music-on-hold/')).length;

describe('music on hold', () => {
  it("lists the provider's music as account 0, read-only, beside the account's own", async () => {
    const page = await overview(retail);
    expect(page.records.map((m) => [m.name, m.accountNo])).toEqual([
      ['Acme hold tune', 30000],
      ['Classical', 0],
      ['Easy Listening', 0],
      ['Jazz', 0],
    ]);
    const classical = page.records[1] as MusicOnHold;
    expect((await t.api('DELETE', `/musiconhold/${classical.id}`, retail)).statusCode).toBe(403);
    expect(json<Reply>(await t.api('DELETE', `/musiconhold/${classical.id}`, retail)).message).toBe(
      MESSAGES.providerMusicReadOnly,
    );
    expect((await overview(retail)).totalRecords).toBe(4);
    // The template's rows have no file in this store: no audio, said so (not a 500).
    const audio = await t.api('GET', `/musiconhold/${classical.id}/audio`, retail);
    expect(audio.statusCode).toBe(404);
    expect(json<Reply>(audio).message).toBe(MESSAGES.noAudio);
  });

  it('uploads an MP3 into the file store, named after the file, and answers the spec’s text', async () => {
    const res = await upload(retail, song('Summer Breeze'));
    expect(res.statusCode).toBe(200);
    expect(json<Reply>(res)).toMatchObject({ success: true, message: MESSAGES.musicAdded });
    const id = json<Reply>(res).id as number;
    const item = json<MusicOnHold>(await t.api('GET', `/musiconhold/${id}`, retail));
    expect(item).toMatchObject({ name: 'Summer Breeze', accountNo: 30000, count: 0, fileSize: mp3().length });
    const row = await t.database.db
      .selectFrom('music_on_hold')
      .select('file_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(await stored(row.file_key as string)).toEqual(mp3());
    // Another account sees neither the row nor its uses.
    expect((await t.api('GET', `/musiconhold/${id}`, prepay)).statusCode).toBe(404);
    expect((await overview(prepay)).records.map((m) => m.name)).not.toContain('Summer Breeze');
  });

  it('takes a name field before or after the file', async () => {
    const after = await upload(retail, [...song('x'), { name: 'name', value: 'Named After' }]);
    expect(json<Reply>(after).success).toBe(true);
    const before = await upload(retail, [{ name: 'name', value: 'Named Before' }, ...song('y')]);
    expect(json<Reply>(before).success).toBe(true);
    const names = (await overview(retail, { search: 'Named' })).records.map((m) => m.name);
    expect(names).toEqual(['Named After', 'Named Before']);
  });

  it('refuses what is not an MP3 by its content, without the terms, a taken name, and keeps no file', async () => {
    const before = await count();
    const text = await upload(retail, song('Not Music', 'just some text, not audio at all'));
    expect(text.statusCode).toBe(400);
    expect(json<Reply>(text).validation?.musicFile).toBe(MESSAGES.invalidFileFormat);
    const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(200)]);
    expect(json<Reply>(await upload(retail, song('Wave', wav))).validation?.musicFile).toBe(MESSAGES.invalidFileFormat);
    const noTerms = await upload(retail, [
      { name: 'musicFile', filename: 'a.mp3', type: 'audio/mpeg', content: mp3() },
    ]);
    expect(noTerms.statusCode).toBe(400);
    expect(json<Reply>(noTerms).validation?.termsAccepted).toBe(MESSAGES.musicTerms);
    const taken = await upload(retail, song('summer breeze'));
    expect(taken.statusCode).toBe(409);
    expect(json<Reply>(taken).validation?.name).toBe(MESSAGES.musicNameInUse);
    const long = await upload(retail, [{ name: 'name', value: 'n'.repeat(101) }, ...song('z')]);
    expect(json<Reply>(long).validation?.name).toBe(MESSAGES.maxLength(100));
    expect((await upload(retail, [{ name: 'termsAccepted', value: 'true' }])).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('refuses a text file that only starts as an MP3 does (ID3): the upload must decode as audio', async () => {
    const before = await count();
    const fake = await upload(retail, song('Tagged Text', idTaggedText()));
    expect(fake.statusCode).toBe(400);
    expect(json<Reply>(fake)).toMatchObject({
      success: false,
      message: MESSAGES.invalidFileFormat,
      validation: { musicFile: MESSAGES.invalidFileFormat },
    });
    expect((await overview(retail, { search: 'Tagged Text' })).totalRecords).toBe(0);
    expect(await count()).toBe(before);
    // The demo's real MP3 (frames of a tune, seconds long) is taken, and plays back as it was sent.
    const tune = mp3Of(TUNES.lift);
    const real = await upload(retail, song('Real Tune', tune));
    expect(json<Reply>(real)).toMatchObject({ success: true, message: MESSAGES.musicAdded });
    const audio = await t.api('GET', `/musiconhold/${json<Reply>(real).id}/audio`, retail);
    expect(audio.statusCode).toBe(200);
    expect(audio.rawPayload.equals(tune)).toBe(true);
  });

  it('needs create on musicOnHold to upload and delete to delete', async () => {
    expect((await upload(viewer, song('Viewer Tune'))).statusCode).toBe(403);
    expect((await t.api('POST', '/musiconhold/overview/0/15', viewer, {})).statusCode).toBe(200);
    expect((await t.api('POST', '/musiconhold/overview/0/15', {}, {})).statusCode).toBe(401);
  });

  it('is chosen by a seat from its own and the provider’s music only; unknown values are refused', async () => {
    const options = json<{ records: Array<{ id: number; name: string; provider: boolean }> }>(
      await t.api('GET', '/musiconhold/options', retail),
    ).records;
    const jazz = options.find((o) => o.name === 'Jazz');
    const mine = options.find((o) => o.name === 'Summer Breeze');
    expect(jazz?.provider).toBe(true);
    expect(mine?.provider).toBe(false);
    const seat = json<Page<Seat>>(await t.api('POST', '/seat/0/1', retail, {})).records[0] as Seat;
    const patch = (musicOnHold: unknown) => t.api('PATCH', `/seat/${seat.id}`, retail, { musicOnHold });
    expect((await patch(jazz?.id)).statusCode).toBe(200);
    expect(json<Seat>(await t.api('GET', `/seat/${seat.id}`, retail)).musicOnHold).toBe(jazz?.id);
    for (const bad of ['default', 'Jazz', 999_999]) {
      const res = await patch(bad);
      expect(res.statusCode).toBe(400);
      expect(json<Reply>(res).validation?.musicOnHold).toBe(MESSAGES.selectOption);
    }
    // Another account's upload is not usable either.
    const theirs = json<Reply>(await upload(prepay, song('Salon Mix'))).id as number;
    expect(json<Reply>(await patch(theirs)).validation?.musicOnHold).toBe(MESSAGES.selectOption);
    expect((await patch(mine?.id)).statusCode).toBe(200);
    expect((await patch(null)).statusCode).toBe(200);
  });

  it('counts and lists its uses, and refuses to delete music in use with the spec’s text', async () => {
    const id = json<Reply>(await upload(retail, song('In Use Tune'))).id as number;
    const seats = json<Page<Seat>>(await t.api('POST', '/seat/0/2', retail, {})).records;
    for (const seat of seats) {
      expect((await t.api('PATCH', `/seat/${seat.id}`, retail, { musicOnHold: id })).statusCode).toBe(200);
    }
    expect(json<MusicOnHold>(await t.api('GET', `/musiconhold/${id}`, retail)).count).toBe(2);
    const usage = json<Page<{ table: string; name: string }>>(
      await t.api('GET', `/musiconhold/${id}/usage/-1/-1`, retail),
    );
    expect(usage.totalRecords).toBe(2);
    expect(usage.records.every((u) => u.table === 'Seat')).toBe(true);
    const refused = await t.api('DELETE', `/musiconhold/${id}`, retail);
    expect(refused.statusCode).toBe(409);
    expect(json<Reply>(refused).message).toBe(MESSAGES.musicInUse);
    const many = await t.api('DELETE', '/musiconhold', retail, { ids: [id] });
    expect(many.statusCode).toBe(409);
    expect(json<MusicOnHold>(await t.api('GET', `/musiconhold/${id}`, retail)).count).toBe(2);
    // The provider's music in use by a seat is counted for this account only.
    const jazz = (await overview(retail)).records.find((m) => m.name === 'Jazz') as MusicOnHold;
    expect((await overview(prepay)).records.find((m) => m.name === 'Jazz')?.count).toBe(0);
    expect(jazz.accountNo).toBe(0);
  });

  it('deletes unused music of the account, and its file after the commit', async () => {
    const id = json<Reply>(await upload(retail, song('Short Lived'))).id as number;
    const { file_key } = await t.database.db
      .selectFrom('music_on_hold')
      .select('file_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(await exists(file_key as string)).toBe(true);
    const res = await t.api('DELETE', `/musiconhold/${id}`, retail);
    expect(res.statusCode).toBe(200);
    expect((await t.api('GET', `/musiconhold/${id}`, retail)).statusCode).toBe(404);
    expect(await exists(file_key as string)).toBe(false);
  });
});
