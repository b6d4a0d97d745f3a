/** Prompts (spec 3): the choices of prompt pickers; the prompts area itself comes with custom prompts. */
import { z } from 'zod';
import { route } from '../contract.ts';

export const promptOption = z.object({ id: z.number().int(), name: z.string(), system: z.boolean() });
export type PromptOption = z.infer<typeof promptOption>;

export const promptRoutes = {
  /** The account's own prompts and the provider's (system) prompts. */
  options: route({
    method: 'GET',
    path: '/prompts/options',
    reply: z.object({ records: z.array(promptOption) }),
    tag: 'prompts',
  }),
};
