/**
 * Call recordings (spec 3 §2 /call-recording, §3, §5, §6, §7): the account's recordings listed by a
 * UK date range (one month back by default), origin and destination, sorted and paged by keyset
 * over (started_at, id); a recording's details and its audio (whole or a Range, for the waveform
 * player and the download); the storage settings (retention days, quota) with the used storage.
 * Recordings arrive through the recording server's ingestion (ingest.ts) and leave through the
 * retention job (retention.ts).
 */
import {
  CALL_RECORDING_MESSAGES,
  type CallRecording,
  callRecordingFields,
  callRecordingListBody,
  callRecordingRoutes,
  defaultRecordingRange,
  MESSAGES,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { declaredFields } from '../../platform/declared-fields.ts';
import { HttpError } from '../../platform/errors.ts';
import { field, fieldMap } from '../../platform/fields.ts';
import { keysetBody, listBodyFor, pagedList, selectRecords } from '../../platform/list.ts';
import { sendStoredFile } from '../../platform/media.ts';
import type { Platform } from '../../platform/platform.ts';
import { tenantRoute } from '../../platform/routes.ts';
import { serverRoute } from '../../platform/server-routes.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { AUDIO_FIELD, ingestRecording, RECORDING_MAX_BYTES } from './ingest.ts';
import { registerSettingsRoutes } from './settings.ts';
import './tables.ts';

const UK = `(call_recordings.started_at at time zone 'Europe/London')`;

const fields = fieldMap<CallRecording>('call_recordings', {
  id: field.id(),
  ...declaredFields(callRecordingFields),
  startedAt: field.computed(
    `to_char(call_recordings.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    'text',
    { sortable: true, sortSql: 'call_recordings.started_at' },
  ),
  date: field.computed(`to_char(${UK}, 'DD/MM/YYYY')`, 'text'),
  time: field.computed(`to_char(${UK}, 'HH24:MI:SS')`, 'text'),
  mins: field.computed(
    `(call_recordings.seconds / 60)::text || ':' || lpad((call_recordings.seconds % 60)::text, 2, '0')`,
    'text',
  ),
  filesize: field.computed('call_recordings.file_size', 'number', { sortable: true }),
  fileName: field.computed(
    `to_char(${UK}, 'YYYYMMDD-HH24MISS') || '_' || call_recordings.origin || '_' || call_recordings.destination
      || substring(call_recordings.file_key from '\\.[a-z0-9]+$')`,
    'text',
  ),
  seat: field.text('seat'),
});

/** The lists' field maps (their sortable and filterable columns are indexed). */
export const callRecordingLists = [fields];

/** Newest first by (started_at, id): one walk of call_recordings_started_idx gives every page. */
const DEFAULT_SORT = { field: 'startedAt', direction: 'desc', keyset: 'timestamptz' } as const;

const { cursor } = keysetBody;
const { offset, limit, from, to } = callRecordingListBody.unwrap().shape;
const listBody = listBodyFor(fields, { cursor, offset, limit, from, to });

export const READ = { resource: 'callRecordings', action: 'read' } as const;

/** Stored audio's media type by its key's extension. */
export const AUDIO_TYPES: Record<string, string> = { mp3: 'audio/mpeg', wav: 'audio/wav' };

/** One recording of the account (row-level security), or 404. */
async function recording(db: Tx, id: number): Promise<CallRecording> {
  const [found] = await selectRecords(db.selectFrom('call_recordings').where('call_recordings.id', '=', id), fields);
  if (!found) throw new HttpError(404, MESSAGES.recordNotFound);
  return found;
}

function registerListAndRead(api: FastifyInstance, platform: Platform): void {
  tenantRoute(api, platform, callRecordingRoutes.list, {
    allow: READ,
    readOnly: true,
    schema: { body: listBody },
    handler: async ({ db }, { body }) => {
      const range = {
        ...defaultRecordingRange(),
        ...(body.from ? { from: body.from } : {}),
        ...(body.to ? { to: body.to } : {}),
      };
      if (range.from > range.to) {
        throw new HttpError(400, CALL_RECORDING_MESSAGES.dateOrder, { from: CALL_RECORDING_MESSAGES.dateOrder });
      }
      // Whole UK days: from the start of `from` to the start of the day after `to`.
      const query = db
        .selectFrom('call_recordings')
        .where(
          'call_recordings.started_at',
          '>=',
          sql<Date>`(${range.from}::date)::timestamp at time zone 'Europe/London'`,
        )
        .where(
          'call_recordings.started_at',
          '<',
          sql<Date>`(${range.to}::date + 1)::timestamp at time zone 'Europe/London'`,
        );
      return pagedList(query, fields, 'call_recordings.id', DEFAULT_SORT, {
        ...body,
        offset: body.offset ?? 0,
        limit: body.limit ?? 50,
      });
    },
  });
  tenantRoute(api, platform, callRecordingRoutes.read, {
    allow: READ,
    handler: async ({ db }, { params }) => recording(db, params.id),
  });
  tenantRoute(api, platform, callRecordingRoutes.download, {
    allow: READ,
    handler: async ({ db, request, reply }, { params, query }) => {
      const found = await recording(db, params.id);
      const stored = await db
        .selectFrom('call_recordings')
        .select(['file_key', 'file_size'])
        .where('id', '=', params.id)
        .executeTakeFirstOrThrow();
      const extension = stored.file_key.slice(stored.file_key.lastIndexOf('.') + 1);
      return sendStoredFile(
        platform,
        { request, reply },
        {
          key: stored.file_key,
          size: Number(stored.file_size),
          type: AUDIO_TYPES[extension] ?? 'application/octet-stream',
          // ?download=1 is the Download button's; the player streams it inline.
          ...(query.download ? { downloadName: found.fileName } : {}),
        },
      );
    },
  });
}

export function registerCallRecordingRoutes(api: FastifyInstance, platform: Platform): void {
  registerListAndRead(api, platform);
  registerSettingsRoutes(api, platform);
  // The recording server's ingestion: its own credential (role 'recording'), never a session.
  serverRoute(api, platform, callRecordingRoutes.ingest, {
    role: 'recording',
    upload: AUDIO_FIELD,
    bodyLimit: RECORDING_MAX_BYTES + 1_000_000,
    handler: async ({ request }) => ({
      success: true,
      message: CALL_RECORDING_MESSAGES.stored,
      id: await ingestRecording(platform, request),
    }),
  });
}
