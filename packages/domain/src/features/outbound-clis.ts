/**
 * Outbound caller-ID lists (spec 3 §2 /outbound-clis, §3 "Caller-ID list", §5, §7 "Caller-ID
 * lists", §8; permission outboundCLILists): named sets of the account's own numbers a softphone user
 * may present on outbound calls.
 */
import { z } from 'zod';
import { resourceRoutes, versionedRecordFields } from '../contract.ts';
import { declareFields, field } from '../field-declarations.ts';
import { optionalText, requiredText } from '../fields.ts';
import { listQuery, listReplySchema } from '../paging.ts';
import { PATTERNS } from '../patterns.ts';
import { taggedRoutes } from '../tagged-routes.ts';

export const OUTBOUND_CLI_MESSAGES = {
  /** Spec 3 §8 (its spelling). */
  loadFailed: 'An error occured loading this record.',
  /** Ours: a list's numbers are the account's own. */
  notAccountNumber: 'Please select numbers of this account only',
  /** Ours: a name is the list's handle in the seats' softphone tabs. */
  nameInUse: 'An outbound CLI list with this name already exists',
  /** Ours: a list presents at least one number. */
  selectNumber: 'Please select at least 1 number',
  /** Ours. */
  tooMany: (max: number) => `A list holds at most ${max} numbers`,
} as const;

/** The most numbers one list holds (ours: the spec sets none; a softphone's picker stays usable). */
export const OUTBOUND_CLI_MAX_NUMBERS = 100;

const numbers = z
  .array(z.string().trim().regex(PATTERNS.telephone.pattern, { error: PATTERNS.telephone.message }))
  .min(1, { error: OUTBOUND_CLI_MESSAGES.selectNumber })
  .max(OUTBOUND_CLI_MAX_NUMBERS, { error: OUTBOUND_CLI_MESSAGES.tooMany(OUTBOUND_CLI_MAX_NUMBERS) })
  .transform((list) => [...new Set(list)]);

/** Every field of a caller-ID list, once (field-declarations.ts). */
export const outboundCliFields = declareFields({
  name: field(requiredText({ max: 50 }), { label: 'Name', sortable: true, searchable: true }),
  description: field(optionalText({ max: 50 }), { label: 'Description', sortable: true, searchable: true }),
  numbers: field(numbers, {
    label: 'Numbers',
    uses: { kind: 'number', many: true },
    helper: 'The account numbers a softphone user given this list may present on outbound calls',
    record: z.array(z.string()),
  }),
});

export const outboundCliInput = z.object(outboundCliFields.shape);
export type OutboundCliInput = z.input<typeof outboundCliInput>;

export const outboundCliRecord = z.object({
  ...versionedRecordFields,
  ...outboundCliFields.recordShape,
  /** How many numbers it holds (the list's column). */
  numberCount: z.number().int(),
});
export type OutboundCli = z.infer<typeof outboundCliRecord>;

const tag = 'outbound-clis';
const { get } = taggedRoutes(tag);

/** Spec 3 §7 "Caller-ID lists": GET /outboundclilist, GET and POST /outboundclilist/{id}, DELETE. */
export const outboundCliRoutes = {
  ...resourceRoutes('/outboundclilist', { tag, record: outboundCliRecord, input: outboundCliInput, saveByPost: true }),
  /** Every list of the account (GET /outboundclilist), sorted, searched and filtered by the query. */
  listAll: get('/outboundclilist', { query: listQuery, reply: listReplySchema(outboundCliRecord) }),
};
