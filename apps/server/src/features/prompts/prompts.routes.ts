/**
 * Prompt options (the account's own prompts plus the system prompts), for prompt pickers such as
 * the access list's. The prompts area itself (uploads, recording) comes later.
 */
import { can, promptOption, type Resource } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { requireAuth } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';

/** Prompts the account may use: its own or the system's (account_no null). */
export async function usablePrompt(db: DB | Transaction<Database>, accountNo: number, promptId: number) {
  return db
    .selectFrom('prompts')
    .select(['id', 'name'])
    .where('id', '=', promptId)
    .where((eb) => eb.or([eb('account_no', '=', accountNo), eb('account_no', 'is', null)]))
    .executeTakeFirst();
}

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

export function registerPromptRoutes(app: FastifyInstance, { db }: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/prompts/options',
    { schema: { tags: ['prompts'], response: { 200: z.object({ records: z.array(promptOption) }) } } },
    async (request) => {
      const auth = requireAuth(request);
      if (!PROMPT_OPTION_READERS.some((resource) => can(auth, resource, 'read'))) throw forbidden();
      const rows = await db
        .selectFrom('prompts')
        .select(['id', 'name', 'account_no'])
        .where((eb) => eb.or([eb('account_no', '=', auth.accountNo), eb('account_no', 'is', null)]))
        .orderBy('account_no', (ob) => ob.desc().nullsLast())
        .orderBy('name')
        .execute();
      return { records: rows.map((p) => ({ id: p.id, name: p.name, system: p.account_no === null })) };
    },
  );
}
