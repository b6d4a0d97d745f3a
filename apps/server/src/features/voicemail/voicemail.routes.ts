/**
 * Voicemail messages (spec 3 §7 "Voicemail"): the account's mailboxes (its seats with voicemail on),
 * a mailbox's messages newest first (new / old), one message's details and audio (Range answered,
 * or as a download), opening one (new → old), and the delete of one or many (rows, then their files
 * once the delete has committed). Every write records its change event.
 */
import { VOICEMAIL_MESSAGES, type VoicemailMessage, voicemailRoutes } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { PermissionRule } from '../../platform/auth.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { field, fieldMap } from '../../platform/fields.ts';
import { selectRecords } from '../../platform/list.ts';
import { sendStoredFile } from '../../platform/media.ts';
import type { Platform } from '../../platform/platform.ts';
import { tenantRoute } from '../../platform/routes.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { mailboxOf } from './mailboxes.ts';

export const VOICEMAIL_READ = { resource: 'voicemail', action: 'read' } as const satisfies PermissionRule;
export const VOICEMAIL_UPDATE = { resource: 'voicemail', action: 'update' } as const satisfies PermissionRule;
export const VOICEMAIL_DELETE = { resource: 'voicemail', action: 'delete' } as const satisfies PermissionRule;

/** The stored audio's MIME type by its extension. */
export const AUDIO_TYPES: Record<string, string> = { mp3: 'audio/mpeg', wav: 'audio/wav' };
const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/** A message as the API answers it; the date as spec 1 §5 writes a voicemail date, in London time. */
export const messageFields = fieldMap<VoicemailMessage>('voicemail_messages', {
  id: field.id(),
  mailbox: field.computed('seats.name', 'text'),
  folder: field.text('folder', { filterable: true }),
  date: field.computed(
    "to_char(voicemail_messages.received_at at time zone 'Europe/London', 'DD MM YYYY HH24:MI:SS')",
    'text',
  ),
  receivedAt: field.computed(
    `to_char(voicemail_messages.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    'text',
  ),
  callerIdName: field.text('caller_id_name'),
  callerIdNumber: field.text('caller_id_number'),
  duration: field.number('duration'),
  fileSize: field.number('file_size'),
  format: field.computed("substring(voicemail_messages.file_key from '\\.([a-z0-9]+)$')", 'text'),
});

/** The lists' field maps (none is listed generically: a mailbox's messages are read by its index). */
export const voicemailLists = [] as const;

const messagesOf = (tx: Tx, seatId: number) =>
  tx
    .selectFrom('voicemail_messages')
    .innerJoin('seats', 'seats.id', 'voicemail_messages.seat_id')
    .where('voicemail_messages.seat_id', '=', seatId);

/** One message of mailbox `name`, or 404. */
export async function messageOf(tx: Tx, name: string, id: number): Promise<VoicemailMessage & { seatId: number }> {
  const box = await mailboxOf(tx, name);
  const [message] = await selectRecords<VoicemailMessage>(
    messagesOf(tx, box.seatId).where('voicemail_messages.id', '=', id),
    messageFields,
  );
  if (!message) throw notFound();
  return { ...message, seatId: box.seatId };
}

export function registerVoicemailRoutes(api: FastifyInstance, platform: Platform): void {
  tenantRoute(api, platform, voicemailRoutes.mailboxes, {
    allow: VOICEMAIL_READ,
    handler: async ({ db }) => {
      const rows = await db
        .selectFrom('seats')
        .select(['seats.id', 'seats.name', 'seats.extension', 'seats.nickname', 'seats.vm_fullname'])
        .select([
          sql<number>`(select count(*)::int from voicemail_messages m where m.seat_id = seats.id and m.folder = 'new')`.as(
            'new_count',
          ),
          sql<number>`(select count(*)::int from voicemail_messages m where m.seat_id = seats.id and m.folder = 'old')`.as(
            'old_count',
          ),
        ])
        .where('seats.vm_mode', '<>', 0)
        .orderBy('seats.extension')
        .execute();
      return {
        records: rows.map((s) => ({
          mailbox: s.name,
          seatId: s.id,
          extension: s.extension,
          nickname: s.nickname,
          fullname: s.vm_fullname,
          newCount: s.new_count,
          oldCount: s.old_count,
        })),
      };
    },
  });

  tenantRoute(api, platform, voicemailRoutes.list, {
    allow: VOICEMAIL_READ,
    readOnly: true,
    handler: async ({ db }, { body }) => {
      const box = await mailboxOf(db, body.mailbox);
      let query = messagesOf(db, box.seatId);
      if (body.folder) query = query.where('voicemail_messages.folder', '=', body.folder);
      const records = await selectRecords<VoicemailMessage>(
        query.orderBy('voicemail_messages.received_at', 'desc').orderBy('voicemail_messages.id', 'desc'),
        messageFields,
      );
      return { records, totalRecords: records.length };
    },
  });

  registerMessageRoutes(api, platform);
}

/** One message: its details, its opening (new → old), its audio, and the delete of one or many. */
function registerMessageRoutes(api: FastifyInstance, platform: Platform): void {
  tenantRoute(api, platform, voicemailRoutes.message, {
    allow: VOICEMAIL_READ,
    handler: async ({ db }, { params }) => {
      const { seatId: _, ...message } = await messageOf(db, params.mailbox, params.id);
      return message;
    },
  });

  // Opened or played by a user who may change the mailbox: a new message moves to old (once; an old
  // one stays as it is). A read-only user's listening changes nothing.
  tenantRoute(api, platform, voicemailRoutes.markOld, {
    allow: VOICEMAIL_UPDATE,
    handler: async (ctx, { params }) => {
      const before = await messageOf(ctx.db, params.mailbox, params.id);
      const { seatId: _, ...message } = before;
      if (message.folder === 'old') return message;
      await ctx.db.updateTable('voicemail_messages').set({ folder: 'old' }).where('id', '=', message.id).execute();
      await ctx.emit({
        area: 'voicemail',
        recordId: message.id,
        kind: 'open',
        label: `${message.mailbox} ${message.date}`,
        before: { folder: 'new' },
        after: { folder: 'old' },
      });
      return { ...message, folder: 'old' as const };
    },
  });

  tenantRoute(api, platform, voicemailRoutes.audio, {
    allow: VOICEMAIL_READ,
    handler: async ({ db, platform, request, reply }, { params, query }) => {
      const message = await messageOf(db, params.mailbox, params.id);
      const row = await db
        .selectFrom('voicemail_messages')
        .select(['file_key', 'file_size'])
        .where('id', '=', message.id)
        .executeTakeFirstOrThrow();
      const extension = extensionOf(row.file_key);
      const stamp = message.receivedAt.replace(/[-:]/g, '').replace('T', '-').replace('Z', '');
      return sendStoredFile(
        platform,
        { request, reply },
        {
          key: row.file_key,
          size: row.file_size,
          type: AUDIO_TYPES[extension] ?? 'application/octet-stream',
          ...(query.download === '1'
            ? { downloadName: `voicemail-${message.mailbox.replace('*', '-')}-${stamp}.${extension}` }
            : {}),
        },
      );
    },
  });

  tenantRoute(api, platform, voicemailRoutes.remove, {
    allow: VOICEMAIL_DELETE,
    handler: async (ctx, { body }) => {
      const box = await mailboxOf(ctx.db, body.mailbox);
      const ids = [...new Set(body.ids)];
      const removed = await removeMessages(ctx.db, box.seatId, ids);
      // All or nothing: an id that is not a message of this mailbox refuses the whole delete.
      if (removed.length !== ids.length) throw new HttpError(404, notFound().message);
      for (const key of removed.map((m) => m.file_key)) ctx.afterCommit(() => platform.files.delete(key));
      await ctx.emit(
        removed.map((m) => ({
          area: 'voicemail' as const,
          recordId: m.id,
          kind: 'delete',
          label: box.name,
          before: m.event,
        })),
      );
      return { success: true, message: VOICEMAIL_MESSAGES.deleted(removed.length) };
    },
  });
}

/** Deletes messages of a seat by id; answers each one deleted, with its file's key and what its event says. */
export async function removeMessages(tx: Tx, seatId: number, ids: number[]) {
  const rows = await tx
    .deleteFrom('voicemail_messages')
    .where('seat_id', '=', seatId)
    .where('id', 'in', ids)
    .returning(['id', 'file_key', 'folder', 'caller_id_name', 'caller_id_number', 'received_at'])
    .execute();
  return rows.map((r) => ({
    id: r.id,
    file_key: r.file_key,
    event: {
      folder: r.folder,
      callerIdName: r.caller_id_name,
      callerIdNumber: r.caller_id_number,
      receivedAt: new Date(r.received_at).toISOString(),
    },
  }));
}
