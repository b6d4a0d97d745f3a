/**
 * Dial-through (spec 2: /dial-through, permission dialThrough, calls on /dialthrough): DISA — a
 * caller rings in, is recognised by a caller-ID authentication entry and / or a PIN, and dials out
 * with the dial-through's CLI, within its call switches and concurrent channels.
 */
import { z } from 'zod';
import { childListRoutes, deleteBody, deleteReply, resourceRoutes, versionedRecordFields } from '../contract.ts';
import { choice, declareFields, field, flag } from '../field-declarations.ts';
import { enteredTelephone, optionalText, recordId, requiredText } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { saveReply } from '../paging.ts';
import { PATTERNS } from '../patterns.ts';
import { taggedRoutes } from '../tagged-routes.ts';

export const DIAL_THROUGH_MESSAGES = {
  /** Spec 2 §5. */
  numberTwice: 'This number is already a part of this dial through',
  /** Ours: the CLI presented on the calls made is one of the account's numbers (as a seat's caller ID). */
  notAccountNumber: 'Please select one of your telephone numbers',
  /**
   * Ours (toll fraud): a dial-through lets outside callers make calls on the account, so it never
   * stands open — without a PIN, only its caller IDs get through, and it must have one.
   */
  pinOffNeedsCallerId: 'Add a caller ID before turning the PIN off, or anyone could dial through',
  lastCallerId: 'This dial through has no PIN: turn the PIN on before removing its last caller ID',
} as const;

/** Spec 2 §9: concurrent channels. */
export const DIAL_THROUGH_CHANNELS = [1, 2, 3, 4, 5, 10, 15, 20, 30, 40, 50] as const;

/** The call switches (spec 2 §3) with their labels; `inter` needs highRisk read (spec 2 §6). */
export const DIAL_THROUGH_SWITCHES = [
  { name: 'ukGeo', label: 'UK Geographic (01, 02, 03)', highRisk: false },
  { name: 'ukMob', label: 'UK Mobile (07)', highRisk: false },
  { name: 'ukOther', label: 'Other UK Non-Geographic (080, 084, 087)', highRisk: false },
  { name: 'inter', label: 'International', highRisk: true },
] as const;
export const DIAL_THROUGH_HIGH_RISK_FIELDS = ['inter'] as const;

const switchLabel = (name: (typeof DIAL_THROUGH_SWITCHES)[number]['name']) =>
  DIAL_THROUGH_SWITCHES.find((s) => s.name === name)?.label;

/** Every field of a dial-through, once (field-declarations.ts): the inputs, the record, the server's map, the forms. */
export const dialThroughFields = declareFields({
  name: field(requiredText({ max: 50 }), { label: 'Name', sortable: true, searchable: true }),
  /** The number presented on the calls made ('' = the caller's own). */
  cli: field(optionalText({ max: 20, pattern: PATTERNS.cli }), {
    label: 'CLI',
    sortable: true,
    searchable: true,
    uses: { kind: 'number' },
  }),
  /** Asked of every caller while pinEnabled (the PIN pattern: 4-6 digits); '' in a record for a user who may not update dial-throughs. */
  pin: field(optionalText({ max: 20, pattern: PATTERNS.pin }), {
    label: 'PIN',
    helper: '4-6 digits, asked of every caller while the PIN is enabled',
  }),
  pinEnabled: flag(true, { label: 'PIN Enabled', filterable: true }),
  ukGeo: flag(true, { label: switchLabel('ukGeo'), filterable: true }),
  inter: flag(false, { label: switchLabel('inter'), filterable: true }),
  ukMob: flag(true, { label: switchLabel('ukMob'), filterable: true }),
  ukOther: flag(false, { label: switchLabel('ukOther'), filterable: true }),
  /** One of the §9 channel counts. */
  channels: choice(
    DIAL_THROUGH_CHANNELS.map((value) => ({ value, label: String(value) })),
    2,
    { label: 'Concurrent Channels', sortable: true, filterable: true },
  ),
});

export const dialThroughInput = z
  .object(dialThroughFields.shape)
  .refine((v) => !v.pinEnabled || v.pin !== '', { path: ['pin'], error: MESSAGES.required });
export type DialThroughInput = z.input<typeof dialThroughInput>;
/** Bulk edit: the channels alone (a refined object cannot be picked from). */
export const dialThroughChannelsEdit = z.object({ channels: dialThroughFields.shape.channels });
export type DialThroughChannelsEdit = z.input<typeof dialThroughChannelsEdit>;
export type DialThroughValues = z.output<typeof dialThroughInput>;

export const dialThroughRecord = z.object({
  ...versionedRecordFields,
  ...dialThroughFields.recordShape,
  /** How many caller-ID authentication entries it has. */
  cliCount: z.number().int(),
});
export type DialThrough = z.infer<typeof dialThroughRecord>;

/** POST /dialthrough/cli: the dial-through's id and the caller's number. */
export const dialThroughCliInput = z.object({
  dialThroughId: recordId(MESSAGES.recordNotFound),
  /** One caller-ID authentication entry: required, the telephone pattern. */
  number: enteredTelephone(),
});
export type DialThroughCliInput = z.input<typeof dialThroughCliInput>;
export const dialThroughCliRecord = z.object({
  id: z.number().int(),
  dialThroughId: z.number().int(),
  number: z.string(),
});
export type DialThroughCli = z.infer<typeof dialThroughCliRecord>;

const tag = 'dial-through';
const { delete: del, post } = taggedRoutes(tag);
const cliLists = childListRoutes('/dialthrough/:id/clis', dialThroughCliRecord, tag);

/** Spec 2 §7 "Dial through": /dialthrough and its caller-ID entries (/dialthrough/cli). */
export const dialThroughRoutes = {
  ...resourceRoutes('/dialthrough', { tag, record: dialThroughRecord, input: dialThroughInput }),
  /** Every caller-ID entry of the dial-through :id. */
  clis: cliLists.all,
  /** The entries paged and searchable (the detail page's nested table). */
  clisPage: cliLists.page,
  addCli: post('/dialthrough/cli', { body: dialThroughCliInput, reply: saveReply }),
  removeClis: del('/dialthrough/cli', { body: deleteBody, reply: deleteReply }),
};
