/** The e-mail outbox: queued in the cause's transaction; the sandbox keeps it, SMTP sends or retries. */
import { createHash } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TUNES, wavOf } from '../../demo/audio.ts';
import { fileKey } from '../../platform/file-store.ts';
import { type MailTransport, type OutgoingMail, SmtpMail } from '../../providers/mail/mail.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { MAIL_MAX_ATTEMPTS, MailDispatcher, queueMail } from './mail.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const statuses = () =>
  t.app.platform.tenancy.crossAccount('seed', (tx) =>
    tx.selectFrom('mail_outbox').select(['subject', 'status', 'attempts', 'last_error']).orderBy('id').execute(),
  );

describe('the mail outbox', () => {
  it('exists only when its transaction commits', async () => {
    await expect(
      t.app.platform.tenancy.tenant(30001, async (tx) => {
        await queueMail(tx, {
          accountNo: 30001,
          template: 't',
          to: 'a@example.test',
          subject: 'Rolled back',
          text: 'x',
        });
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow();
    await t.app.platform.tenancy.tenant(30001, (tx) =>
      queueMail(tx, { accountNo: 30001, template: 't', to: 'a@example.test', subject: 'First', text: 'x' }),
    );
    // A tenant may not queue a mail for another account.
    await expect(
      t.app.platform.tenancy.tenant(30001, (tx) =>
        queueMail(tx, { accountNo: 30000, template: 't', to: 'b@example.test', subject: 'Not mine', text: 'x' }),
      ),
    ).rejects.toThrow();
    expect((await statuses()).map((m) => m.subject)).toEqual(['First']);
  });

  it('keeps mails in the sandbox; an SMTP transport sends them, retrying a failure, then gives up', async () => {
    await t.app.platform.mail.drain();
    expect((await statuses()).map((m) => m.status)).toEqual(['sandbox']);

    const sent: OutgoingMail[] = [];
    let failing = true;
    const smtp: MailTransport = {
      kind: 'smtp',
      send: async (mail) => {
        if (failing) throw new Error('421 try later');
        sent.push(mail);
      },
    };
    const dispatcher = new MailDispatcher(t.app.platform.tenancy, smtp, 'Switchboard <no-reply@example.test>');
    await t.app.platform.tenancy.tenant(30001, (tx) =>
      queueMail(tx, { accountNo: 30001, template: 't', to: 'a@example.test', subject: 'Second', text: 'body' }),
    );
    await dispatcher.drain();
    expect((await statuses())[1]).toMatchObject({ status: 'pending', attempts: 1, last_error: '421 try later' });
    failing = false;
    await dispatcher.drain();
    expect((await statuses())[1]).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(sent).toEqual([
      { from: 'Switchboard <no-reply@example.test>', to: 'a@example.test', subject: 'Second', text: 'body' },
    ]);

    failing = true;
    await t.app.platform.tenancy.tenant(30001, (tx) =>
      queueMail(tx, { accountNo: 30001, template: 't', to: 'a@example.test', subject: 'Third', text: 'body' }),
    );
    for (let i = 0; i < MAIL_MAX_ATTEMPTS + 2; i++) await dispatcher.drain();
    expect((await statuses())[2]).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
  });

  it('answers the drain under way to a drain called meanwhile, and starts a new drain after it', async () => {
    const started: string[] = [];
    let release: () => void = () => undefined;
    const slow: MailTransport = {
      kind: 'smtp',
      send: async (mail) => {
        started.push(mail.subject);
        await new Promise<void>((resolve) => (release = resolve));
      },
    };
    const dispatcher = new MailDispatcher(t.app.platform.tenancy, slow, 'Switchboard <no-reply@example.test>');
    const queue = (subject: string) =>
      t.app.platform.tenancy.tenant(30001, (tx) =>
        queueMail(tx, { accountNo: 30001, template: 't', to: 'a@example.test', subject, text: 'body' }),
      );
    await queue('Fourth');
    const first = dispatcher.drain(5);
    const second = dispatcher.drain(9);
    expect(second).toBe(first);
    await vi.waitFor(() => expect(started).toEqual(['Fourth']));
    release();
    await expect(first).resolves.toBe(1);
    await queue('Fifth');
    const third = dispatcher.drain(7);
    expect(third).not.toBe(first);
    await vi.waitFor(() => expect(started).toEqual(['Fourth', 'Fifth']));
    release();
    await expect(third).resolves.toBe(1);
    expect(started).toEqual(['Fourth', 'Fifth']);
  });
});

/** What a minimal SMTP server (below) was given: the envelope and each message's DATA. */
interface SmtpSession {
  from: string[];
  to: string[];
  messages: string[];
}

/**
 * A minimal SMTP server on a free local port: greets, answers EHLO without STARTTLS, takes MAIL,
 * RCPT and DATA (until the lone dot), and keeps what it was given.
 */
async function smtpListener(): Promise<{ port: number; session: SmtpSession; close: () => Promise<void> }> {
  const session: SmtpSession = { from: [], to: [], messages: [] };
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') return reply('250-localhost\r\n250 8BITMIME');
      if (verb === 'MAIL') session.from.push(line);
      if (verb === 'RCPT') session.to.push(line);
      if (verb === 'DATA') {
        inData = true;
        return reply('354 End data with <CR><LF>.<CR><LF>');
      }
      if (verb === 'QUIT') {
        reply('221 Bye');
        return socket.end();
      }
      return reply('250 OK');
    };
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        const end = buffer.indexOf(inData ? '\r\n.\r\n' : '\r\n');
        if (end < 0) return;
        const part = buffer.slice(0, end);
        buffer = buffer.slice(end + (inData ? 5 : 2));
        if (inData) {
          inData = false;
          session.messages.push(part);
          reply('250 2.0.0 Queued');
        } else command(part);
      }
    });
    reply('220 localhost ESMTP test');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, session, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A MIME message's part holding `contentType`: its headers and its body as sent. */
