import type { Kysely } from 'kysely';
import { run } from '../../../db/tenancy-sql.ts';

/**
 * Mail attachments (the mail module's, first used by voicemail-to-e-mail): a queued mail names its
 * attachments by file-store key (the transport reads them when it sends; what it read, bytes and
 * sha-256, is recorded on hand-over), and optionally a job to enqueue once the mail has been
 * handed over (a voicemail deleted after mailing) — in the hand-over's own transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `alter table mail_outbox add column attachments jsonb not null default '[]'::jsonb
      check (jsonb_typeof(attachments) = 'array')`,
    `alter table mail_outbox add column after_sent jsonb`,
  );
}
