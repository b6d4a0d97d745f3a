/** Access lists (spec 2: /access-lists, permission acl, calls on /accesscontrol). */
import { z } from 'zod';
import { optionalText, recordId, requiredText } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { PATTERNS } from '../patterns.ts';

export const accessListRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  promptId: z.number().int().nullable(),
  promptName: z.string().nullable(),
  numEntries: z.number().int(),
});
export type AccessList = z.infer<typeof accessListRecord>;

export const accessListInput = z.object({
  name: requiredText({ max: 50 }),
  description: optionalText({ max: 50 }),
  promptId: recordId(MESSAGES.recordNotFound).nullable().default(null),
});
export type AccessListInput = z.input<typeof accessListInput>;

/** One telephone number of a list: required ('Please enter a telephone number') and the telephone pattern. */
export const aclNumber = z
  .string({ error: MESSAGES.enterTelephone })
  .trim()
  .min(1, { error: MESSAGES.enterTelephone })
  .regex(PATTERNS.telephone.pattern, { error: PATTERNS.telephone.message });

export const accessListEntryInput = z.object({ number: aclNumber });
export const accessListEntryRecord = z.object({ id: z.number().int(), number: z.string() });
export type AccessListEntry = z.infer<typeof accessListEntryRecord>;

/** CSV upload reply: per-line failures shown in a red accordion. */
export const csvUploadReply = z.object({
  success: z.boolean(),
  message: z.string(),
  added: z.number().int(),
  failures: z.array(z.object({ line: z.number().int(), number: z.string(), message: z.string() })),
});
export type CsvUploadReply = z.infer<typeof csvUploadReply>;

export const ACL_SORTABLE = ['name', 'description', 'promptName', 'numEntries'] as const;

export const promptOption = z.object({ id: z.number().int(), name: z.string(), system: z.boolean() });
export type PromptOption = z.infer<typeof promptOption>;
