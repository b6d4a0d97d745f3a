/**
 * Custom prompts (spec 3: /custom-prompts, permission prompts, calls on /prompt): the account's
 * recordings (MP3 or WAV) and the provider's system prompts (read-only), the choices of every prompt
 * picker (access lists, seats' advanced voicemail, time profiles, IVRs, NTS, queues).
 */
import { z } from 'zod';
import { resourceRoutes, route } from '../contract.ts';
import { idParam, requiredText } from '../fields.ts';
import { listReplySchema, saveReply } from '../paging.ts';

/** The longest prompt name (ours: the spec says only that one is required). */
export const PROMPT_NAME_MAX = 100;

export const promptOption = z.object({ id: z.number().int(), name: z.string(), provider: z.boolean() });
export type PromptOption = z.infer<typeof promptOption>;

export const promptRecord = z.object({
  id: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  /** How many records use it. */
  count: z.number().int(),
  /** 0 for the provider's prompts, which are read-only. */
  accountNo: z.number().int(),
  fileSize: z.number().int(),
  uploadedAt: z.string().nullable(),
});
export type Prompt = z.infer<typeof promptRecord>;

export const promptRename = z.object({ name: requiredText({ max: PROMPT_NAME_MAX }) });
export type PromptRename = z.input<typeof promptRename>;

/** A use: the table ('Seat', 'IVR', ...) and the user's name for the row. */
export const mediaUsage = z.object({ table: z.string(), name: z.string() });
export type MediaUsage = z.infer<typeof mediaUsage>;

const tag = 'prompts';

/** The stored recording of a prompt, streamed as audio (ours: the detail page's player). */
export const PROMPT_FILE_PATH = '/prompt/:id/file';

/** The generic resource calls; a prompt is uploaded (multipart), renamed (PUT) and deleted. */
export const promptResourceRoutes = resourceRoutes('/prompt', { tag, record: promptRecord, input: promptRename });
const { create: _create, update: _update, patch: _patch, ...kept } = promptResourceRoutes;

export const promptRoutes = {
  ...kept,
  /** Spec 3 §7: POST /prompt/overview (paged: /overview/{offset}/{limit}, -1/-1 all). */
  list: route({ ...kept.list, path: '/prompt/overview/:offset/:limit' }),
  /** The account's own prompts and the provider's (system) prompts. */
  options: route({
    method: 'GET',
    path: '/prompts/options',
    reply: z.object({ records: z.array(promptOption) }),
    tag,
  }),
  rename: route({ method: 'PUT', path: '/prompt/:id', params: idParam, body: promptRename, reply: saveReply, tag }),
  usage: route({ method: 'GET', path: '/prompt/:id/usage', params: idParam, reply: listReplySchema(mediaUsage), tag }),
  /** Multipart: the MP3 or WAV in 'promptFile', an optional 'name'. */
  upload: route({
    method: 'POST',
    path: '/prompt',
    reply: z.object({ success: z.boolean(), message: z.string(), id: z.number().int() }),
    tag,
  }),
};
