/** IVR menus (spec 2: /ivrs, permission IVR, calls on /ivr). */
import { z } from 'zod';
import { resourceRoutes, versionedRecordFields } from '../contract.ts';
import { type Declared, declareFields, field } from '../field-declarations.ts';
import { requiredText } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { numberedRoutes, numberInRange, numberRange } from '../numbering.ts';
import { destinationField } from './destinations.ts';

export const IVR_MESSAGES = {
  invalidNumber: 'Please input a valid number',
  lessThanTo: 'Please ensure this number is less than the To field',
  inUse: 'IVR number is already in use. Please select a different number',
  /** Ours, worded as the other areas' (the spec gives IVRs the same limit of 10). */
  tooMany: 'You cannot add more than 10 IVRs at one time, please contact your account manager to add more',
  rangeInUse:
    '1 or more of the IVRs already has the number in this selected range. Please check the range and try again',
  /** Ours: a menu routing a key to itself. */
  self: 'An IVR cannot route to itself',
} as const;

export const IVR_NUMBER = { min: 200, max: 998 } as const;
export const IVR_BULK_MAX = 10;
/** No greeting / no invalid-choice prompt. */
export const NO_PROMPT = -1;
/** The invalid-choice prompt: the system's default. */
export const DEFAULT_PROMPT = 0;

/** The keys of a menu (spec 2 §9) and the fields holding their destinations (spec 2 §3). */
export const IVR_KEYS = [
  { key: '1', field: 'option1' },
  { key: '2', field: 'option2' },
  { key: '3', field: 'option3' },
  { key: '4', field: 'option4' },
  { key: '5', field: 'option5' },
  { key: '6', field: 'option6' },
  { key: '7', field: 'option7' },
  { key: '8', field: 'option8' },
  { key: '9', field: 'option9' },
  { key: '0', field: 'option0' },
  { key: '*', field: 'optionStar' },
  { key: '#', field: 'optionHash' },
  { key: 'Timeout', field: 'optionTimeout' },
] as const;
export type IvrKeyField = (typeof IVR_KEYS)[number]['field'];

const promptChoice = (allowDefault: boolean) =>
  z.coerce
    .number({ error: MESSAGES.selectOption })
    .int({ error: MESSAGES.selectOption })
    .refine((v) => v === NO_PROMPT || v > 0 || (allowDefault && v === DEFAULT_PROMPT), {
      error: MESSAGES.selectOption,
    });

/** 'Key 1', ..., 'Key *', 'Key #', 'Timeout'. */
const keyLabel = (key: string) => (key === 'Timeout' ? 'Timeout' : `Key ${key}`);
type KeyMeta = { readonly label: string; readonly uses: { readonly kind: 'destination' } };
const keys = Object.fromEntries(
  IVR_KEYS.map((k) => [k.field, field(destinationField, { label: keyLabel(k.key), uses: { kind: 'destination' } })]),
) as Record<IvrKeyField, Declared<typeof destinationField, KeyMeta>>;

export const ivrNumber = numberInRange(IVR_NUMBER, IVR_MESSAGES.invalidNumber);

/** Every field of a menu, once (field-declarations.ts): the inputs, the record, the server's map, the forms. */
export const ivrFields = declareFields({
  /** The menu's number, its `name` (spec 2 §3). */
  name: field(ivrNumber, { label: 'Number', column: 'ivr_no', sortable: true, searchable: true, createOnly: true }),
  description: field(requiredText({ max: 45 }), { label: 'Description', sortable: true, searchable: true }),
  /** A prompt of the account (or the provider's), or -1: none. */
  greetingId: field(promptChoice(false).default(NO_PROMPT), { label: 'Greeting Prompt', filterable: true }),
  /** A prompt, -1 none or 0 the default. */
  invalidPrompt: field(promptChoice(true).default(DEFAULT_PROMPT), {
    label: 'Invalid Choice Prompt',
    column: 'invalid_prompt_id',
  }),
  ...keys,
});

export const ivrInput = z.object(ivrFields.shape);
export type IvrInput = z.input<typeof ivrInput>;
export type IvrValues = z.output<typeof ivrInput>;

/** Create: the menu's number is its `name` (spec 2 §3). */
export const ivrCreate = z.object(ivrFields.createShape);
export type IvrCreate = z.input<typeof ivrCreate>;

export const ivrRange = numberRange(IVR_NUMBER, IVR_BULK_MAX, IVR_MESSAGES, {
  description: ivrFields.shape.description,
});
export type IvrRange = z.input<typeof ivrRange>;
export type IvrRangeValues = z.output<typeof ivrRange>;

export const ivrRecord = z.object({
  ...versionedRecordFields,
  ...ivrFields.recordShape,
  /** How many keys route somewhere. */
  keysSet: z.number().int(),
});
export type Ivr = z.infer<typeof ivrRecord>;

const tag = 'ivrs';

/** Spec 2 §7 "IVRs". */
export const ivrRoutes = {
  ...resourceRoutes('/ivr', { tag, record: ivrRecord, input: ivrInput, create: ivrCreate }),
  ...numberedRoutes('/ivr', ivrRange, tag),
};
