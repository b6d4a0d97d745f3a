/**
 * Media libraries (music on hold, custom prompts; voicemail greetings as they come): the account's
 * uploads beside the provider's read-only items (account_no null, shown as account 0), listed with
 * how many records use each ('used in', from the references the using areas declare), their uses,
 * a picker's choices, a streamed upload into the file store checked by its content (its type by its
 * first bytes, then decoded as that audio: frames and a duration), and a delete that
 * is refused while in use and removes the file once the row's delete has committed.
 */
import {
  type AreaId,
  CONTROL_CHARACTER,
  MESSAGES,
  mediaItemFields,
  type Resource,
  type RouteContract,
} from '@switchboard/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import type { z } from 'zod';
import type { TenantTable } from '../db/schema.ts';
import { audioDuration } from './audio-check.ts';
import { declaredFields } from './declared-fields.ts';
import { HttpError } from './errors.ts';
import { type FieldDef, type FieldMap, field, fieldMap } from './fields.ts';
import { FileMissing } from './file-store.ts';
import type { Platform } from './platform.ts';
import type { ReferenceRegistry } from './references.ts';
import { assertVersion, type ResourceContracts, type ResourceHandle, resource } from './resources.ts';
import { tenantRoute } from './routes.ts';
import type { Tx } from './tenancy.ts';
import { mediaUpload } from './uploads.ts';

/** The record every library lists (an area may add aliases of the id). */
export interface MediaRecord {
  id: number;
  version: number;
  name: string;
  count: number;
  accountNo: number;
  fileSize: number;
  uploadedAt: string | null;
}

export interface MediaLibraryDef {
  area: AreaId;
  table: TenantTable & ('music_on_hold' | 'prompts');
  permission: Resource;
  /** The generic calls (the JSON create is never registered: items are uploaded). */
  routes: ResourceContracts & {
    create: { body: z.ZodType };
    update: { body: z.ZodType };
    options: RouteContract;
    usage: RouteContract;
    usagePage?: RouteContract;
    upload: RouteContract;
    rename?: RouteContract;
    /** The item's audio for the player (GET {base}/:id/audio). */
    audio: RouteContract;
  };
  /** Who may load the picker's choices: readers of the areas that choose one. */
  readers: readonly Resource[];
  /** The multipart file field, the allowed content types and their stored extensions. */
  upload: { field: string; types: Record<string, string>; terms?: string };
  /** Its fields (mediaFields(table), which its area lists). */
  fields: FieldMap<MediaRecord>;
  messages: { added: string; inUse?: string; readOnly: string; nameInUse: string };
  nameMax: number;
}

export function mediaLibrary(api: FastifyInstance, platform: Platform, def: MediaLibraryDef) {
  const { table } = def;
  usesOf.set(table, platform.references);
  const library = resource(api, platform, {
    area: def.area,
    routes: def.routes,
    table,
    permission: def.permission,
    fields: def.fields,
    title: 'name',
    except: ['create', 'update', 'patch'],
    ...(def.messages.inUse ? { inUseMessage: def.messages.inUse } : {}),
    readOnly: (m) => (m.accountNo === 0 ? def.messages.readOnly : undefined),
    beforeDelete: async ({ db, afterCommit }, record) => {
      const stored = await db.selectFrom(table).select('file_key').where('id', '=', record.id).executeTakeFirst();
      // The file goes once the row has: a rolled-back delete keeps it.
      const key = stored?.file_key;
      if (key) afterCommit(() => platform.files.delete(key));
    },
  });
  registerMediaUses(api, platform, def, library);
  registerMediaAudio(api, platform, def, library);
  if (def.routes.rename) registerMediaRename(api, platform, def, library, def.routes.rename);
  registerMediaUpload(api, platform, def, library);
  return library;
}

type Library = ResourceHandle<MediaRecord, z.ZodType, z.ZodType>;

type MediaTableName = MediaLibraryDef['table'];

/** The references of each library's table ('used in'), as the platform that serves it registered them. */
const usesOf = new Map<MediaTableName, ReferenceRegistry>();

/**
 * 'Used in': how many records hold the item's id, by the references the using areas declare. Those
 * are registered with the areas' routes, after the map is made: the expression is read when a query
 * is built (every app built from the areas registers the same references).
 */
function useCount(table: MediaTableName) {
  return (): FieldDef => ({
    kind: 'number',
    sortable: true,
    get sql() {
      const uses = usesOf.get(table)?.of(`row:${table}`) ?? [];
      return uses.length
        ? `(${uses.map((u) => `(select count(*)::int from ${u.table} u where u.${u.column} = ${table}.id)`).join(' + ')})`
        : '0';
    },
  });
}

/**
 * A library's fields (its area lists them: ServerArea.lists); `aliases` are further computed fields
 * (spec aliases of the id).
 */
