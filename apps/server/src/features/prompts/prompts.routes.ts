/**
 * Prompt options (the account's own prompts plus the system prompts), for prompt pickers such as
 * the access list's. The prompts area itself (uploads, recording) comes later.
 */
import { promptRoutes, type Resource } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { tenantRoute } from '../../platform/routes.ts';

/**
 * The areas whose forms pick a prompt (spec 2 §3: access list promptId, seat vmAdvancedPromptId,
 * time profile in/outPromptId, IVR greetingId, NTS answerPromptId), plus the prompts area itself:
 * read on any of them opens the options (admin and VHAdmin stand in, as everywhere).
 */
export const PROMPT_OPTION_READERS: readonly Resource[] = [
  'prompts',
  'acl',
  'seats',
  'timeprofile',
  'IVR',
  'externalExt',
];

export function registerPromptRoutes(api: FastifyInstance, platform: Platform): void {
  tenantRoute(api, platform, promptRoutes.options, {
    allow: { anyOf: PROMPT_OPTION_READERS.map((resource) => ({ resource, action: 'read' as const })) },
    handler: async ({ db }) => {
      // Row-level security shows the account's own prompts and the provider's.
      const rows = await db
        .selectFrom('prompts')
        .select(['id', 'name', 'account_no'])
        .orderBy('account_no', (ob) => ob.desc().nullsLast())
        .orderBy('name')
        .execute();
      return { records: rows.map((p) => ({ id: p.id, name: p.name, system: p.account_no === null })) };
    },
  });
}
