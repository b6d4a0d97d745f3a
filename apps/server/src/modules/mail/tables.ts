/** Tables of notifications and the e-mail outbox (migration 022). */
import type { Generated } from 'kysely';
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
}

declare module '../../db/schema.ts' {
  interface Database {
    notifications: NotificationsTable;
    mail_outbox: MailOutboxTable;
  }
}
