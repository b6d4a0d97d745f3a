/**
 * E-mail: a mail is queued in the transaction of its cause (mail_outbox, so it exists exactly when
 * its cause committed); the dispatcher hands the queued mails to the transport. With the sandbox
 * transport a mail is marked 'sandbox' and stays readable on the Outbox page; with SMTP it is sent
 * and marked 'sent', or retried a few times and then marked 'failed' with its error; with none
 * (SMTP not configured, sandboxes off) it stays 'pending' — kept, never dropped — until SMTP is set.
 *
 * Attachments are named by file-store key and read by the transport as it sends (the SMTP message
 * streams them; the sandbox reads each to its end, as a mail server would); what was read — bytes
 * and sha-256 — is recorded on the mail. A mail may name a job to enqueue once it has been handed
 * over (`afterSent`), in the hand-over's transaction: a voicemail deleted after it was mailed.
 */
import { createHash } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import type { FileStore } from '../../platform/file-store.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Tenancy, Tx } from '../../platform/tenancy.ts';
import type { MailTransport, OutgoingAttachment } from '../../providers/mail/mail.ts';
import type { MailAfterSent, MailAttachment, MailOutboxTable } from './tables.ts';

export interface QueuedMail {
  /** The account the mail is about (null: the provider's own). */
  accountNo: number | null;
  template: string;
  to: string;
  subject: string;
  text: string;
  /** Files of the file store to attach (their key, the name the recipient sees, their type). */
  attachments?: Array<Pick<MailAttachment, 'key' | 'filename' | 'contentType' | 'bytes'>>;
  /** A job to enqueue once the mail has been handed over. */
  afterSent?: MailAfterSent;
}

export async function queueMail(tx: Tx, mail: QueuedMail): Promise<void> {
  await tx
    .insertInto('mail_outbox')
    .values({
      account_no: mail.accountNo,
      template: mail.template,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      status: 'pending',
      last_error: null,
      sent_at: null,
      attachments: JSON.stringify(mail.attachments ?? []),
      after_sent: mail.afterSent ? JSON.stringify(mail.afterSent) : null,
    })
    .execute();
}

/** Attempts before a mail is marked failed. */
export const MAIL_MAX_ATTEMPTS = 5;

/** What the dispatcher reads attachments from and enqueues hand-over jobs on. */
export interface MailDispatcherServices {
  files?: FileStore;
  jobs?: Pick<Jobs, 'enqueue'>;
}

type OutboxRow = Pick<MailOutboxTable, 'to_address' | 'subject' | 'text_body'> & {
  attachments: MailAttachment[];
};

export class MailDispatcher {
  readonly #tenancy: Tenancy;
  readonly #transport: MailTransport;
  readonly #from: string;
  readonly #services: MailDispatcherServices;
  #running: Promise<number> | null = null;

  constructor(tenancy: Tenancy, transport: MailTransport, from: string, services: MailDispatcherServices = {}) {
    this.#tenancy = tenancy;
    this.#transport = transport;
    this.#from = from;
    this.#services = services;
  }

  /** Delivers the queued mails (one run at a time per process); answers how many were handled. */
  drain(limit = 50): Promise<number> {
    // A call while a run is under way answers that run (its own limit unused) instead of starting another.
    this.#running ??= this.#drain(limit).finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #drain(limit: number): Promise<number> {
    // No transport (not configured, sandboxes off): every mail stays pending, delivered once one is.
    if (this.#transport.kind === 'unavailable') return 0;
    return this.#tenancy.crossAccount('mail', async (tx) => {
      const rows = await tx
        .selectFrom('mail_outbox')
        .selectAll()
        .where('status', '=', 'pending')
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
      for (const row of rows) {
        try {
          const attachments = await this.#send(row);
          const handedOver = this.#transport.kind === 'sandbox' ? 'sandbox' : 'sent';
          await tx
            .updateTable('mail_outbox')
            .set({
              status: handedOver,
              sent_at: new Date(),
              attempts: row.attempts + 1,
              last_error: null,
              attachments: JSON.stringify(attachments),
            })
            .where('id', '=', row.id)
            .execute();
          if (row.after_sent && this.#services.jobs) {
            await this.#services.jobs.enqueue(tx, row.after_sent.job, row.after_sent.data);
          }
        } catch (error) {
          const attempts = row.attempts + 1;
          await tx
            .updateTable('mail_outbox')
            .set({
              status: attempts >= MAIL_MAX_ATTEMPTS ? 'failed' : 'pending',
              attempts,
              last_error: String((error as Error)?.message ?? error).slice(0, 500),
            })
            .where('id', '=', row.id)
            .execute();
        }
      }
      return rows.length;
    });
  }

  /** Hands one mail to the transport, its attachments read from the file store; answers what was read of each. */
  async #send(row: OutboxRow): Promise<MailAttachment[]> {
    const readings = await Promise.all(row.attachments.map((a) => this.#open(a)));
    try {
      await this.#transport.send({
        from: this.#from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        ...(readings.length ? { attachments: readings.map((r) => r.attachment) } : {}),
      });
      return readings.map((r) => r.read());
    } finally {
      for (const r of readings) r.attachment.content.destroy();
    }
  }

  /** An attachment's stream from the file store, counted and hashed as the transport reads it. */
  async #open(stored: MailAttachment): Promise<{ attachment: OutgoingAttachment; read: () => MailAttachment }> {
    const files = this.#services.files;
    if (!files) throw new Error('This mail has attachments and the dispatcher has no file store');
    const source: Readable = await files.get(stored.key);
    const hash = createHash('sha256');
    let bytes = 0;
    const content = new PassThrough();
    source.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      bytes += chunk.length;
    });
    source.on('error', (error) => content.destroy(error));
    source.pipe(content);
    return {
      attachment: { filename: stored.filename, contentType: stored.contentType, content },
      read: () => ({ ...stored, sent: { bytes, sha256: hash.digest('hex') } }),
    };
  }
}
