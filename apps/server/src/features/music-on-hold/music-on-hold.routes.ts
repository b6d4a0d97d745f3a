/**
 * Music on hold (spec 3 §2, §4, §5, §7 "Prompts and music"): the account's MP3 uploads and the
 * provider's music (read-only, account 0), on the platform's media library.
 */
import {
  MESSAGES,
  MUSIC_NAME_MAX,
  musicOnHoldResourceRoutes,
  musicOnHoldRoutes,
  OPTION_READERS,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { mediaFields, mediaLibrary } from '../../platform/media.ts';
import type { Platform } from '../../platform/platform.ts';

const fields = mediaFields('music_on_hold', { musicOnHoldId: 'music_on_hold.id' });

/** The lists' field maps (their sortable and filterable columns are indexed). */
export const musicOnHoldLists = [fields];

export function registerMusicOnHoldRoutes(api: FastifyInstance, platform: Platform): void {
  mediaLibrary(api, platform, {
    area: 'music-on-hold',
    table: 'music_on_hold',
    fields,
    permission: 'musicOnHold',
    routes: { ...musicOnHoldResourceRoutes, ...musicOnHoldRoutes },
    readers: OPTION_READERS.music,
    upload: { field: 'musicFile', types: { 'audio/mpeg': 'mp3' }, terms: MESSAGES.musicTerms },
    messages: {
      added: MESSAGES.musicAdded,
      inUse: MESSAGES.musicInUse,
      readOnly: MESSAGES.providerMusicReadOnly,
      nameInUse: MESSAGES.musicNameInUse,
    },
    nameMax: MUSIC_NAME_MAX,
  });
}
