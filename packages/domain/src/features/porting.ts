/**
 * Advice of transfer (spec 3 §2 /AOT, §3 "AOT", §4 "AOT", §5, §7 "Porting"): a number of an account
 * is being ported away to another provider; a provider admin raises the request, which mails the
 * account holder a link (/AOT?key=…&response=accept|reject) whose page needs no sign-in. The holder
 * answers once — accept or reject, with a reason, their name and company, and for a wholesale
 * account the reseller's declaration — while the request is open: no response yet, not rejected,
 * not cancelled, and its status is not 'AOT Not Required'. Otherwise the page says why.
 */
import { z } from 'zod';
import { route } from '../contract.ts';
import { recordId, requiredText } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { saveReply } from '../paging.ts';

/** How long a request's link answers after it was raised (days). */
export const AOT_KEY_VALID_DAYS = 14;
/** Wrong keys an address may try before it waits (then 1 s, doubling). */
export const AOT_FREE_GUESSES = 10;

/** A request's status (spec 3 §3 ofcomnumberexport_status): the AOT is asked for, or not needed. */
export const AOT_STATUSES = ['AOT Required', 'AOT Not Required'] as const;
export type AotStatus = (typeof AOT_STATUSES)[number];

/** The holder's answer (ofcomnumberexport_aot_response). */
export const AOT_RESPONSES = ['accept', 'reject'] as const;
export type AotResponse = (typeof AOT_RESPONSES)[number];

export const AOT_MESSAGES = {
  /** Spec 3 §5 ('This is a required field' is the panel's generic required text, spec 3 §5). */
  required: MESSAGES.required,
  // The texts below are ours: the spec names the rules and messages, not their words.
  reasonShort: 'The reason must be at least 10 characters',
  responseRequired: 'Please choose whether you accept or reject the transfer',
  resellerRequired: 'Please confirm the reseller declaration',
  /** A wrong key and an expired one: the same answer, so a key reveals nothing. */
  linkInvalid: 'This advice of transfer link is not valid or has expired.',
  throttled: 'Too many attempts, please wait and try again',
  notRequired: 'An advice of transfer is not required for this number. There is nothing for you to do.',
  rejected: (date: string) => `This transfer was rejected on ${date}.`,
  cancelled: (date: string) => `This transfer was cancelled on ${date}.`,
  responded: (date: string) => `Your response was received on ${date}. Thank you.`,
  accepted: 'Thank you, your acceptance of the transfer has been received.',
  rejectedByHolder: 'Thank you, your rejection of the transfer has been received.',
  raised: (number: string) => `An advice of transfer for ${number} has been sent to the account holder`,
  cancelledByAdmin: (number: string) => `The porting request for ${number} has been cancelled`,
  alreadyOpen: 'This number already has an open porting request',
  notOpen: 'This porting request is no longer open',
  noHolderEmail: 'The account holder has no e-mail address to send the advice of transfer to',
  /** The note on a retail account's next invoice once it accepted. */
  invoiceNote: (number: string, date: string) =>
    `Telephone number ${number} is being ported to another provider (advice of transfer accepted on ${date}). Its rental ends once the port completes.`,
} as const;

/** Which message the page shows instead of the form, or 'open' (spec 3 §4 "AOT"). */
export type AotPageState = 'open' | 'notRequired' | 'rejected' | 'cancelled' | 'responded';

export interface AotStateFields {
  status: AotStatus;
  aotResponse: AotResponse | null;
  dateRejected: string | null;
  dateCancelled: string | null;
}

/** Spec 3 §4: the holder may respond only with no response yet, not rejected, not cancelled and an AOT required. */
export function aotPageState(r: AotStateFields): AotPageState {
  if (r.status === 'AOT Not Required') return 'notRequired';
  if (r.dateCancelled !== null) return 'cancelled';
  if (r.dateRejected !== null) return 'rejected';
  if (r.aotResponse !== null) return 'responded';
  return 'open';
}

