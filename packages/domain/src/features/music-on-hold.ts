/**
 * Music on hold (spec 3: /music-on-hold, permission musicOnHold, calls on /musiconhold). The
 * account's own uploads (MP3 only) and the provider's music (accountNo 0, read-only); seats, and
 * later call groups and queues, choose one by id — never free text.
 */
import { z } from 'zod';
import { route } from '../contract.ts';
import { idParam } from '../fields.ts';
import { listParamsBase, listReplySchema, withPagingRules } from '../paging.ts';
import { type MediaUsage, mediaFields, mediaLibraryRoutes, mediaOption, mediaUsage } from './prompts.ts';

/** The account number the spec gives the provider's music (read-only rows). */
export const PROVIDER_ACCOUNT_NO = 0;
/** The longest music name (ours: the spec sets none; a file name without its extension). */
export const MUSIC_NAME_MAX = 100;

export const musicOnHoldRecord = z.object({
  id: z.number().int(),
  /** Spec 3 names the id musicOnHoldId as well. */
  musicOnHoldId: z.number().int(),
  ...mediaFields,
});
export type MusicOnHold = z.infer<typeof musicOnHoldRecord>;

/** The multipart upload's text fields (the file itself is the part 'musicFile'). */
export const musicUploadFields = z.object({
  /** Defaults to the file's name without its extension. */
  name: z.string().optional(),
  /** The terms statement must be accepted ('true' as a form field). */
  termsAccepted: z.string().optional(),
});

export const MUSIC_TERMS =
  'I confirm that this account holds the rights or licences needed to play this music to callers (for example from PRS for Music and PPL).';

/** A use of a music: a table ('Seat', 'Call Group', ...) and the user's name for the row. */
export const musicUsage = mediaUsage;
export type MusicUsage = MediaUsage;

/** A picker's choice: the account's music and the provider's. */
export const musicOption = mediaOption;
export type MusicOption = z.infer<typeof musicOption>;

const tag = 'music-on-hold';

const usageParams = withPagingRules(idParam.extend(listParamsBase.shape));
const library = mediaLibraryRoutes('/musiconhold', { tag, record: musicOnHoldRecord, input: z.object({}) });
/** The generic resource calls; music has no JSON create or edit (it is uploaded, then deleted). */
export const musicOnHoldResourceRoutes = library.resource;

export const musicOnHoldRoutes = {
  /** Upload: multipart, the MP3 in 'musicFile', the text fields of musicUploadFields. */
  ...library.routes,
  /** The choices of music pickers (seats, call groups, queues), for readers of those areas. */
  options: route({
    method: 'GET',
    path: '/musiconhold/options',
    reply: z.object({ records: z.array(musicOption) }),
    tag,
  }),
  /** Where the music :id is used (all of it). */
  usage: route({
    method: 'GET',
    path: '/musiconhold/:id/usage',
    params: idParam,
    reply: listReplySchema(musicUsage),
    tag,
  }),
  /** The same paged: /usage/{offset}/{limit}, -1/-1 for all (totalRecords). */
  usagePage: route({
    method: 'GET',
    path: '/musiconhold/:id/usage/:offset/:limit',
    params: usageParams,
    reply: listReplySchema(musicUsage),
    tag,
  }),
};
