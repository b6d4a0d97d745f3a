/**
 * The e-mail provider: SMTP through nodemailer when SMTP_URL is set; otherwise the sandbox, which
 * delivers nothing — the mail stays in the database outbox (mail_outbox), where provider admins
 * read it on the Outbox page.
 */
import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

export interface MailTransport {
  /** 'sandbox': kept in the outbox only; 'smtp': handed to the SMTP server. */
  readonly kind: 'sandbox' | 'smtp';
  send(mail: OutgoingMail): Promise<void>;
}

export class SandboxMail implements MailTransport {
  readonly kind = 'sandbox' as const;
  async send(): Promise<void> {}
}

export class SmtpMail implements MailTransport {
  readonly kind = 'smtp' as const;
  readonly #transport: Transporter;
  constructor(url: string) {
    this.#transport = nodemailer.createTransport(url);
  }
  async send(mail: OutgoingMail): Promise<void> {
    await this.#transport.sendMail(mail);
  }
}

export function mailTransportFor(smtpUrl: string | undefined): MailTransport {
  return smtpUrl ? new SmtpMail(smtpUrl) : new SandboxMail();
}
