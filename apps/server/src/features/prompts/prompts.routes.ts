/**
 * Custom prompts (spec 3 §2, §5, §7 "Prompts and music", §8): the account's recordings (MP3 or
 * WAV) and the provider's system prompts, on the platform's media library.
 */
import { MESSAGES, OPTION_READERS, PROMPT_NAME_MAX, promptResourceRoutes, promptRoutes } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { mediaFields, mediaLibrary } from '../../platform/media.ts';
import type { Platform } from '../../platform/platform.ts';

const fields = mediaFields('prompts');

/** The lists' field maps (their sortable and filterable columns are indexed). */
export const promptLists = [fields];

export function registerPromptRoutes(api: FastifyInstance, platform: Platform): void {
  mediaLibrary(api, platform, {
    area: 'prompts',
    table: 'prompts',
    fields,
    permission: 'prompts',
    routes: { ...promptResourceRoutes, ...promptRoutes },
    readers: OPTION_READERS.prompts,
    upload: { field: 'promptFile', types: { 'audio/mpeg': 'mp3', 'audio/wav': 'wav', 'audio/x-wav': 'wav' } },
    messages: {
      added: MESSAGES.promptAdded,
      readOnly: MESSAGES.providerPromptReadOnly,
      nameInUse: MESSAGES.promptNameInUse,
    },
    nameMax: PROMPT_NAME_MAX,
  });
}
