/**
 * Custom prompts (spec 3 §2, §5, §7 "Prompts and music", §8): the account's recordings (MP3 or
 * WAV) and the provider's system prompts, on the platform's media library.
 */
import {
  MESSAGES,
  PROMPT_FILE_PATH,
  PROMPT_NAME_MAX,
  promptResourceRoutes,
  promptRoutes,
  type Resource,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { mediaLibrary } from '../../platform/media.ts';
import type { Platform } from '../../platform/platform.ts';

/**
 * The areas whose forms pick a prompt (spec 2 §3: access list promptId, seat vmAdvancedPromptId,
 * time profile in/outPromptId, IVR greetingId, NTS answerPromptId, queue sounds), plus the prompts
 * area itself: read on any of them opens the options (admin and VHAdmin stand in, as everywhere).
 */
export const PROMPT_OPTION_READERS: readonly Resource[] = [
  'prompts',
  'acl',
  'seats',
  'timeprofile',
  'IVR',
  'externalExt',
  'queues',
];

export function registerPromptRoutes(api: FastifyInstance, platform: Platform): void {
  mediaLibrary(api, platform, {
    area: 'prompts',
    table: 'prompts',
    permission: 'prompts',
    routes: { ...promptResourceRoutes, ...promptRoutes },
    readers: PROMPT_OPTION_READERS,
    filePath: PROMPT_FILE_PATH,
    upload: { field: 'promptFile', types: { 'audio/mpeg': 'mp3', 'audio/wav': 'wav', 'audio/x-wav': 'wav' } },
    messages: {
      added: MESSAGES.promptAdded,
      readOnly: MESSAGES.providerPromptReadOnly,
      nameInUse: MESSAGES.promptNameInUse,
    },
    nameMax: PROMPT_NAME_MAX,
  });
}
