/**
 * Voicemail through the API on a real database: mailboxes, messages (list, details, audio with
 * Range, download, delete, new → old), settings rules with the spec's texts, greetings refused by
 * content and size, voicemail-to-e-mail with the audio attached and vmDelete, permission, isolation.
 */
import {
  FEATURES,
  MASK,
  MESSAGES,
  OUTBOX_MESSAGES,
  type OutboxMail,
  UPLOAD_MAX_BYTES,
  VOICEMAIL_MESSAGES,
  type VoicemailGreeting,
  type VoicemailMailbox,
  type VoicemailMessage,
  type VoicemailSettings,
} from '@switchboard/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TUNES, wavOf } from '../../demo/audio.ts';
import { fileKey } from '../../platform/file-store.ts';
import { storedBytes, storedKeys } from '../../test/file-stores.ts';
import { addUser, basedOn, createTestContext, json, type TestContext } from '../../test/harness.ts';
import { idTaggedText, mp3, multipart, type Part } from '../../test/multipart.ts';
import { serverAuthorization } from '../../test/servers.ts';
import { deleteMailedMessage, storeDeposit } from './voicemail.deposit.ts';

let t: TestContext;
let retail: Record<string, string>;
let viewer: Record<string, string>;
let prepay: Record<string, string>;
let noVoicemail: Record<string, string>;
let admin: Record<string, string>;

const RECEPTION = '30000*201';
const ACCOUNTS = '30000*202';
const BELLA = '30001*201';

beforeAll(async () => {
  t = await createTestContext();
  retail = await t.login('retail');
  viewer = await t.login('viewer');
  prepay = await t.login('prepay');
  admin = await t.login('admin');
  await addUser(t.database.db, {
    username: 'no.voicemail',
    accountNo: 30000,
    grants: [[FEATURES.seats, MASK.all]],
  });
  noVoicemail = await t.login('no.voicemail');
});
afterAll(async () => t?.close());

type Reply = { success?: boolean; message: string; id?: number; validation?: Record<string, string> };
type Page = { records: VoicemailMessage[]; totalRecords: number };

/** A message deposited as the media server would, through the deposit's own storing (the audio in the store first). */
async function deposit(mailbox: string, audio: Buffer, fields: { callerIdName?: string; date?: string } = {}) {
  const extension = audio.subarray(0, 4).toString() === 'RIFF' ? 'wav' : 'mp3';
  const stored = await t.app.platform.files.put(
    fileKey('voicemail', extension),
    (async function* () {
      yield audio;
    })(),
  );
  const id = await storeDeposit(
    t.app.platform,
    {
      fields: {
        mailbox,
        callerIdName: fields.callerIdName ?? 'Dave Plumber',
        callerIdNumber: '07700900123',
        ...(fields.date ? { date: fields.date } : {}),
        duration: 3,
      },
      stored,
      extension,
      seconds: 3,
    },
    null,
  );
  return { id, key: stored.key };
}
const list = async (headers: Record<string, string>, mailbox: string, folder?: 'new' | 'old') =>
  t.api('POST', '/voicemail/messages', headers, { mailbox, ...(folder ? { folder } : {}) });
const rowExists = async (id: number) =>
  (await t.database.db.selectFrom('voicemail_messages').select('id').where('id', '=', id).executeTakeFirst()) !==
  undefined;
const outbox = () =>
  t.database.db.selectFrom('mail_outbox').selectAll().where('template', '=', 'voicemail').orderBy('id').execute();
const WAV = wavOf(TUNES.chime);
/** A mail as the Outbox page lists it (provider admins). */
const outboxMail = async (id: number) => {
  const res = await t.api('POST', '/mail/outbox/0/200', admin, { filters: { template: 'voicemail' } });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ records: OutboxMail[] }>(res).records.find((m) => m.id === id);
};

