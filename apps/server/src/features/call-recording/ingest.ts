/**
 * The recording server's ingestion (POST /callrecording/ingest, a server credential of the
 * 'recording' role: platform/server-routes.ts): a multipart body of the call's metadata and its
 * `audio`. The audio is streamed into the file store and checked by its content (its first bytes
 * name MP3 or WAV, and it decodes as that audio); the row is written in the account's own
 * transaction with its change event. Whatever refuses it — bad metadata, no such account, a call
 * already recorded — leaves nothing stored: the file goes when the row does not commit.
 */
import { CALL_RECORDING_MESSAGES, callRecordingIngest } from '@switchboard/domain';
import type { FastifyRequest } from 'fastify';
import { fromZodError, HttpError } from '../../platform/errors.ts';
import { receiveAudio } from '../../platform/media.ts';
import { recordChange } from '../../platform/outbox.ts';
import type { Platform } from '../../platform/platform.ts';
import { storageSettings, usedStorage } from './settings.ts';
import './tables.ts';

/** The file store's folder of recordings (the orphan sweep lists it). */
export const RECORDINGS_KIND = 'call-recordings';
/** The multipart field of the audio. */
export const AUDIO_FIELD = 'audio';
/** A recording's largest file: an hour and more of 8 kHz WAV (ours; the 20 MB of uploads is the panel's). */
export const RECORDING_MAX_BYTES = 100_000_000;

const TYPES = { 'audio/mpeg': 'mp3', 'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/vnd.wave': 'wav' };

/** The upload stored and checked as audio, and its metadata read; refused, nothing is left stored. */
async function received(request: FastifyRequest, platform: Platform) {
  const { upload } = await receiveAudio(request, platform, {
    field: AUDIO_FIELD,
    types: TYPES,
    kind: RECORDINGS_KIND,
    maxBytes: RECORDING_MAX_BYTES,
  });
  const parsed = callRecordingIngest.safeParse(upload.fields);
  if (!parsed.success) {
    await platform.files.delete(upload.stored.key);
    throw fromZodError(parsed.error);
  }
  return { stored: upload.stored, meta: parsed.data };
}

/**
 * Stores one recording: its file, then its row in the account's transaction (the file removed
 * if that does not commit). Over the account's quota afterwards, the retention job is asked to run
 * for it (in the same transaction). Answers the new recording's id.
 */
export async function ingestRecording(platform: Platform, request: FastifyRequest): Promise<number> {
  const { stored, meta } = await received(request, platform);
  try {
    return await platform.tenancy.tenant(meta.accountNo, async (tx) => {
      const account = await tx
        .selectFrom('accounts')
        .select('account_no')
        .where('account_no', '=', meta.accountNo)
        .executeTakeFirst();
      if (!account) throw new HttpError(404, CALL_RECORDING_MESSAGES.noAccount);
      const taken = await tx
        .selectFrom('call_recordings')
        .select('id')
        .where('account_no', '=', meta.accountNo)
        .where('call_id', '=', meta.callId)
        .executeTakeFirst();
      if (taken)
        throw new HttpError(409, CALL_RECORDING_MESSAGES.duplicate, { callId: CALL_RECORDING_MESSAGES.duplicate });
      const seat = meta.seat
        ? await tx
            .selectFrom('seats')
            .select(['extension', 'name'])
            .where('extension', '=', Number(meta.seat))
            .executeTakeFirst()
        : undefined;
      const row = await tx
        .insertInto('call_recordings')
        .values({
          account_no: meta.accountNo,
          started_at: new Date(meta.startedAt),
          origin: meta.origin,
          destination: meta.destination,
          inbound: meta.inbound,
          seconds: meta.seconds,
          call_id: meta.callId,
          seat: seat ? `${seat.extension} - ${seat.name}` : (meta.seat ?? ''),
          file_key: stored.key,
          file_size: stored.size,
          file_sha256: stored.sha256,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordChange(tx, { accountNo: meta.accountNo, userId: null }, request.ip, {
        area: 'call-recording',
        recordId: row.id,
        kind: 'create',
        after: { ...meta, seat: seat?.extension ?? meta.seat ?? '', filesize: stored.size },
        label: `${meta.origin} → ${meta.destination}`,
      });
      const { quotaBytes } = await storageSettings(tx, meta.accountNo);
      if ((await usedStorage(tx)).usedBytes > quotaBytes) {
        await platform.jobs.enqueue(tx, RETENTION_JOB, { accountNo: meta.accountNo });
      }
      return row.id;
    });
  } catch (error) {
    // Not committed: the file has no row and goes (a crash here leaves it to the orphan sweep).
    await platform.files.delete(stored.key);
    throw error;
  }
}

/** The retention job's name (retention.ts declares it). */
export const RETENTION_JOB = 'call-recording-retention';
