import { MESSAGES, type Prompt } from '@switchboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp3Of, TUNES, wavOf } from '../../demo/audio.ts';
import { basedOn, createTestContext, json, type TestContext } from '../../test/harness.ts';
import { idTaggedText, mp3, multipart, type Part } from '../../test/multipart.ts';

let t: TestContext;
let retail: Record<string, string>;
let prepay: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  prepay = await t.login('prepay');
});
afterAll(async () => t?.close());

type Reply = { success?: boolean; message: string; id?: number; validation?: Record<string, string> };
type Page<T> = { records: T[]; totalRecords: number };

/** A real recording: the demo's chime as an 8 kHz WAV. */
const wav = () => wavOf(TUNES.chime);
const upload = (headers: Record<string, string>, parts: Part[]) => {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/prompt',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};
const file = (filename: string, content: Buffer | string, type = 'audio/mpeg'): Part => ({
  name: 'promptFile',
  filename,
  type,
  content,
});
const list = async (headers: Record<string, string>, body: object = {}) =>
  json<Page<Prompt>>(await t.api('POST', '/prompt/overview/-1/-1', headers, body));

describe('custom prompts', () => {
  it('uploads MP3 and WAV recordings, answering the spec’s text, and refuses other content', async () => {
    const a = await upload(retail, [file('Welcome.mp3', mp3())]);
    expect(json<Reply>(a)).toMatchObject({ success: true, message: 'Custom Prompt added successfully' });
    const b = await upload(retail, [{ name: 'name', value: 'Closed message' }, file('closed.wav', wav(), 'audio/wav')]);
    expect(json<Reply>(b).success).toBe(true);
    const names = (await list(retail)).records.filter((p) => p.accountNo !== 0).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Welcome', 'Closed message']));
    const text = await upload(retail, [file('notes.mp3', 'not audio at all, only text')]);
    expect(json<Reply>(text).validation?.promptFile).toBe(MESSAGES.invalidFileFormat);
    expect(json<Reply>(await upload(retail, [file('Welcome.mp3', mp3())])).validation?.name).toBe(
      MESSAGES.promptNameInUse,
    );
    expect((await list(prepay)).records.map((p) => p.name)).not.toContain('Welcome');
  });

  it('takes only files that decode as audio: not a WAV header without audio, nor text starting with ID3', async () => {
    const header = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([0x24, 0x08, 0, 0]),
      Buffer.from('WAVEfmt '),
      Buffer.alloc(2100),
    ]);
    for (const [name, content, type] of [
      ['Header only.wav', header, 'audio/wav'],
      ['Tagged text.mp3', idTaggedText(), 'audio/mpeg'],
    ] as const) {
      const res = await upload(retail, [file(name, content, type)]);
      expect(res.statusCode).toBe(400);
      expect(json<Reply>(res)).toMatchObject({
        success: false,
        validation: { promptFile: MESSAGES.invalidFileFormat },
      });
    }
    const names = (await list(retail)).records.map((p) => p.name);
    expect(names).not.toContain('Header only');
    expect(names).not.toContain('Tagged text');
    // The demo's real audio, MP3 and WAV, is taken.
    for (const [name, content, type] of [
      ['Demo tune.mp3', mp3Of(TUNES.hold), 'audio/mpeg'],
      ['Demo chime.wav', wavOf(TUNES.chime), 'audio/wav'],
    ] as const) {
      expect(json<Reply>(await upload(retail, [file(name, content, type)])).success).toBe(true);
    }
  });

  it('renames with PUT, the name required; the provider’s prompts are read-only', async () => {
    const id = json<Reply>(await upload(retail, [file('Rename me.mp3', mp3())])).id as number;
    expect((await t.api('PUT', `/prompt/${id}`, retail, { name: 'Renamed prompt' })).statusCode).toBe(200);
    expect(json<Prompt>(await t.api('GET', `/prompt/${id}`, retail)).name).toBe('Renamed prompt');
    expect(json<Reply>(await t.api('PUT', `/prompt/${id}`, retail, { name: '' })).validation?.name).toBe(
      MESSAGES.required,
    );
    const system = (await list(retail)).records.find((p) => p.accountNo === 0) as Prompt;
    expect((await t.api('PUT', `/prompt/${system.id}`, retail, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await t.api('DELETE', `/prompt/${system.id}`, retail)).statusCode).toBe(403);
    expect((await t.api('PUT', `/prompt/${id}`, prepay, { name: 'Theirs' })).statusCode).toBe(404);
  });

  it('refuses a rename based on an older version, and keeps the name', async () => {
    const id = json<Reply>(await upload(retail, [file('Versioned.mp3', mp3())])).id as number;
    const loaded = json<Prompt>(await t.api('GET', `/prompt/${id}`, retail));
    const first = await t.api('PUT', `/prompt/${id}`, basedOn(retail, loaded.version), { name: 'First' });
    expect(first.statusCode).toBe(200);
    const stale = await t.api('PUT', `/prompt/${id}`, basedOn(retail, loaded.version), { name: 'Second' });
    expect(stale.statusCode).toBe(409);
    expect(json<Reply>(stale).message).toBe(MESSAGES.staleVersion);
    const now = json<Prompt>(await t.api('GET', `/prompt/${id}`, retail));
    expect(now).toMatchObject({ name: 'First', version: loaded.version + 1 });
    const fresh = await t.api('PUT', `/prompt/${id}`, basedOn(retail, now.version), { name: 'Second' });
    expect(fresh.statusCode).toBe(200);
  });

  it('counts and lists its uses across areas and is not deleted while used', async () => {
    const id = json<Reply>(await upload(retail, [file('Greeting.mp3', mp3())])).id as number;
    const ivr = json<Reply>(await t.api('POST', '/ivr', retail, { name: 560, description: 'Main', greetingId: id })).id;
    expect(ivr).toBeDefined();
    const acl = await t.api('POST', '/accesscontrol', retail, { name: 'Prompted', promptId: id });
    expect(acl.statusCode, acl.body).toBe(200);
    expect(json<Prompt>(await t.api('GET', `/prompt/${id}`, retail)).count).toBe(2);
    const usage = json<Page<{ table: string; name: string }>>(await t.api('GET', `/prompt/${id}/usage`, retail));
    expect(usage.records).toEqual(
      expect.arrayContaining([
        { table: 'IVR', name: '560 - Main' },
        { table: 'Access List', name: 'Prompted' },
      ]),
    );
    const refused = await t.api('DELETE', `/prompt/${id}`, retail);
    expect(refused.statusCode).toBe(409);
    expect(json<Reply>(refused).message).toContain(MESSAGES.inUseIn('IVR', '560 - Main'));
    expect((await t.api('DELETE', `/ivr/${ivr}`, retail)).statusCode).toBe(200);
    expect((await t.api('DELETE', `/accesscontrol/${json<Reply>(acl).id}`, retail)).statusCode).toBe(200);
    expect((await t.api('DELETE', `/prompt/${id}`, retail)).statusCode).toBe(200);
  });

  it('streams a prompt’s audio for the player, whole or the range asked for, to its own account only', async () => {
    const bytes = wav();
    const id = json<Reply>(await upload(retail, [file('Player.wav', bytes, 'audio/wav')])).id as number;
    const whole = await t.api('GET', `/prompt/${id}/audio`, retail);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await t.app.inject({
      method: 'GET',
      url: `/api/v1/prompt/${id}/audio`,
      headers: { ...retail, range: 'bytes=4-11' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(4, 12))).toBe(true);
    const beyond = await t.app.inject({
      method: 'GET',
      url: `/api/v1/prompt/${id}/audio`,
      headers: { ...retail, range: `bytes=${bytes.length + 10}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect((await t.api('GET', `/prompt/${id}/audio`, prepay)).statusCode).toBe(404);
    expect((await t.api('GET', `/prompt/${id}/audio`, {})).statusCode).toBe(401);
    const mp3Id = json<Reply>(await upload(retail, [file('Streamed mp3.mp3', mp3())])).id as number;
    expect((await t.api('GET', `/prompt/${mp3Id}/audio`, retail)).headers['content-type']).toBe('audio/mpeg');
    // The provider's prompts have no file in this store: said so.
    const system = (await list(retail)).records.find((p) => p.accountNo === 0) as Prompt;
    const none = await t.api('GET', `/prompt/${system.id}/audio`, retail);
    expect(none.statusCode).toBe(404);
    expect(json<Reply>(none).message).toBe(MESSAGES.noAudio);
    expect((await t.api('GET', '/prompt/abc/audio', retail)).statusCode).toBe(400);
  });
});