function mimePart(message: string, contentType: string): { headers: string; body: string } | null {
  const boundary = /boundary="?([^"\r\n;]+)"?/i.exec(message)?.[1];
  if (!boundary) return null;
  for (const part of message.split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    const headers = part.slice(0, split);
    if (!headers.toLowerCase().includes(`content-type: ${contentType}`)) continue;
    return { headers, body: part.slice(split + 4) };
  }
  return null;
}

describe('the SMTP provider', () => {
  it("sends a mail with its attachment streamed from the file store as a MIME part: the audio's bytes", async () => {
    const smtp = await smtpListener();
    try {
      const audio = wavOf(TUNES.chime);
      const key = fileKey('voicemail', 'wav');
      await t.app.platform.files.put(
        key,
        (async function* () {
          yield audio;
        })(),
      );
      await t.app.platform.tenancy.tenant(30001, (tx) =>
        queueMail(tx, {
          accountNo: 30001,
          template: 'voicemail',
          to: 'bella@example.test',
          subject: 'New voicemail from 07700900123',
          text: 'You have a new voicemail.',
          attachments: [
            { key, filename: 'voicemail-20261129T101500.wav', contentType: 'audio/wav', bytes: audio.length },
          ],
        }),
      );
      const dispatcher = new MailDispatcher(
        t.app.platform.tenancy,
        new SmtpMail(`smtp://127.0.0.1:${smtp.port}`),
        'Switchboard <no-reply@example.test>',
        { files: t.app.platform.files },
      );
      await dispatcher.drain();
      const row = await t.app.platform.tenancy.crossAccount('seed', (tx) =>
        tx
          .selectFrom('mail_outbox')
          .select(['status', 'last_error', 'attachments'])
          .where('subject', '=', 'New voicemail from 07700900123')
          .executeTakeFirstOrThrow(),
      );
      expect(row).toMatchObject({ status: 'sent', last_error: null });
      const sha256 = createHash('sha256').update(audio).digest('hex');
      expect(row.attachments[0]?.sent).toEqual({ bytes: audio.length, sha256 });
      expect(smtp.session.from).toEqual(['MAIL FROM:<no-reply@example.test>']);
      expect(smtp.session.to).toEqual(['RCPT TO:<bella@example.test>']);
      const [message] = smtp.session.messages;
      expect(message).toContain('Subject: New voicemail from 07700900123');
      const part = mimePart(message ?? '', 'audio/wav');
      expect(part?.headers).toMatch(/content-disposition: attachment;\s*filename=voicemail-20261129T101500\.wav/i);
      expect(part?.headers).toMatch(/content-transfer-encoding: base64/i);
      expect(Buffer.from((part?.body ?? '').replace(/\s+/g, ''), 'base64').equals(audio)).toBe(true);
      expect(mimePart(message ?? '', 'text/plain')?.body).toContain('You have a new voicemail.');
    } finally {
      await smtp.close();
    }
  });
});
