/**
 * NTS destinations (spec 2: /nts, permission externalExt): external numbers calls can be forwarded
 * to, with the answer prompt, the call restrictions of the forwarded call and a channel limit.
 */
import { z } from 'zod';
import { CALL_RESTRICTION_SWITCHES, callRestrictionsShape } from '../call-options.ts';
import { resourceRoutes, versionedRecordFields } from '../contract.ts';
import { declareFields, field, flag } from '../field-declarations.ts';
import { recordId, requiredText } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { PATTERNS } from '../patterns.ts';
import { taggedRoutes } from '../tagged-routes.ts';

export const NTS_MESSAGES = {
  onNet: 'It is not possible to add on network telephone number as NTS destination.',
  /** Ours: a channel limit outside 1-30. */
  channelLimit: 'Please enter a number of channels between 1 and 30',
} as const;

/** Ours: the spec sets none. A forwarded call holds two channels; 30 covers a primary-rate line. */
export const NTS_CHANNEL_LIMIT = { min: 1, max: 30, default: 2 } as const;

/** The NTS call-restriction toggles: the allow switches (no PIN, no call times) and extRefuse. */
export const NTS_SWITCHES = CALL_RESTRICTION_SWITCHES;
const switches = callRestrictionsShape;

const telephone = z
  .string({ error: MESSAGES.enterTelephone })
  .trim()
  .min(1, { error: MESSAGES.enterTelephone })
  .max(14, { error: PATTERNS.telephone.message })
  .regex(PATTERNS.telephone.pattern, { error: PATTERNS.telephone.message });

/** Every field of an NTS destination, once (field-declarations.ts): the inputs, the record, the server's map, the forms. */
export const ntsFields = declareFields({
  /** Edit: the name at most 45 (spec 2 §3); a create allows 50 (ntsCreate). */
  name: field(requiredText({ max: 45 }), { label: 'Name', sortable: true, searchable: true }),
  destination: field(telephone, { label: 'Telephone Number', sortable: true, searchable: true, inputType: 'tel' }),
  answerPromptId: field(recordId(MESSAGES.recordNotFound).nullable().default(null), {
    label: 'Answer Prompt',
    references: 'prompts',
  }),
  allowUKGeo: field(switches.allowUKGeo, { column: 'allow_uk_geo' }),
  allowUKMobile: field(switches.allowUKMobile, { column: 'allow_uk_mobile' }),
  allowUK118: field(switches.allowUK118, { column: 'allow_uk_118' }),
  allowUKOther: field(switches.allowUKOther, { column: 'allow_uk_other' }),
  allowUKPremium09: field(switches.allowUKPremium09, { column: 'allow_uk_premium_09' }),
  allowUKPremium070: field(switches.allowUKPremium070, { column: 'allow_uk_premium_070' }),
  allowInternational: field(switches.allowInternational, { column: 'allow_international', filterable: true }),
  allowInternationalHighRisk: field(switches.allowInternationalHighRisk, {
    column: 'allow_international_high_risk',
  }),
  /** Refuse calls the forwarded number would make beyond the allowed ones (ours: 'refuse external'). */
  extRefuse: flag(false, { label: 'Refuse other calls', filterable: true }),
  channelLimit: field(
    z.coerce
      .number({ error: NTS_MESSAGES.channelLimit })
      .int({ error: NTS_MESSAGES.channelLimit })
      .min(NTS_CHANNEL_LIMIT.min, { error: NTS_MESSAGES.channelLimit })
      .max(NTS_CHANNEL_LIMIT.max, { error: NTS_MESSAGES.channelLimit })
      .default(NTS_CHANNEL_LIMIT.default),
    { label: 'Channel Limit', sortable: true, inputType: 'number' },
  ),
});

export const ntsInput = z.object(ntsFields.shape);
export type NtsInput = z.input<typeof ntsInput>;
/** Create: the name at most 50 (spec 2 §3). */
export const ntsCreate = z.object({ ...ntsFields.createShape, name: requiredText({ max: 50 }) });
export type NtsCreate = z.input<typeof ntsCreate>;

export const ntsRecord = z.object({
  ...versionedRecordFields,
  ...ntsFields.recordShape,
});
export type Nts = z.infer<typeof ntsRecord>;

const tag = 'nts';
const { get } = taggedRoutes(tag);

/** Spec 2 §7 "NTS". */
export const ntsRoutes = {
  ...resourceRoutes('/nts', { tag, record: ntsRecord, input: ntsInput, create: ntsCreate }),
  /** Whether a number may be an NTS destination: not one of this platform's own (on-net) numbers. */
  check: get('/nts/check/:number', {
    params: z.object({ number: telephone }),
    reply: z.object({ success: z.boolean(), onnet: z.boolean(), message: z.string() }),
  }),
};
