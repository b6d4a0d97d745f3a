/**
 * A mailbox's settings (spec 3 §3, §5: fullname ≤ 150, e-mail ≤ 50 and valid, delete after e-mail,
 * PIN digits ≤ 10) — the seat's own columns, saved against the seat's version — and its prerecorded
 * greetings (spec 3 §7: GET /voicemail/{id}/prerecorded, multipart POST /voicemail/{id}/messages with
 * file and type): one per type, MP3 or WAV by content up to 20,000,000 bytes, played and deleted.
 */
import {
  GREETING_TYPES,
  type GreetingType,
  greetingType,
  MESSAGES,
  VOICEMAIL_MESSAGES,
  type VoicemailGreeting,
  voicemailRoutes,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../platform/errors.ts';
import { receiveAudio, sendStoredFile } from '../../platform/media.ts';
import type { Platform } from '../../platform/platform.ts';
import { assertVersion } from '../../platform/resources.ts';
import { tenantRoute } from '../../platform/routes.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { mailboxOf } from './mailboxes.ts';
import { AUDIO_TYPES, VOICEMAIL_READ, VOICEMAIL_UPDATE } from './voicemail.routes.ts';

/** The audio a greeting or a message may be: MP3 or WAV, by its bytes. */
export const VOICEMAIL_AUDIO = { 'audio/mpeg': 'mp3', 'audio/wav': 'wav', 'audio/x-wav': 'wav' };

/** The mailbox's settings are read by seat and voicemail readers alike (the seat page shows them too). */
const SETTINGS_READ = { anyOf: [VOICEMAIL_READ, { resource: 'seats', action: 'read' }] } as const;
const SETTINGS_UPDATE = { anyOf: [VOICEMAIL_UPDATE, { resource: 'seats', action: 'update' }] } as const;

export function registerVoicemailSettingRoutes(api: FastifyInstance, platform: Platform): void {
  tenantRoute(api, platform, voicemailRoutes.settings, {
    allow: SETTINGS_READ,
    handler: async ({ db }, { params }) => {
      const box = await mailboxOf(db, params.mailbox);
      return {
        mailbox: String(box.extension),
        fullname: box.fullname,
        email: box.email,
        passwordSet: box.pinSet,
        vmDelete: box.vmDelete,
        keepOnNetwork: box.keepOnNetwork,
        version: box.version,
      };
    },
  });

  tenantRoute(api, platform, voicemailRoutes.saveSettings, {
    allow: SETTINGS_UPDATE,
    handler: async (ctx, { params, body }) => {
      const box = await mailboxOf(ctx.db, params.mailbox, { lock: true });
      // The mailbox is the seat's: a save based on an older seat is refused (If-Match or a body version).
      const seat = { id: box.seatId, version: box.version };
      assertVersion(ctx, seat);
      const { password, ...settings } = body;
      await ctx.db
        .updateTable('seats')
        .set({
          vm_fullname: settings.fullname,
          vm_email: settings.email,
          vm_delete: settings.vmDelete,
          ...(password ? { vm_pin: password } : {}),
        })
        .where('id', '=', box.seatId)
        .execute();
      const after = { ...settings, pinChanged: password !== '' };
      await ctx.emit({ area: 'seats', recordId: box.seatId, kind: 'voicemail.update', label: box.label, after });
      return { success: true, message: MESSAGES.updated(box.label) };
    },
  });
  registerGreetingRoutes(api, platform);
}

const greetingOf = (tx: Tx, seatId: number, type: GreetingType) =>
  tx
    .selectFrom('voicemail_greetings')
    .select(['id', 'file_key', 'file_size'])
    .where('seat_id', '=', seatId)
    .where('type', '=', type)
    .executeTakeFirst();

/** A mailbox's greetings: every type, set or not; the upload (replacing that type's), play and delete. */
function registerGreetingRoutes(api: FastifyInstance, platform: Platform): void {
  tenantRoute(api, platform, voicemailRoutes.greetings, {
    allow: VOICEMAIL_READ,
    handler: async ({ db }, { params }) => {
      const box = await mailboxOf(db, params.mailbox);
      const rows = await db
        .selectFrom('voicemail_greetings')
        .select(['type', 'file_size', 'created_at'])
        .where('seat_id', '=', box.seatId)
        .execute();
      const records: VoicemailGreeting[] = GREETING_TYPES.map(({ value, label }) => {
        const row = rows.find((r) => r.type === value);
        return {
          type: value,
          label,
          set: row !== undefined,
          fileSize: row?.file_size ?? 0,
          uploadedAt: row ? new Date(row.created_at).toISOString() : null,
        };
      });
      return { records };
    },
  });

  registerGreetingWrites(api, platform);
  registerGreetingAudio(api, platform);
}

/** A greeting uploaded (replacing that type's) or deleted; the file follows its row's fate. */
function registerGreetingWrites(api: FastifyInstance, platform: Platform): void {
  tenantRoute(api, platform, voicemailRoutes.uploadGreeting, {
    allow: VOICEMAIL_UPDATE,
    upload: 'file',
    receive: async (request) => {
      const { upload, refuse } = await receiveAudio(request, platform, {
        field: 'file',
        types: VOICEMAIL_AUDIO,
        kind: 'voicemail-greetings',
      });
      const type = greetingType.safeParse(upload.fields.type);
      if (!type.success) throw await refuse({ type: MESSAGES.selectOption });
      return { type: type.data, stored: upload.stored };
    },
    handler: async (ctx, { params, received }) => {
      const { type, stored } = received;
      ctx.afterRollback(() => platform.files.delete(stored.key));
      const box = await mailboxOf(ctx.db, params.mailbox, { lock: true });
      const previous = await greetingOf(ctx.db, box.seatId, type);
      if (previous) {
        await ctx.db.deleteFrom('voicemail_greetings').where('id', '=', previous.id).execute();
        ctx.afterCommit(() => platform.files.delete(previous.file_key));
      }
      const row = await ctx.db
        .insertInto('voicemail_greetings')
        .values({
          account_no: ctx.auth.accountNo,
          seat_id: box.seatId,
          type,
          file_key: stored.key,
          file_size: stored.size,
          file_sha256: stored.sha256,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.emit({
        area: 'voicemail',
        recordId: row.id,
        kind: previous ? 'greeting.replace' : 'greeting.create',
        label: `${box.name} ${type}`,
        after: { mailbox: box.name, type, fileSize: stored.size },
      });
      return { success: true, message: VOICEMAIL_MESSAGES.greetingAdded, id: row.id };
    },
  });

  tenantRoute(api, platform, voicemailRoutes.removeGreeting, {
    allow: VOICEMAIL_UPDATE,
    handler: async (ctx, { params }) => {
      const box = await mailboxOf(ctx.db, params.mailbox, { lock: true });
      const greeting = await greetingOf(ctx.db, box.seatId, params.type);
      if (!greeting) throw new HttpError(404, VOICEMAIL_MESSAGES.noGreeting);
      await ctx.db.deleteFrom('voicemail_greetings').where('id', '=', greeting.id).execute();
      ctx.afterCommit(() => platform.files.delete(greeting.file_key));
      await ctx.emit({
        area: 'voicemail',
        recordId: greeting.id,
        kind: 'greeting.delete',
        label: `${box.name} ${params.type}`,
        before: { mailbox: box.name, type: params.type },
      });
      return { success: true, message: VOICEMAIL_MESSAGES.greetingDeleted };
    },
  });
}

/** A greeting's audio, whole or by Range. */
function registerGreetingAudio(api: FastifyInstance, platform: Platform): void {
  tenantRoute(api, platform, voicemailRoutes.greetingAudio, {
    allow: VOICEMAIL_READ,
    handler: async ({ db, request, reply }, { params }) => {
      const box = await mailboxOf(db, params.mailbox);
      const greeting = await greetingOf(db, box.seatId, params.type);
      if (!greeting) throw new HttpError(404, VOICEMAIL_MESSAGES.noGreeting);
      const extension = greeting.file_key.slice(greeting.file_key.lastIndexOf('.') + 1);
      return sendStoredFile(
        platform,
        { request, reply },
        {
          key: greeting.file_key,
          size: greeting.file_size,
          type: AUDIO_TYPES[extension] ?? 'application/octet-stream',
        },
      );
    },
  });
}