/** The record the page reads (spec 3 §3 AOT; dates 'YYYY-MM-DD'), with its page state. */
export const aotRecord = z.object({
  number: z.string(),
  datePorting: z.string(),
  status: z.enum(AOT_STATUSES),
  aotDateResponse: z.string().nullable(),
  dateRejected: z.string().nullable(),
  dateCancelled: z.string().nullable(),
  aotResponse: z.enum(AOT_RESPONSES).nullable(),
  accountNo: z.number().int(),
  wholesale: z.boolean(),
  state: z.enum(['open', 'notRequired', 'rejected', 'cancelled', 'responded']),
});
export type AotRecord = z.infer<typeof aotRecord>;

/** A key as mailed: 43 base64url characters (32 random bytes); anything else is simply not found. */
const aotKey = z.string({ error: AOT_MESSAGES.linkInvalid }).max(200, { error: AOT_MESSAGES.linkInvalid });

/** POST /numbering/porting/transfer: the page's read (`accept` is the link's preselected answer, echoed). */
export const aotTransferBody = z.object({ key: aotKey, accept: z.boolean().optional() });

/** The response form's fields (spec 3 §5); the reseller's declaration is required of wholesale accounts. */
export const aotResponseFields = {
  resellerExport: z.boolean().default(false),
  companyName: requiredText({ max: 100 }),
  response: z.enum(AOT_RESPONSES, { error: AOT_MESSAGES.responseRequired }),
  reason: requiredText({ max: 500 }).refine((v) => v.length >= 10, { error: AOT_MESSAGES.reasonShort }),
  name: requiredText({ max: 100 }),
};

/** The form's schema for a request of a wholesale account or not (the declaration's rule). */
export function aotResponseForm(wholesale: boolean) {
  return z.object(aotResponseFields).refine((v) => !wholesale || v.resellerExport, {
    error: AOT_MESSAGES.resellerRequired,
    path: ['resellerExport'],
  });
}

/** The response form's values as typed (before the schema's defaults), and as the schema gives them. */
export type AotResponseFormValues = z.input<ReturnType<typeof aotResponseForm>>;
export type AotResponseFormOutput = z.output<ReturnType<typeof aotResponseForm>>;

/** POST /numbering/porting/transfer/response: the form and the link's key (the wholesale rule is the server's). */
export const aotResponseBody = z.object({ ...aotResponseFields, key: aotKey });
export type AotResponseBody = z.infer<typeof aotResponseBody>;

/** A provider admin's porting-away request for a number of the account (ours: the spec shows only the page). */
export const portingRaiseBody = z.object({
  telephoneNumberId: recordId(),
  /** The date the number is to port ('YYYY-MM-DD'). */
  datePorting: z.iso.date({ error: 'Please enter a valid date' }),
  status: z.enum(AOT_STATUSES).default('AOT Required'),
});

/** A number's porting requests as a provider admin sees them on the number (newest first). */
export const portingRequestRecord = aotRecord
  .omit({ accountNo: true, wholesale: true })
  .extend({ id: z.number().int(), version: z.number().int(), expiresAt: z.string(), reason: z.string().nullable() });
export type PortingRequestRecord = z.infer<typeof portingRequestRecord>;

const tag = 'porting';
const idParam = z.object({ id: recordId() });

export const portingRoutes = {
  /** The /AOT page's read: the request its key names (public, throttled; wrong and expired keys alike). */
  transfer: route({
    method: 'POST',
    path: '/numbering/porting/transfer',
    body: aotTransferBody,
    reply: aotRecord,
    tag,
    throttled: true,
  }),
  /** The holder's answer (public, throttled; once, while the request is open). */
  respond: route({
    method: 'POST',
    path: '/numbering/porting/transfer/response',
    body: aotResponseBody,
    reply: saveReply,
    tag,
    throttled: true,
  }),
  /** A provider admin raises a porting-away request (mails the holder the link). */
  raise: route({ method: 'POST', path: '/numbering/porting', body: portingRaiseBody, reply: saveReply, tag }),
  /** A number's porting requests (provider admins). */
  ofNumber: route({
    method: 'GET',
    path: '/numbering/allocated/:id/porting',
    params: idParam,
    reply: z.object({ records: z.array(portingRequestRecord) }),
    tag,
  }),
  /** A provider admin cancels an open request (with its version). */
  cancel: route({
    method: 'POST',
    path: '/numbering/porting/:id/cancel',
    params: idParam,
    body: z.object({ version: z.number().int() }),
    reply: saveReply,
    tag,
  }),
};
