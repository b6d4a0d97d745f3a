/**
 * SMS (spec 3 §2 /sms, /sms/{id}; §3 "SMS"; §4; §5; §6 permission mobile; §7 "SMS"; §8; §9; issue 28):
 * the account's text messages, received and sent. Each sent text is one row per destination with
 * its own delivery status (queued → sent → delivered | failed, as the gateway reports it); a
 * received one is unread (status 0) until opened (1). Sending is priced per message part by the
 * rate deck (rating.ts `priceSms`) and charged in the sending transaction.
 */
import { z } from 'zod';
import { deleteBody, deleteReply, keysetListRoute, route } from '../contract.ts';
import { declareFields, field, flag } from '../field-declarations.ts';
import { idParam, recordId, requiredText } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { saveReply } from '../paging.ts';
import { PATTERNS } from '../patterns.ts';
import { recordsReply, taggedRoutes } from '../tagged-routes.ts';

/** Spec 3 §9: a text holds at most 250 characters. */
export const SMS_MAX_LENGTH = 250;
/** Ours (as UK gateways allow): an alphanumeric sender ID is at most 11 characters. */
export const SMS_SENDER_ID_MAX = 11;
/** Ours: the most sender IDs an account holds. */
export const SMS_SENDER_IDS_MAX = 5;
/** Ours: the most destinations one send names (a gateway's batch; a prepay balance is checked for all at once). */
export const SMS_MAX_DESTINATIONS = 50;

export const SMS_MESSAGES = {
  /** Spec 3 §5 ('to' by the telephone pattern): the pattern's text. */
  to: MESSAGES.telephone,
  /** Spec 3 §5 / §9 (message max 250): the platform's length text. */
  tooLong: MESSAGES.maxLength(SMS_MAX_LENGTH),
  /** Ours. */
  selectDestination: 'Please enter at least 1 destination',
  tooManyDestinations: `A text goes to at most ${SMS_MAX_DESTINATIONS} destinations at once`,
  selectOriginator: 'Please select an originator',
  notOriginator: 'Please select an originator of this account',
  noRate: (to: string) => `Texts cannot be sent to ${to}`,
  balanceShort: (needed: string, balance: string) =>
    `Your balance of £${balance} does not cover the cost of this message, £${needed}. Please top up and try again.`,
  /** Ours: an alphanumeric sender ID's rule (UK gateways: 1-11 letters, digits or spaces, at least one letter). */
  senderId: `A sender ID is 1-${SMS_SENDER_ID_MAX} letters, digits or spaces, with at least one letter`,
  tooManySenderIds: `An account holds at most ${SMS_SENDER_IDS_MAX} sender IDs`,
  senderIdsSaved: 'Sender IDs saved',
  /** Ours: why Reply is off for a text from an alphanumeric sender ID. */
  noReply: 'Replies cannot be sent to an alphanumeric sender ID',
  /** Ours: the ledger's credit of a prepay text the gateway failed. */
  refunded: (to: string) => `Refund: SMS to ${to} failed`,
  sent: (n: number) => (n === 1 ? 'Message sent' : `Message sent to ${n} destinations`),
  /** Ours: the sandbox's inbound message went to no number of any account. */
  noAccount: 'No account holds that number',
  /** Ours: the sandbox gateway's inbound text. */
  injected: 'Inbound message delivered',
  notDelivered: 'The inbound message could not be delivered',
  sandboxOnly: 'Inbound messages can be injected into the sandbox gateway only',
  /** Ours: a gateway webhook whose signature is missing or wrong (nothing stored). */
  badSignature: 'The SMS gateway signature is missing or wrong',
  /** Spec 3 §8: a list without rows. */
  empty: 'No items found.',
} as const;

/** §3: status 0 unread, 1 (or 2) read. */
export const SMS_STATUS = { unread: 0, read: 1 } as const;
export const SMS_STATUS_OPTIONS = [
  { value: 0, label: 'Unread' },
  { value: 1, label: 'Read' },
] as const;

/** A row's delivery: an outbound text's progress at the gateway, or 'received' for an inbound one. */
export const SMS_DELIVERY = ['queued', 'sent', 'delivered', 'failed', 'received'] as const;
export type SmsDelivery = (typeof SMS_DELIVERY)[number];
export const SMS_DIRECTIONS = ['in', 'out'] as const;

