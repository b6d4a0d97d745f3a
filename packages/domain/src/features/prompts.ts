/**
 * Custom prompts (spec 3: /custom-prompts, permission prompts, calls on /prompt): the account's
 * recordings (MP3 or WAV) and the provider's system prompts (read-only), the choices of every prompt
 * picker (access lists, seats' advanced voicemail, time profiles, IVRs, NTS, queues).
 */
import { z } from 'zod';
import { listByBodyRoute, pagedListRoute, resourceRoutes, route } from '../contract.ts';
import { declareFields, field } from '../field-declarations.ts';
import { idParam, requiredText } from '../fields.ts';
import { listReplySchema, outcomeReply, saveReply } from '../paging.ts';

/** The longest prompt name (ours: the spec says only that one is required). */
export const PROMPT_NAME_MAX = 100;

/** A picker's choice of a media item: the account's own and the provider's. */
export const mediaOption = z.object({ id: z.number().int(), name: z.string(), provider: z.boolean() });
export const promptOption = mediaOption;
export type PromptOption = z.infer<typeof promptOption>;

/** A media item's stored fields (a prompt, a music): its name, once (field-declarations.ts). */
export const mediaItemFields = declareFields({
  name: field(requiredText({ max: PROMPT_NAME_MAX }), { label: 'Name', sortable: true, searchable: true }),
});

/** The fields of a media item (a prompt, a music) after its id. */
export const mediaFields = {
  /** Incremented by every change: an update names the version it was based on (If-Match). */
  version: z.number().int(),
  ...mediaItemFields.recordShape,
  /** How many records use it ('used in'). */
  count: z.number().int(),
  /** 0 for the provider's items, which are read-only. */
  accountNo: z.number().int(),
  /** The stored file's size in bytes (0 for the provider's music, kept on the media servers). */
  fileSize: z.number().int(),
  uploadedAt: z.string().nullable(),
};

export const promptRecord = z.object({ id: z.number().int(), ...mediaFields });
export type Prompt = z.infer<typeof promptRecord>;

export const promptRename = z.object(mediaItemFields.shape);
export type PromptRename = z.input<typeof promptRename>;

/** A use: the table ('Seat', 'IVR', ...) and the user's name for the row. */
export const mediaUsage = z.object({ table: z.string(), name: z.string() });

/**
 * A media item's audio, streamed for the detail page's player (Range requests answered 206). The
 * reply is the file's bytes (audio/mpeg or audio/wav), not JSON.
 */
export const mediaAudioRoute = (base: string, tag: string) =>
  route({
    method: 'GET',
    path: `${base}/:id/audio`,
    params: idParam,
    reply: z.unknown(),
    replyTypes: ['audio/*'],
    tag,
  });
export type MediaUsage = z.infer<typeof mediaUsage>;

/**
 * A media library's calls (prompts, music): `resource`, its generic resource calls, and `routes`,
 * those it keeps (not the JSON create and edit: a medium is uploaded) with its own: the list as
 * spec 3 §7's POST {base}/overview (all, or the paging in the body; or paged in the path:
 * /overview/{offset}/{limit}, -1/-1 all), the audio, and
 * the multipart upload, answering the new item's id.
 */
export function mediaLibraryRoutes<const B extends string, Rec extends z.ZodType, In extends z.ZodType>(
  base: B,
  schemas: { tag: string; record: Rec; input: In },
) {
  const { tag } = schemas;
  const resource = resourceRoutes(base, schemas);
  const { create: _create, update: _update, patch: _patch, ...kept } = resource;
  return {
    resource,
    routes: {
      ...kept,
      list: pagedListRoute(`${base}/overview`, schemas.record, tag),
      /** The same list as POST {base}/overview, its paging in the body (all by default). */
      listByBody: listByBodyRoute(`${base}/overview`, schemas.record, tag),
      audio: mediaAudioRoute(base, tag),
      upload: route({ method: 'POST', path: base, reply: outcomeReply({ id: z.number().int() }), tag }),
    },
  };
}

const tag = 'prompts';
const library = mediaLibraryRoutes('/prompt', { tag, record: promptRecord, input: promptRename });

/** The generic resource calls; a prompt is uploaded (multipart), renamed (PUT) and deleted. */
export const promptResourceRoutes = library.resource;

export const promptRoutes = {
  /** Upload: multipart, the MP3 or WAV in 'promptFile', an optional 'name'. */
  ...library.routes,
  /** The account's own prompts and the provider's (system) prompts. */
  options: route({
    method: 'GET',
    path: '/prompts/options',
    reply: z.object({ records: z.array(promptOption) }),
    tag,
  }),
  rename: route({ method: 'PUT', path: '/prompt/:id', params: idParam, body: promptRename, reply: saveReply, tag }),
  usage: route({ method: 'GET', path: '/prompt/:id/usage', params: idParam, reply: listReplySchema(mediaUsage), tag }),
};