describe('voicemail messages', () => {
  it('lists the mailboxes (seats with voicemail on) with their counts, and a mailbox’s messages newest first', async () => {
    const older = await deposit(RECEPTION, WAV, { callerIdName: 'Older', date: '2026-11-20T09:15:00Z' });
    const newer = await deposit(RECEPTION, mp3(), { callerIdName: 'Newer', date: '2026-11-21T14:05:09Z' });
    const boxes = json<{ records: VoicemailMailbox[] }>(await t.api('GET', '/voicemail/mailboxes', retail)).records;
    expect(boxes.map((b) => b.mailbox)).toContain(RECEPTION);
    expect(boxes.find((b) => b.mailbox === RECEPTION)).toMatchObject({ extension: 201, newCount: 2, oldCount: 0 });
    const page = json<Page>(await list(retail, RECEPTION));
    expect(page.records.map((m) => [m.id, m.callerIdName, m.folder])).toEqual([
      [newer.id, 'Newer', 'new'],
      [older.id, 'Older', 'new'],
    ]);
    // Spec 1 §5's voicemail date, in London time (GMT in November).
    expect(page.records[0]).toMatchObject({
      date: '21 11 2026 14:05:09',
      receivedAt: '2026-11-21T14:05:09Z',
      callerIdNumber: '07700900123',
      duration: 3,
      format: 'mp3',
    });
    // Another account's mailbox is not found; its own list does not hold these.
    expect((await list(prepay, RECEPTION)).statusCode).toBe(404);
    expect((await t.api('GET', `/voicemail/${RECEPTION}/messages/${newer.id}/details`, prepay)).statusCode).toBe(404);
    expect(json<Page>(await list(prepay, BELLA)).records.map((m) => m.id)).not.toContain(newer.id);
  });

  it('plays a message whole and by Range, downloads it as a file, and a bad range is 416', async () => {
    const { id } = await deposit(ACCOUNTS, WAV);
    const url = `/voicemail/${ACCOUNTS}/messages/${id}`;
    const whole = await t.api('GET', url, retail);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(WAV)).toBe(true);
    const part = await t.api('GET', url, { ...retail, range: 'bytes=10-109' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-109/${WAV.length}`);
    expect(part.rawPayload.equals(WAV.subarray(10, 110))).toBe(true);
    expect((await t.api('GET', url, { ...retail, range: `bytes=${WAV.length + 5}-` })).statusCode).toBe(416);
    const download = await t.api('GET', `${url}?download=1`, retail);
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="voicemail-30000-202-\d{8}-\d{6}\.wav"/,
    );
    // Playing is a read: the message is still new until it is opened.
    expect(json<VoicemailMessage>(await t.api('GET', `${url}/details`, retail)).folder).toBe('new');
  });

  it('moves a new message to old when opened, once, with a change event', async () => {
    const { id } = await deposit(ACCOUNTS, mp3());
    const opened = await t.api('POST', `/voicemail/${ACCOUNTS}/messages/${id}/old`, retail);
    expect(json<VoicemailMessage>(opened).folder).toBe('old');
    expect((await t.api('POST', `/voicemail/${ACCOUNTS}/messages/${id}/old`, retail)).statusCode).toBe(200);
    const events = await t.database.db
      .selectFrom('change_events')
      .select(['kind', 'after'])
      .where('area', '=', 'voicemail')
      .where('record_id', '=', id)
      .where('kind', '=', 'open')
      .execute();
    expect(events).toHaveLength(1);
    expect(json<Page>(await list(retail, ACCOUNTS, 'old')).records.map((m) => m.id)).toContain(id);
    expect(json<Page>(await list(retail, ACCOUNTS, 'new')).records.map((m) => m.id)).not.toContain(id);
    // A read-only user's listening changes nothing (the message stays new); another account may not.
    const other = await deposit(ACCOUNTS, mp3());
    expect((await t.api('POST', `/voicemail/${ACCOUNTS}/messages/${other.id}/old`, viewer)).statusCode).toBe(403);
    expect(
      json<VoicemailMessage>(await t.api('GET', `/voicemail/${ACCOUNTS}/messages/${other.id}/details`, viewer)).folder,
    ).toBe('new');
    expect((await t.api('POST', `/voicemail/${ACCOUNTS}/messages/${other.id}/old`, prepay)).statusCode).toBe(404);
  });

  it('deletes one or many messages with their files, all or nothing', async () => {
    const a = await deposit(ACCOUNTS, mp3());
    const b = await deposit(ACCOUNTS, WAV);
    const bella = await deposit(BELLA, mp3());
    const remove = (headers: Record<string, string>, mailbox: string, ids: number[]) =>
      t.app.inject({ method: 'DELETE', url: '/api/v1/voicemail/messages', headers, payload: { mailbox, ids } });
    // Another mailbox's message among them: nothing deleted.
    const mixed = await remove(retail, ACCOUNTS, [a.id, bella.id]);
    expect(mixed.statusCode).toBe(404);
    expect(await rowExists(a.id)).toBe(true);
    // Read-only users may not delete.
    expect((await remove(viewer, ACCOUNTS, [a.id])).statusCode).toBe(403);
    const ok = await remove(retail, ACCOUNTS, [a.id, b.id]);
    expect(ok.statusCode).toBe(200);
    expect(json<Reply>(ok).message).toBe(VOICEMAIL_MESSAGES.deleted(2));
    expect(await rowExists(a.id)).toBe(false);
    expect(await rowExists(b.id)).toBe(false);
    expect(await t.app.platform.files.exists(a.key)).toBe(false);
    expect(await t.app.platform.files.exists(b.key)).toBe(false);
    expect(await t.app.platform.files.exists(bella.key)).toBe(true);
  });

  it('answers 403 without the voicemail permission and 401 without a session', async () => {
    for (const res of [
      await list(noVoicemail, RECEPTION),
      await t.api('GET', '/voicemail/mailboxes', noVoicemail),
      await t.api('GET', `/voicemail/${RECEPTION}/prerecorded`, noVoicemail),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect((await list({}, RECEPTION)).statusCode).toBe(401);
  });
});

describe('mailbox settings', () => {
  const save = (headers: Record<string, string>, body: object) =>
    t.api('POST', `/voicemail/${BELLA}/settings`, headers, {
      fullname: '',
      email: '',
      password: '',
      vmDelete: false,
      ...body,
    });

  it('reads a mailbox by its seat’s name, saying whether a PIN is set but never the PIN', async () => {
    const box = json<VoicemailSettings>(await t.api('GET', `/voicemail/${RECEPTION}/settings`, retail));
    expect(box).toMatchObject({ mailbox: '201', passwordSet: true, email: 'reception@acmeplumbing.example' });
    expect(JSON.stringify(box)).not.toContain('4826');
    // The seat's readers read it too (the seat page's mailbox), not those with neither permission.
    expect((await t.api('GET', `/voicemail/${RECEPTION}/settings`, noVoicemail)).statusCode).toBe(200);
    expect((await t.api('GET', `/voicemail/${RECEPTION}/settings`, prepay)).statusCode).toBe(404);
  });

  it('refuses each rule with the spec’s text, and saves based on the seat’s version', async () => {
    const pin = await save(prepay, { password: '12345678901' });
    expect(pin.statusCode).toBe(400);
    expect(json<Reply>(pin).validation?.password).toBe('PIN must be numerical with a maximum of 10 digits');
    expect(json<Reply>(await save(prepay, { password: '12a4' })).validation?.password).toBe(MESSAGES.voicemailPin);
    expect(json<Reply>(await save(prepay, { fullname: 'f'.repeat(151) })).validation?.fullname).toBe(
      MESSAGES.maxLength(150),
    );
    expect(json<Reply>(await save(prepay, { email: `${'e'.repeat(38)}@acme.example` })).validation?.email).toBe(
      MESSAGES.maxLength(50),
    );
    expect(json<Reply>(await save(prepay, { email: 'no-at-sign' })).validation?.email).toBe(MESSAGES.email);

    const before = json<VoicemailSettings>(await t.api('GET', `/voicemail/${BELLA}/settings`, prepay));
    const ok = await save(basedOn(prepay, before.version), {
      fullname: 'Front desk',
      email: 'desk@bellahair.example',
      password: '1234567890',
      vmDelete: true,
    });
    expect(ok.statusCode).toBe(200);
    const after = json<VoicemailSettings>(await t.api('GET', `/voicemail/${BELLA}/settings`, prepay));
    expect(after).toMatchObject({ fullname: 'Front desk', passwordSet: true, vmDelete: true });
    expect(JSON.stringify(after)).not.toContain('1234567890');
    const stale = await save(basedOn(prepay, before.version), { fullname: 'Stale' });
    expect(stale.statusCode).toBe(409);
    expect(json<Reply>(stale).message).toBe(MESSAGES.staleVersion);
    expect((await t.api('GET', `/voicemail/${BELLA}/settings`, retail)).statusCode).toBe(404);
  });
});

describe('prerecorded greetings', () => {
  const upload = (headers: Record<string, string>, parts: Part[], mailbox = RECEPTION) => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/voicemail/${mailbox}/messages`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const greeting = (type: string, content: Buffer, filename = 'greeting.wav'): Part[] => [
    { name: 'type', value: type },
    { name: 'file', filename, type: 'audio/wav', content },
  ];
  const greetings = async () =>
    json<{ records: VoicemailGreeting[] }>(await t.api('GET', `/voicemail/${RECEPTION}/prerecorded`, retail)).records;
  const storedGreetings = () => t.database.db.selectFrom('voicemail_greetings').select(['type', 'file_key']).execute();

  it('lists every type, uploads one (the spec’s text), plays it, replaces it and deletes it', async () => {
    expect((await greetings()).map((g) => [g.type, g.set])).toEqual([
      ['unavailable', false],
      ['busy', false],
      ['name', false],
      ['temporary', false],
    ]);
    const res = await upload(retail, greeting('busy', WAV));
    expect(res.statusCode).toBe(200);
    expect(json<Reply>(res).message).toBe('Prerecorded Voicemail added successfully');
    expect((await greetings()).find((g) => g.type === 'busy')).toMatchObject({ set: true, fileSize: WAV.length });
    const played = await t.api('GET', `/voicemail/${RECEPTION}/prerecorded/busy`, retail);
    expect(played.rawPayload.equals(WAV)).toBe(true);
    const first = (await storedGreetings()).find((g) => g.type === 'busy')?.file_key as string;
    // A second upload of the type replaces the first, whose file goes.
    expect((await upload(retail, greeting('busy', mp3(), 'busy.mp3'))).statusCode).toBe(200);
    expect(await t.app.platform.files.exists(first)).toBe(false);
    const second = (await storedGreetings()).find((g) => g.type === 'busy')?.file_key as string;
    expect(await storedBytes(t.app.platform.files, second)).toEqual(mp3());
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/voicemail/${RECEPTION}/prerecorded/busy`,
      headers: retail,
    });
    expect(json<Reply>(removed).message).toBe(VOICEMAIL_MESSAGES.greetingDeleted);
    expect(await t.app.platform.files.exists(second)).toBe(false);
    const gone = await t.api('GET', `/voicemail/${RECEPTION}/prerecorded/busy`, retail);
    expect(gone.statusCode).toBe(404);
    expect(json<Reply>(gone).message).toBe(VOICEMAIL_MESSAGES.noGreeting);
  });

  it('refuses by content (a text file named .mp3), by size, a missing type, and a reader', async () => {
    const before = (await storedGreetings()).length;
    const filesBefore = await storedKeys(t.app.platform.files, 'voicemail-greetings/');
    const text = await upload(retail, greeting('unavailable', idTaggedText(), 'notes.mp3'));
    expect(text.statusCode).toBe(400);
    expect(json<Reply>(text).message).toBe(MESSAGES.invalidFileFormat);
    const plain = await upload(retail, greeting('unavailable', Buffer.from('hello, not audio'), 'hello.wav'));
    expect(json<Reply>(plain).message).toBe(MESSAGES.invalidFileFormat);
    const big = Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0);
    WAV.copy(big, 0, 0, 44);
    const huge = await upload(retail, greeting('unavailable', big));
    expect(huge.statusCode).toBe(413);
    const untyped = await upload(retail, greeting('voicemail', WAV));
    expect(untyped.statusCode).toBe(400);
    expect(json<Reply>(untyped).validation?.type).toBe(MESSAGES.selectOption);
    expect((await upload(viewer, greeting('unavailable', WAV))).statusCode).toBe(403);
    expect((await upload(prepay, greeting('unavailable', WAV))).statusCode).toBe(404);
    expect((await storedGreetings()).length).toBe(before);
    // Every refused upload left the store as it was (the files, not only their count).
    expect(await storedKeys(t.app.platform.files, 'voicemail-greetings/')).toEqual(filesBefore);
  });
});

describe('voicemail to e-mail', () => {
  it('mails a deposited message with its audio attached, and keeps the message', async () => {
    const before = (await outbox()).length;
    // Reception's mailbox has an e-mail in the demo; delete-after-mail is off.
    const { id, key } = await deposit(RECEPTION, WAV, { callerIdName: 'Mail me' });
    const [mail] = (await outbox()).slice(before);
    expect(mail).toMatchObject({
      account_no: 30000,
      to_address: 'reception@acmeplumbing.example',
      status: 'pending',
      after_sent: null,
    });
    expect(mail?.subject).toContain('Mail me');
    expect(mail?.attachments).toEqual([
      {
        key,
        filename: expect.stringMatching(/^voicemail-\d{8}T\d{6}\.wav$/),
        contentType: 'audio/wav',
        bytes: WAV.length,
      },
    ]);
    await t.app.platform.mail.drain();
    const [sent] = (await outbox()).slice(before);
    expect(sent?.status).toBe('sandbox');
    // The sandbox read the attachment from the file store as a mail server would: its bytes and hash.
    const sha = (
      await t.database.db
        .selectFrom('voicemail_messages')
        .select('file_sha256')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).file_sha256;
    expect(sent?.attachments[0]?.sent).toEqual({ bytes: WAV.length, sha256: sha });
    expect(await rowExists(id)).toBe(true);
    // The Outbox (provider admins): the mail's attachment by name, type and size, and its download.
    const listed = await outboxMail(sent?.id ?? 0);
    expect(listed?.attachments).toEqual([
      { filename: mail?.attachments[0]?.filename, contentType: 'audio/wav', bytes: WAV.length },
    ]);
    const download = await t.api('GET', `/mail/outbox/${sent?.id}/attachments/0`, admin);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('audio/wav');
    expect(download.headers['content-disposition']).toContain(`filename="${mail?.attachments[0]?.filename}"`);
    expect(download.rawPayload.equals(WAV)).toBe(true);
    expect((await t.api('GET', `/mail/outbox/${sent?.id}/attachments/1`, admin)).statusCode).toBe(404);
    // Not a customer's: the mailbox's own account may not read the provider's outbox.
    expect((await t.api('GET', `/mail/outbox/${sent?.id}/attachments/0`, retail)).statusCode).toBe(403);
  });

  it('with delete after e-mail, removes the message (row and file) once the mail has been handed over', async () => {
    await t.api('POST', `/voicemail/${RECEPTION}/settings`, retail, {
      fullname: 'Reception',
      email: 'reception@acmeplumbing.example',
      password: '',
      vmDelete: true,
    });
    const before = (await outbox()).length;
    const { id, key } = await deposit(RECEPTION, mp3());
    const [mail] = (await outbox()).slice(before);
    expect(mail?.after_sent).toEqual({ job: 'voicemail-delete-after-mail', data: { accountNo: 30000, messageId: id } });
    // Not before the hand-over.
    expect(await rowExists(id)).toBe(true);
    await t.app.platform.mail.drain();
    const jobs = await sql<{ data: unknown }>`select data from pgboss.job
      where name = 'voicemail-delete-after-mail'`.execute(t.database.db);
    expect(jobs.rows.map((j) => j.data)).toContainEqual({ accountNo: 30000, messageId: id });
    // The job's run (the test's queue only takes jobs): the row, then the file.
    expect(await deleteMailedMessage(t.app.platform, { accountNo: 30000, messageId: id })).toBe(1);
    expect(await rowExists(id)).toBe(false);
    expect(await t.app.platform.files.exists(key)).toBe(false);
    // The Outbox still lists the attachment; its download says the file is gone.
    expect((await outboxMail(mail?.id ?? 0))?.attachments).toHaveLength(1);
    const gone = await t.api('GET', `/mail/outbox/${mail?.id}/attachments/0`, admin);
    expect(gone.statusCode).toBe(404);
    expect(json<Reply>(gone).message).toBe(OUTBOX_MESSAGES.attachmentGone);
    // A second run finds nothing to do.
    expect(await deleteMailedMessage(t.app.platform, { accountNo: 30000, messageId: id })).toBe(0);
  });

  it('mails nothing for a mailbox without an e-mail, and refuses a deposit into a mailbox with voicemail off', async () => {
    const before = (await outbox()).length;
    await deposit(ACCOUNTS, mp3());
    expect((await outbox()).length).toBe(before);
    await t.database.db.updateTable('seats').set({ vm_mode: 0 }).where('name', '=', '30000*203').execute();
    const stored = (await storedKeys(t.app.platform.files, 'voicemail/')).length;
    await expect(deposit('30000*203', mp3())).rejects.toThrow(VOICEMAIL_MESSAGES.mailboxDisabled);
    // The refused deposit's file went with it.
    expect((await storedKeys(t.app.platform.files, 'voicemail/')).length).toBe(stored);
  });
});

describe('the media server’s deposit', () => {
  const post = (headers: Record<string, string>, parts: Part[]) => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/voicemail/deposit',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const message = (mailbox: string, content: Buffer = WAV): Part[] => [
    { name: 'mailbox', value: mailbox },
    { name: 'callerIdName', value: 'Over The Wire' },
    { name: 'callerIdNumber', value: '07700900999' },
    { name: 'date', value: '2026-11-28T16:30:00Z' },
    { name: 'file', filename: 'msg.wav', type: 'audio/wav', content },
  ];
  const counts = async () => ({
    rows: (await t.database.db.selectFrom('voicemail_messages').select('id').execute()).length,
    files: (await storedKeys(t.app.platform.files, 'voicemail/')).length,
  });

  it('refuses a missing or wrong secret (401), another role (403) and a session (401), storing nothing', async () => {
    const before = await counts();
    const media = await serverAuthorization(t.app, 'media');
    const wrong = { authorization: media.authorization.replace(/\.[^.]+$/, '.wrongwrongwrongwrongwrong') };
    expect((await post(wrong, message(ACCOUNTS))).statusCode).toBe(401);
    expect((await post({}, message(ACCOUNTS))).statusCode).toBe(401);
    expect((await post(retail, message(ACCOUNTS))).statusCode).toBe(401);
    expect((await post(await serverAuthorization(t.app, 'switch'), message(ACCOUNTS))).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('stores a message with its caller and date, mails it with the audio, and refuses text as audio', async () => {
    const media = await serverAuthorization(t.app, 'media');
    const before = await counts();
    const bad = await post(media, message(ACCOUNTS, idTaggedText()));
    expect(bad.statusCode).toBe(400);
    expect(json<Reply>(bad).message).toBe(MESSAGES.invalidFileFormat);
    expect((await post(media, message('30009*201'))).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    const ok = await post(media, message(BELLA));
    expect(ok.statusCode).toBe(200);
    const id = json<Reply>(ok).id as number;
    const listed = json<Page>(await list(prepay, BELLA)).records.find((m) => m.id === id);
    expect(listed).toMatchObject({ callerIdName: 'Over The Wire', date: '28 11 2026 16:30:00', folder: 'new' });
    expect((await t.api('GET', `/voicemail/${BELLA}/messages/${id}`, prepay)).rawPayload.equals(WAV)).toBe(true);
    expect(await counts()).toEqual({ rows: before.rows + 1, files: before.files + 1 });
  });
});
