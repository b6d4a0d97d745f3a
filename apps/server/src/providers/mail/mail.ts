/**
 * The e-mail provider: SMTP through nodemailer when SMTP_URL is set; otherwise the sandbox (when
 * sandboxes are allowed), which delivers nothing — the mail stays in the database outbox
 * (mail_outbox), where provider admins read it on the Outbox page, marked 'sandbox'. With neither,
 * mail is unavailable: nothing is sent and nothing is marked handled — every mail waits in the
 * outbox, pending, and is delivered once SMTP_URL is set (never dropped in silence).
 */

import type { Readable } from 'node:stream';
import nodemailer, { type Transporter } from 'nodemailer';
import { ProviderUnavailableError } from '../../platform/provider-modes.ts';

/** A file sent with a mail: its bytes are read as the mail is handed over. */
export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  content: Readable;
}

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments?: OutgoingAttachment[];
}

export interface MailTransport {
  /** 'sandbox': kept in the outbox only; 'smtp': handed to the SMTP server; 'unavailable': left pending. */
  readonly kind: 'sandbox' | 'smtp' | 'unavailable';
  send(mail: OutgoingMail): Promise<void>;
}

export class SandboxMail implements MailTransport {
  readonly kind = 'sandbox' as const;
  /** Sends nothing; reads every attachment to its end, as a mail server would (a missing file fails the send). */
  async send(mail: OutgoingMail): Promise<void> {
    for (const attachment of mail.attachments ?? []) {
      for await (const _ of attachment.content) {
        // Read and dropped: the dispatcher counts and hashes what passes.
      }
    }
  }
}

export class SmtpMail implements MailTransport {
  readonly kind = 'smtp' as const;
  readonly #transport: Transporter;
  constructor(url: string) {
    this.#transport = nodemailer.createTransport(url);
  }
  /** The attachments are streamed into the message as nodemailer writes it. */
  async send(mail: OutgoingMail): Promise<void> {
    await this.#transport.sendMail(mail);
  }
}

export class UnavailableMail implements MailTransport {
  readonly kind = 'unavailable' as const;
  async send(): Promise<void> {
    throw new ProviderUnavailableError('mail');
  }
}

export function mailTransportFor(smtpUrl: string | undefined, sandboxes = true): MailTransport {
  if (smtpUrl) return new SmtpMail(smtpUrl);
  return sandboxes ? new SandboxMail() : new UnavailableMail();
}