export function mediaFields(table: MediaTableName, aliases: Record<string, string> = {}): FieldMap<MediaRecord> {
  return fieldMap<MediaRecord>(table, {
    id: field.id(),
    version: field.version(),
    ...declaredFields(mediaItemFields),
    count: useCount(table),
    accountNo: field.computed(`coalesce(${table}.account_no, 0)`, 'number', { sortable: true, filterable: true }),
    fileSize: field.computed(`${table}.file_size`, 'number', { sortable: true }),
    uploadedAt: field.computed(
      `(case when ${table}.file_key is null then null else to_char(${table}.created_at, 'DD/MM/YYYY HH24:MI') end)`,
      'text',
    ),
    ...Object.fromEntries(Object.entries(aliases).map(([name, sql]) => [name, field.computed(sql, 'number')])),
  });
}

/** A name is the account's own once (the provider's may be shadowed). */
async function assertNameFree(db: Tx, def: MediaLibraryDef, accountNo: number, name: string, id?: number) {
  let query = db
    .selectFrom(def.table)
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .where('account_no', '=', accountNo);
  if (id !== undefined) query = query.where('id', '<>', id);
  if (await query.executeTakeFirst()) {
    throw new HttpError(409, def.messages.nameInUse, { name: def.messages.nameInUse });
  }
}

/** The picker's choices and what uses an item (all, or a page). */
function registerMediaUses(api: FastifyInstance, platform: Platform, def: MediaLibraryDef, library: Library) {
  const { table } = def;
  tenantRoute(api, platform, def.routes.options, {
    allow: { anyOf: def.readers.map((r) => ({ resource: r, action: 'read' as const })) },
    handler: async ({ db }) => {
      // Row-level security shows the account's own and the provider's.
      const rows = await db
        .selectFrom(table)
        .select(['id', 'name', 'account_no'])
        .orderBy('account_no', (ob) => ob.desc().nullsLast())
        .orderBy('name')
        .execute();
      return { records: rows.map((m) => ({ id: m.id, name: m.name, provider: m.account_no === null })) };
    },
  });
  const usage = async (db: Tx, id: number) => {
    await library.read(db, id);
    return (await platform.references.usages(db, `row:${table}`, id)).map((u) => ({ table: u.type, name: u.name }));
  };
  tenantRoute(api, platform, def.routes.usage, {
    allow: library.rules('read'),
    handler: async ({ db }, { params }) => {
      const all = await usage(db, (params as { id: number }).id);
      return { records: all, totalRecords: all.length, lastPage: true };
    },
  });
  if (def.routes.usagePage) {
    tenantRoute(api, platform, def.routes.usagePage, {
      allow: library.rules('read'),
      handler: async ({ db }, { params }) => {
        const p = params as { id: number; offset: number; limit: number };
        const all = await usage(db, p.id);
        const page = p.limit < 0 ? all : all.slice(p.offset, p.offset + p.limit);
        return { records: page, totalRecords: all.length, lastPage: p.limit < 0 || p.offset + p.limit >= all.length };
      },
    });
  }
}

/** The audio, for the detail page's player: the stored file, whole or the range asked for. */
function registerMediaAudio(api: FastifyInstance, platform: Platform, def: MediaLibraryDef, library: Library) {
  // An extension's first type ('wav': audio/wav, not its alias audio/x-wav).
  const mime: Record<string, string> = {};
  for (const [type, extension] of Object.entries(def.upload.types)) mime[extension] ??= type;
  tenantRoute(api, platform, def.routes.audio, {
    allow: library.rules('read'),
    handler: async ({ db, request, reply }, { params }) => {
      const id = (params as { id: number }).id;
      await library.read(db, id);
      const stored = await db
        .selectFrom(def.table)
        .select(['file_key', 'file_size'])
        .where('id', '=', id)
        .executeTakeFirst();
      const key = stored?.file_key;
      if (!key) throw new HttpError(404, MESSAGES.noAudio);
      const type = mime[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
      return sendStoredFile(platform, { request, reply }, { key, size: Number(stored.file_size), type });
    },
  });
}

/** A stored file to send: its key, size and media type; a download's file name when it is one. */
export interface StoredReply {
  key: string;
  size: number;
  type: string;
  /** Sent as an attachment under this name (Content-Disposition); inline when absent. */
  downloadName?: string;
}

/**
 * A stored file as the reply, whole (200) or the one byte range the Range header asks for (206 with
 * Content-Range; 416 when it asks for none of the file), streamed from the store as it comes. A
 * file missing from the store is 'There is no audio file for this item' (404).
 */
export async function sendStoredFile(
  platform: Platform,
  { request, reply }: { request: FastifyRequest; reply: FastifyReply },
  file: StoredReply,
): Promise<FastifyReply> {
  const { key, size } = file;
  const asked = request.headers.range;
  const ranges = asked ? parseRange(size, asked, { combine: true }) : undefined;
  if (ranges === -1) {
    return reply.status(416).header('content-range', `bytes */${size}`).send();
  }
  const range = Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 ? ranges[0] : undefined;
  // The template's rows (and a file lost from the store) have no bytes: no audio, said so.
  const body = await platform.files.get(key, range).catch((error: unknown) => {
    throw error instanceof FileMissing ? new HttpError(404, MESSAGES.noAudio) : error;
  });
  reply
    .type(file.type)
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, max-age=300')
    .header('x-content-type-options', 'nosniff');
  if (file.downloadName) reply.header('content-disposition', contentDisposition(file.downloadName));
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(body);
  }
  return reply.header('content-length', size).send(body);
}