/** A destination (spec 3 §5: the telephone pattern, 5-14 digits or a plus). */
export const smsDestination = z
  .string({ error: SMS_MESSAGES.to })
  .trim()
  .max(15, { error: SMS_MESSAGES.to, abort: true })
  .regex(PATTERNS.telephone.pattern, { error: SMS_MESSAGES.to });

/** An alphanumeric sender ID's characters (its letter is checked apart: a pattern that is plainly linear). */
const SENDER_ID_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 ]{0,9}[A-Za-z0-9])?$/;

/** Whether `text` is an alphanumeric sender ID (1-11 letters, digits or spaces, at least one letter), not a number. */
export function isSenderId(text: string): boolean {
  return SENDER_ID_PATTERN.test(text) && /[A-Za-z]/.test(text);
}

/** An alphanumeric sender ID, as a provider admin registers it for an account. */
export const smsSenderId = z
  .string({ error: SMS_MESSAGES.senderId })
  .trim()
  .max(SMS_SENDER_ID_MAX, { error: SMS_MESSAGES.senderId, abort: true })
  .refine(isSenderId, { error: SMS_MESSAGES.senderId });

/** Who a text is from: a number by the telephone pattern, or an alphanumeric sender ID (which takes no replies). */
export const smsSender = z
  .string({ error: SMS_MESSAGES.to })
  .trim()
  .max(15, { error: SMS_MESSAGES.to, abort: true })
  .refine((text) => PATTERNS.telephone.pattern.test(text) || isSenderId(text), { error: SMS_MESSAGES.to });

/** Whether a text can be answered: not one received from an alphanumeric sender ID. */
export function canReply(sms: { direction: 'in' | 'out'; from: string }): boolean {
  return sms.direction === 'out' || !isSenderId(sms.from);
}

/** The text: required, at most 250 characters. */
export const smsMessageText = requiredText({ max: SMS_MAX_LENGTH });

/** Every stored field of a text, once (field-declarations.ts). */
export const smsFields = declareFields({
  status: field(z.number().int().min(0).max(2), {
    label: 'Status',
    sortable: true,
    filterable: true,
    options: SMS_STATUS_OPTIONS,
  }),
  // As the gateway reported it (up to the column's 16 characters): a sender the panel could not send
  // to (a 15-digit international number, a short code) is still shown.
  from: field(z.string().max(16), { label: 'From', column: 'from_number', sortable: true, searchable: true }),
  to: field(smsDestination, { label: 'To', column: 'to_number', sortable: true, searchable: true }),
  message: field(smsMessageText, { label: 'Message', searchable: true }),
  originator: field(requiredText({ max: 16 }), { label: 'Originator' }),
  destinations: field(z.array(smsDestination), { label: 'Destinations' }),
  fromMobile: flag(false, { label: 'From Mobile' }),
  direction: field(z.enum(SMS_DIRECTIONS), { label: 'Direction', filterable: true }),
  delivery: field(z.enum(SMS_DELIVERY), { label: 'Delivery', sortable: true, filterable: true }),
});

/** POST /sms (spec 3 §7): originator, destinations, message, fromMobile. */
export const smsSendInput = z.object({
  originator: requiredText({ max: 16 }),
  destinations: z
    .array(smsDestination, { error: SMS_MESSAGES.selectDestination })
    .min(1, { error: SMS_MESSAGES.selectDestination })
    .max(SMS_MAX_DESTINATIONS, { error: SMS_MESSAGES.tooManyDestinations })
    .transform((list) => [...new Set(list)]),
  message: smsMessageText,
  fromMobile: z.boolean().default(false),
});
export type SmsSendInput = z.input<typeof smsSendInput>;

/** The numbers of a typed list: separated by commas, semicolons, spaces or new lines. */
const typedNumbers = (text: string) => text.split(/[\s,;]+/).filter((d) => d !== '');

/**
 * The send form's shape (the panel's Send, Reply and Forward): the destinations typed as one text,
 * separated by commas, spaces or new lines, then the send's own rules.
 */
