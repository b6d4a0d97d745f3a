/** Tables of notifications and the e-mail outbox (migration 022). */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';

export interface NotificationsTable {
  id: Generated<number>;
  account_no: number;
  kind: string;
  title: string;
  message: string;
  icon: string;
  color: string;
  read_at: Timestamp | null;
  read_by: number | null;
  created_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  account_no: number | null;
  template: string;
  to_address: string;
  subject: string;
  text_body: string;
  status: 'pending' | 'sandbox' | 'sent' | 'failed';
  attempts: Generated<number>;
  last_error: string | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
  /** The files attached (migration 099), by file-store key; what the transport read is added on hand-over. */
  attachments: ColumnType<MailAttachment[], string | undefined, string>;
  /** A job enqueued in the hand-over's transaction (migration 099): { name, data }. */
  after_sent: ColumnType<MailAfterSent | null, string | null | undefined, string | null>;
}

/** A file attached to a mail: read from the file store by the transport when it sends. */
export interface MailAttachment {
  key: string;
  filename: string;
  contentType: string;
  /** Its size when queued (bytes), shown in the outbox before the transport has read it. */
  bytes?: number;
  /** What the transport read at hand-over: its bytes and their sha-256 (hex). */
  sent?: { bytes: number; sha256: string };
}

/** The job a mail's hand-over enqueues (a voicemail deleted once it has been mailed). */
export interface MailAfterSent {
  job: string;
  data: Record<string, unknown>;
}

declare module '../../db/schema.ts' {
  interface Database {
    notifications: NotificationsTable;
    mail_outbox: MailOutboxTable;
  }
}
