/**
 * The media server's deposit of a message (multipart: mailbox, callerIdName, callerIdNumber, date,
 * duration and the audio in 'file'), and voicemail-to-e-mail: the audio is streamed into the file
 * store and checked by its content (MP3 or WAV) before any transaction opens; the row, its change
 * event and — when the mailbox has an e-mail — the mail with the audio attached are written in one
 * transaction of the mailbox's account. With "delete after e-mail" set, the mail's hand-over
 * enqueues `voicemail-delete-after-mail`, which deletes the row and then its file.
 */
import { VOICEMAIL_MESSAGES, type VoicemailDeposit, voicemailDepositFields } from '@switchboard/domain';
import type { FastifyRequest } from 'fastify';
import { queueMail, voicemailMail } from '../../modules/mail/index.ts';
import { HttpError } from '../../platform/errors.ts';
import type { StoredFile } from '../../platform/file-store.ts';
import { type JobDefinition, job } from '../../platform/jobs.ts';
import { receiveAudio } from '../../platform/media.ts';
import { recordChange } from '../../platform/outbox.ts';
import type { Platform } from '../../platform/platform.ts';
import { mailboxOf } from './mailboxes.ts';
import { AUDIO_TYPES, messageOf, removeMessages } from './voicemail.routes.ts';
import { VOICEMAIL_AUDIO } from './voicemail.settings.ts';

export const DELETE_AFTER_MAIL_JOB = 'voicemail-delete-after-mail';

export interface ReceivedDeposit {
  fields: VoicemailDeposit;
  stored: StoredFile;
  extension: string;
  seconds: number;
}

/** The deposit's audio stored and checked, its fields validated (a refusal leaves nothing stored). */
export async function receiveDeposit(request: FastifyRequest, platform: Platform): Promise<ReceivedDeposit> {
  const { upload, refuse, extension, seconds } = await receiveAudio(request, platform, {
    field: 'file',
    types: VOICEMAIL_AUDIO,
    kind: 'voicemail',
  });
  const parsed = voicemailDepositFields.safeParse(upload.fields);
  if (!parsed.success) {
    const problems = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || '_', i.message]));
    throw await refuse(problems);
  }
  return { fields: parsed.data, stored: upload.stored, extension, seconds };
}

/**
 * Stores a received deposit in its mailbox's account (the account is the mailbox name's first
 * part; a mailbox of no account is not found): the row, its event, and the mail with the audio.
 * Answers the message's id. The stored file goes if the transaction does not commit.
 */
export async function storeDeposit(platform: Platform, deposit: ReceivedDeposit, ip: string | null): Promise<number> {
  const { fields, stored } = deposit;
  const accountNo = Number(fields.mailbox.slice(0, fields.mailbox.indexOf('*')));
  try {
    const id = await platform.tenancy.tenant(accountNo, async (tx) => {
      const box = await mailboxOf(tx, fields.mailbox, { lock: true });
      if (box.vmMode === 0) throw new HttpError(409, VOICEMAIL_MESSAGES.mailboxDisabled);
      const row = await tx
        .insertInto('voicemail_messages')
        .values({
          account_no: accountNo,
          seat_id: box.seatId,
          caller_id_name: fields.callerIdName,
          caller_id_number: fields.callerIdNumber,
          received_at: fields.date ? new Date(fields.date) : new Date(),
          duration: fields.duration ?? Math.round(deposit.seconds),
          file_key: stored.key,
          file_size: stored.size,
          file_sha256: stored.sha256,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const message = await messageOf(tx, box.name, row.id);
      await recordChange(tx, { accountNo, userId: null }, ip, {
        area: 'voicemail',
        recordId: row.id,
        kind: 'deposit',
        label: `${box.name} ${message.date}`,
        after: { mailbox: box.name, callerIdName: message.callerIdName, callerIdNumber: message.callerIdNumber },
      });
      if (box.email) {
        await queueMail(tx, {
          accountNo,
          to: box.email,
          ...voicemailMail({ ...message, label: box.label, fullname: box.fullname, deletedAfter: box.vmDelete }),
          attachments: [
            {
              key: stored.key,
              filename: `voicemail-${message.receivedAt.replace(/[-:]/g, '').replace('Z', '')}.${deposit.extension}`,
              contentType: AUDIO_TYPES[deposit.extension] ?? 'application/octet-stream',
              bytes: stored.size,
            },
          ],
          ...(box.vmDelete
            ? { afterSent: { job: DELETE_AFTER_MAIL_JOB, data: { accountNo, messageId: row.id } } }
            : {}),
        });
      }
      return row.id;
    });
    return id;
  } catch (error) {
    await platform.files.delete(stored.key);
    throw error;
  }
}

/**
 * Deletes a message once its mail has been handed over (vmDelete): the row and its event in the
 * account's transaction, then its file. A message already deleted (by hand, or a second run) is done.
 */
export async function deleteMailedMessage(platform: Platform, data: { accountNo: number; messageId: number }) {
  const removed = await platform.tenancy.tenant(data.accountNo, async (tx) => {
    const row = await tx
      .selectFrom('voicemail_messages')
      .innerJoin('seats', 'seats.id', 'voicemail_messages.seat_id')
      .select(['voicemail_messages.seat_id', 'seats.name'])
      .where('voicemail_messages.id', '=', data.messageId)
      .executeTakeFirst();
    if (!row) return [];
    const gone = await removeMessages(tx, row.seat_id, [data.messageId]);
    await recordChange(
      tx,
      { accountNo: data.accountNo, userId: null },
      null,
      gone.map((m) => ({
        area: 'voicemail' as const,
        recordId: m.id,
        kind: 'delete.mailed',
        label: row.name,
        before: m.event,
      })),
    );
    return gone;
  });
  for (const m of removed) await platform.files.delete(m.file_key);
  return removed.length;
}

/** The job the hand-over of a vmDelete mailbox's mail enqueues. */
export function voicemailJobs(platform: Platform): JobDefinition[] {
  return [
    job<{ accountNo: number; messageId: number }>(
      DELETE_AFTER_MAIL_JOB,
      (data) => deleteMailedMessage(platform, data),
      {
        retry: 5,
      },
    ),
  ];
}

/** A deposit's reply. */
export const deposited = (id: number) => ({ success: true, message: VOICEMAIL_MESSAGES.deposited, id });