/** An attachment's Content-Disposition: an ASCII name, and the exact one as RFC 5987's filename*. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Renames the account's own item, based on the version the page listed. */
function registerMediaRename(
  api: FastifyInstance,
  platform: Platform,
  def: MediaLibraryDef,
  library: Library,
  route: RouteContract,
) {
  tenantRoute(api, platform, route, {
    allow: library.rules('update'),
    handler: async (ctx, { params, body }) => {
      const id = (params as { id: number }).id;
      // The provider's are read-only (and cannot be locked by a tenant: told so, not 'not found').
      if ((await library.read(ctx.db, id)).accountNo === 0) throw new HttpError(403, def.messages.readOnly);
      await library.lock(ctx.db, id);
      const current = await library.read(ctx.db, id);
      // Based on the file as the page listed it (If-Match): renamed since, it is refused.
      assertVersion(ctx, current);
      const name = (body as { name: string }).name;
      await assertNameFree(ctx.db, def, ctx.auth.accountNo, name, id);
      await ctx.db.updateTable(def.table).set({ name }).where('id', '=', id).execute();
      const after = await library.read(ctx.db, id);
      await library.emit(ctx, 'update', id, current, after);
      return { success: true, message: MESSAGES.updated(name), id };
    },
  });
}

/** The upload: streamed into the file store and checked by its content before a connection is held. */
function registerMediaUpload(api: FastifyInstance, platform: Platform, def: MediaLibraryDef, library: Library) {
  tenantRoute(api, platform, def.routes.upload, {
    allow: library.rules('create'),
    upload: def.upload.field,
    receive: (request) => receiveMedia(request, platform, def),
    handler: async (ctx, { received }) => {
      const { db, auth } = ctx;
      const { name, stored } = received;
      ctx.afterRollback(() => platform.files.delete(stored.key));
      await assertNameFree(db, def, auth.accountNo, name);
      const row = await db
        .insertInto(def.table)
        .values({
          account_no: auth.accountNo,
          name,
          file_key: stored.key,
          file_size: stored.size,
          file_sha256: stored.sha256,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await library.emit(ctx, 'create', row.id, null, await library.read(db, row.id));
      return { success: true, message: def.messages.added, id: row.id };
    },
  });
}

/** An upload stored, its type checked on its bytes and decoded as that audio, its name checked. */
async function receiveMedia(request: FastifyRequest, platform: Platform, def: MediaLibraryDef) {
  const { upload, refuse } = await receiveAudio(request, platform, {
    field: def.upload.field,
    types: def.upload.types,
    kind: def.area,
  });
  const { name: given, termsAccepted } = upload.fields;
  if (def.upload.terms && termsAccepted !== 'true') throw await refuse({ termsAccepted: def.upload.terms });
  const name = (given?.trim() || upload.filename.replace(/\.[^.]*$/, '')).trim();
  if (!name) throw await refuse({ name: MESSAGES.required });
  if (name.length > def.nameMax) throw await refuse({ name: MESSAGES.maxLength(def.nameMax) });
  if (CONTROL_CHARACTER.test(name)) throw await refuse({ name: MESSAGES.controlCharacters });
  return { name, stored: upload.stored };
}

/**
 * An audio upload (music, prompts, voicemail greetings and deposits) streamed into the file store
 * and checked by its content: its type by its first bytes (one of `types`), within the upload limit,
 * then the whole decoded as that audio (frames, a duration: `seconds`), else refused 'Invalid file
 * format' with nothing kept. `refuse` removes the stored file and makes the 400 of a later refusal (a form field).
 */
export async function receiveAudio(
  request: FastifyRequest,
  platform: Platform,
  rule: { field: string; types: Record<string, string>; kind: string; maxBytes?: number },
) {
  const upload = await mediaUpload(request, rule.field, rule, platform.files);
  const refuse = async (problems: Record<string, string>) => {
    await platform.files.delete(upload.stored.key);
    return new HttpError(400, Object.values(problems)[0] ?? MESSAGES.uploadFallback, problems);
  };
  // Its first bytes named a type; the whole must decode as that audio (frames, a duration).
  const { key, size } = upload.stored;
  const extension = key.slice(key.lastIndexOf('.') + 1);
  const seconds = await audioDuration(await platform.files.get(key), extension, size);
  if (seconds === null) throw await refuse({ [rule.field]: MESSAGES.invalidFileFormat });
  return { upload, refuse, extension, seconds };
}
