/**
 * E-mail: a mail is queued in the transaction of its cause (mail_outbox, so it exists exactly when
 * its cause committed); the dispatcher hands the queued mails to the transport. With the sandbox
 * transport a mail is marked 'sandbox' and stays readable on the Outbox page; with SMTP it is sent
 * and marked 'sent', or retried a few times and then marked 'failed' with its error; with none
 * (SMTP not configured, sandboxes off) it stays 'pending' — kept, never dropped — until SMTP is set.
 */
import type { MailTransport } from '../../providers/mail/mail.ts';
import './tables.ts';
import type { Tenancy, Tx } from '../../platform/tenancy.ts';

export interface QueuedMail {
  /** The account the mail is about (null: the provider's own). */
  accountNo: number | null;
  template: string;
  to: string;
  subject: string;
  text: string;
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
    })
    .execute();
}

/** Attempts before a mail is marked failed. */
export const MAIL_MAX_ATTEMPTS = 5;

export class MailDispatcher {
  readonly #tenancy: Tenancy;
  readonly #transport: MailTransport;
  readonly #from: string;
  #running: Promise<number> | null = null;

  constructor(tenancy: Tenancy, transport: MailTransport, from: string) {
    this.#tenancy = tenancy;
    this.#transport = transport;
    this.#from = from;
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
        if (this.#transport.kind === 'sandbox') {
          await tx
            .updateTable('mail_outbox')
            .set({ status: 'sandbox', sent_at: new Date() })
            .where('id', '=', row.id)
            .execute();
          continue;
        }
        try {
          await this.#transport.send({
            from: this.#from,
            to: row.to_address,
            subject: row.subject,
            text: row.text_body,
          });
          await tx
            .updateTable('mail_outbox')
            .set({ status: 'sent', sent_at: new Date(), attempts: row.attempts + 1, last_error: null })
            .where('id', '=', row.id)
            .execute();
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
}