export const smsSendForm = smsSendInput.extend({
  destinations: z
    .string()
    .max(SMS_MAX_DESTINATIONS * 16, { error: SMS_MESSAGES.tooManyDestinations })
    // Each number by the telephone pattern, said of the field itself (the form shows one field).
    .refine((text) => typedNumbers(text).every((d) => PATTERNS.telephone.pattern.test(d)), { error: SMS_MESSAGES.to })
    .transform(typedNumbers)
    .pipe(smsSendInput.shape.destinations),
});
export type SmsSendFormValues = z.input<typeof smsSendForm>;

export const smsRecord = z.object({
  id: z.number().int(),
  /** §3's name of the id. */
  smsId: z.number().int(),
  ...smsFields.recordShape,
  /** ISO 8601: when it was sent or received. */
  date: z.string(),
  /** What the text cost (pence; 0 for a received one). */
  costPence: z.number().int(),
  /** The gateway's reason when it failed ('' otherwise). */
  failure: z.string(),
});
export type Sms = z.infer<typeof smsRecord>;

/** One of the account's originators (its numbers, then its mobiles). */
export const smsOriginator = z.object({
  originator: z.string(),
  label: z.string(),
  fromMobile: z.boolean(),
  /** An alphanumeric sender ID of the account (a text from it takes no replies). */
  senderId: z.boolean(),
});
export type SmsOriginator = z.infer<typeof smsOriginator>;

export const smsSendReply = saveReply.extend({ ids: z.array(z.number().int()), costPence: z.number().int() });

/** An account's alphanumeric sender IDs (provider admins register them, as the gateway's operator approves them). */
export const smsSenderIds = z.object({
  senderIds: z
    .array(smsSenderId)
    .max(SMS_SENDER_IDS_MAX, { error: SMS_MESSAGES.tooManySenderIds })
    .transform((list) => [...new Set(list)]),
});
export type SmsSenderIds = z.input<typeof smsSenderIds>;

/** The sandbox gateway's inbound text (a provider admin or a test): from, to one of an account's numbers, message. */
export const smsSandboxInbound = z.object({
  from: smsSender,
  to: smsDestination,
  message: smsMessageText,
});

const tag = 'sms';
const { get, post } = taggedRoutes(tag);

/** Spec 3 §7 "SMS": GET /sms/{id}; GET sms/originators (POST with accountNo); POST /sms; DELETE /sms; the list. */
export const smsRoutes = {
  /** Newest first by (date, id), keyset paged (a large append-only list, issue 26). */
  list: keysetListRoute('/sms', smsRecord, tag),
  /** A text, as it is (a read changes nothing: a read-only user may read it). */
  read: get('/sms/:id', { params: idParam, reply: smsRecord }),
  /** Opened by a user who may change texts: a received one unread becomes read (0 → 1), once. */
  markRead: post('/sms/:id/read', { params: idParam, reply: smsRecord }),
  send: post('/sms', { body: smsSendInput, reply: smsSendReply }),
  removeMany: route({ method: 'DELETE', path: '/sms', body: deleteBody, reply: deleteReply, tag }),
  originators: get('/sms/originators', { reply: recordsReply(smsOriginator) }),
  originatorsOf: post('/sms/originators', {
    body: z.object({ accountNo: z.number().int().positive() }),
    reply: recordsReply(smsOriginator),
  }),
  /** An account's alphanumeric sender IDs (provider admins, not acting as a customer). */
  senderIds: get('/sms/sender-ids/:accountNo', {
    params: z.object({ accountNo: recordId() }),
    reply: z.object({ senderIds: z.array(z.string()) }),
  }),
  saveSenderIds: route({
    method: 'PUT',
    path: '/sms/sender-ids/:accountNo',
    params: z.object({ accountNo: recordId() }),
    body: smsSenderIds,
    reply: saveReply,
    tag,
  }),
  /** The gateway's delivery-status and inbound webhooks (Twilio's form posts, signed). */
  webhook: post('/sms/webhook', { reply: z.object({ received: z.literal(true) }).passthrough() }),
  /** The sandbox gateway: a text arriving at one of an account's numbers (provider admins). */
  sandboxInbound: post('/sms/sandbox/inbound', { body: smsSandboxInbound, reply: saveReply }),
};
