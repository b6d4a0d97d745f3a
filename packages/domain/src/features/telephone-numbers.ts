/**
 * Allocated telephone numbers (spec 2 §3 "Allocated telephone number", "Emergency data", §5
 * "Telephone number", "Emergency data maximums", §7 "Telephone numbers", §8; spec 3 §2 /ems-errors,
 * §3 "Emergency address", §8): routing, caller ID, screening, recording, fax and the emergency
 * (EMS) address with the registry's answer.
 */
import { z } from 'zod';
import { CALL_RECORDING_OPTIONS, callRecordingField } from '../call-options.ts';
import { listByBodyRoute, resourceRoutes, versionedRecordFields } from '../contract.ts';
import { declareFields, field, flag } from '../field-declarations.ts';
import { idParam, inputValuesOf, optionalEmail, optionalText, recordId, requiredText } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { listBody, listParams, listReplySchema, saveReply } from '../paging.ts';
import { PATTERNS } from '../patterns.ts';
import { normalisePostcode } from '../postcode.ts';
import { recordsReply, taggedRoutes } from '../tagged-routes.ts';
import { destinationField } from './destinations.ts';

export const TELEPHONE_NUMBER_MESSAGES = {
  retrieveFailed: 'Failed to retrieve Telephone Number Information.',
  emsRetrieveFailed: 'Failed to retrieve EMS Information.',
  /** Once the registry has confirmed an update (it is not done when it is sent). */
  emsUpdated: 'Emergency services address was successfully updated',
  /** Ours: an update sent, not yet confirmed by the registry (the save's reply). */
  emsSubmitted:
    'The emergency services address has been sent to the registry. It is pending until the registry confirms it',
  emsUpdateFailed:
    'There was an error when updating the emergency services address. If the problem persists, please contact support.',
  /** Ours: the spec says edits are disabled while an update is pending, not with which words. */
  emsPending:
    'An update of this emergency address is waiting for the emergency services registry; it can be changed again once the registry has answered',
  /** Ours: a number whose emergency data the provider does not need (e.g. non-geographic). */
  emsNotNeeded: 'Emergency services data is not needed for this number',
  /** Ours: the provider's switches (emsNeeded, cancellationAvailable). */
  adminOnly: 'Only a provider administrator can change this setting',
  /** Ours: fax to email needs an address to send to. */
  faxAddressRequired: 'Please enter the email address faxes are sent to',
} as const;

/** Distinctive ring: 10 options, vh-ring-1 to vh-ring-10 (spec 2 §9); '' for the normal ring. */
export const DISTINCTIVE_RING_OPTIONS = [
  { value: '', label: 'Normal ring' },
  ...Array.from({ length: 10 }, (_, i) => ({ value: `vh-ring-${i + 1}`, label: `Distinctive ring ${i + 1}` })),
];

/** The access-list screening mode (spec 2 §3: 1 reject, 0 accept). */
export const ACL_MODE_OPTIONS = [
  { value: 0, label: 'Accept only callers on the list' },
  { value: 1, label: 'Reject callers on the list' },
] as const;

const select = MESSAGES.selectOption;

/** The number's settings a customer edits (PUT /numbering/allocated/{id}), each declared once (field-declarations.ts). */
export const telephoneNumberFields = declareFields({
  nickname: field(optionalText({ max: 15 }), { label: 'Nickname', sortable: true, searchable: true }),
  destination: field(destinationField, {
    label: 'Destination',
    sortable: true,
    filterable: true,
    uses: { kind: 'destination' },
  }),
  /** Stored as the ring's number (null: normal): the server's field map maps it. */
  distinctiveRing: field(
    z
      .string()
      .refine((v) => DISTINCTIVE_RING_OPTIONS.some((o) => o.value === v), { error: select })
      .default(''),
    { label: 'Distinctive Ring', filterable: true, options: DISTINCTIVE_RING_OPTIONS },
  ),
  cidPrefix: field(optionalText({ max: 15 }), { label: 'Caller ID Prefix', searchable: true }),
  cidCalledNumber: flag(false, { label: 'Show the called number instead of the caller' }),
  cidOnDivert: flag(false, { label: 'Keep the prefix when the call is diverted' }),
  telephoneNumberAclId: field(recordId(select).nullable().default(null), {
    label: 'Access List',
    column: 'acl_id',
    references: 'access_lists',
    filterable: true,
  }),
  /** Stored as a boolean (reject): the server's field map maps it. */
  telephoneNumberAclReject: field(
    z.coerce.number().int().min(0, { error: select }).max(1, { error: select }).default(0),
    { label: 'Screening', column: 'acl_reject', options: ACL_MODE_OPTIONS },
  ),
  anonCallReject: flag(false, { label: 'Reject anonymous calls', filterable: true }),
  anonCallRejectAdvanced: flag(false, { label: 'Also reject calls whose number is unavailable (e.g. from abroad)' }),
  callRecord: field(callRecordingField, {
    label: 'Call Recording',
    sortable: true,
    filterable: true,
    options: CALL_RECORDING_OPTIONS,
  }),
  callRecordWarn: flag(false, { label: 'Play a recording warning to callers' }),
  faxContact: flag(false, { label: 'Fax to email', filterable: true }),
  faxAddress: field(optionalEmail(100), { label: 'Fax Email Address', searchable: true, inputType: 'email' }),
  faxPassword: field(optionalText({ max: 15 }), { label: 'PDF Password', helper: 'Optional, up to 15 characters' }),
  /** Provider admins only. */
  emsNeeded: flag(true, { label: 'Emergency services data needed', filterable: true }),
  /** Provider admins only. */
  cancellationAvailable: flag(true, { label: 'Cancellation available' }),
});
const telephoneNumberObject = z.object(telephoneNumberFields.shape);
export const telephoneNumberInput = telephoneNumberObject.superRefine((v, ctx) => {
  if (v.faxContact && v.faxAddress === '') {
    ctx.addIssue({ code: 'custom', path: ['faxAddress'], message: TELEPHONE_NUMBER_MESSAGES.faxAddressRequired });
  }
});
export type TelephoneNumberInput = z.input<typeof telephoneNumberInput>;
export type TelephoneNumberValues = z.output<typeof telephoneNumberInput>;

/** The list's bulk edit: route several numbers at once, and their call recording. */
export const telephoneNumberBulkEdit = telephoneNumberObject.pick({ destination: true, callRecord: true });

/** The emergency state of a number, as lists show it. */
export const EMS_STATUSES = ['Confirmed', 'Pending', 'Error', 'Not set', 'Not needed'] as const;
export type EmsStatus = (typeof EMS_STATUSES)[number];

export const telephoneNumberRecord = z.object({
  ...versionedRecordFields,
  telephoneNumber: z.string(),
  ...telephoneNumberFields.recordShape,
  /** The destination's label ('204 - Sales desk'), '' when none or no longer there. */
  displayDestination: z.string(),
  /** The destination's type ('seat', 'timeprofile'...; see DESTINATION_TYPE_LABELS), '' for none. */
  destinationType: z.string(),
  telephoneNumberAclName: z.string().nullable(),
  emsStatus: z.enum(EMS_STATUSES),
  accountNo: z.number().int(),
});
export type TelephoneNumber = z.infer<typeof telephoneNumberRecord>;

/** A number's name in feedback: its nickname, or the number itself. */
export const telephoneNumberLabel = (n: { telephoneNumber: string; nickname: string }) =>
  n.nickname || n.telephoneNumber;

/** The record's update body (what the detail page starts from). */
export const telephoneNumberValues = (n: TelephoneNumber): TelephoneNumberValues =>
  inputValuesOf(telephoneNumberInput, n);

// ---------------------------------------------------------------------------------------------
// Emergency (EMS) data
// ---------------------------------------------------------------------------------------------

/**
 * The emergency address (spec 2 §5 "Emergency data maximums"); name, premises and postcode needed.
 * Stored on the number, each field in its column after 'ems_' (ems_premises).
 */
export const emsFields = declareFields({
  title: field(optionalText({ max: 20 }), { label: 'Title' }),
  forename: field(optionalText({ max: 20 }), { label: 'First Name' }),
  name: field(requiredText({ max: 50 }), { label: 'Last Name / Company' }),
  businessSuffix: field(optionalText({ max: 50 }), { label: 'Suffix' }),
  premises: field(requiredText({ max: 60 }), { label: 'Premises' }),
  thoroughfare: field(optionalText({ max: 55 }), { label: 'Thoroughfare' }),
  locality: field(optionalText({ max: 30 }), { label: 'Locality' }),
  postcode: field(requiredText({ pattern: PATTERNS.ukPostcode }).transform(normalisePostcode), {
    label: 'Postcode',
    record: z.string(),
  }),
});
export const emsInput = z.object(emsFields.shape);
export type EmsInput = z.input<typeof emsInput>;

export const emsRecord = z.object({
  id: z.number().int(),
  /** The number's version (the address is the number's): a save is based on it (If-Match). */
  version: z.number().int(),
  telephoneNumber: z.string(),
  ...emsFields.recordShape,
  emsNeeded: z.boolean(),
  updatePending: z.boolean(),
  errorCode: z.number().int().nullable(),
  errorMessage: z.string(),
  /** The text the panel shows for the registry's answer (see EMS_PLAIN_CODES), '' when none. */
  errorText: z.string(),
});
export type EmsRecord = z.infer<typeof emsRecord>;

/**
 * The registry's codes shown as their own message (the record's errorText); every other code reads
 * 'ERROR: {message}' (spec 2 §8). Code 0 is the registry's acceptance.
 */
export const EMS_PLAIN_CODES: readonly number[] = [33, 37, 38, 39, 40, 56, 61, 73, 0];

/** Whether a registry answer is a failure (listed on /ems-errors). */
export const emsFailed = (code: number | null) => code !== null && code !== 0;

/** A row of /ems-errors (spec 3 §2: telephone number, error). */
export const emsErrorRecord = emsRecord
  .pick({ id: true, telephoneNumber: true, errorMessage: true })
  .extend({ nickname: z.string(), errorCode: z.number().int(), error: z.string() });
export type EmsErrorRow = z.infer<typeof emsErrorRecord>;

/** The account's emergency addresses (POST /emsaddress), for the seat-location dialog. */
export const emsAddressRecord = emsRecord
  .pick({ premises: true, thoroughfare: true, locality: true, postcode: true })
  .extend({ telephoneNo: z.string() });
export type EmsAddress = z.infer<typeof emsAddressRecord>;

/** Teams information of a number (GET /numbering/allocated/msteams/{id}). */
export const numberTeamsRecord = telephoneNumberRecord.pick({ id: true, telephoneNumber: true }).extend({
  teamsAccountExists: z.boolean(),
  /** Seats presenting this number as their outbound caller ID ('201 - Reception'). */
  presentingSeats: z.array(z.string()),
  /** Seats presenting this number on Teams: Teams enabled, and it is their Teams number (or caller ID). */
  seats: z.array(z.string()),
});

// ---------------------------------------------------------------------------------------------
// The calls (spec 2 §7 "Telephone numbers", spec 3 §7 "Emergency address")
// ---------------------------------------------------------------------------------------------

const tag = 'telephone-numbers';
const PATH = '/numbering/allocated';
/** The dashboard sends its account; it must be the session's. */
const withAccount = listBody.unwrap().extend({ accountNo: recordId().optional() });

const { get, put, post } = taggedRoutes(tag);

/** The generic resource calls, the JSON create among them (numbers come from the store: never registered). */
export const telephoneNumberResourceRoutes = resourceRoutes(PATH, {
  tag,
  record: telephoneNumberRecord,
  input: telephoneNumberInput,
});
const { create: _create, ...generic } = telephoneNumberResourceRoutes;

/** A number the account may present as caller ID, and its name (its nickname, else the number). */
const callerIdRecord = z.object({ name: z.string(), number: z.string() });

export const telephoneNumberRoutes = {
  ...generic,
  /** Spec 2 §7 "POST /numbering/allocated (list)": the list, its paging in the body (all by default). */
  listByBody: listByBodyRoute(PATH, telephoneNumberRecord, tag),
  ems: get(`${PATH}/:id/ems`, { params: idParam, reply: emsRecord }),
  /** An update goes to the registry: the address is pending (edits refused) until it answers. */
  saveEms: put(`${PATH}/:id/ems`, { params: idParam, body: emsInput, reply: saveReply }),
  /** The numbers whose emergency data the registry rejected (/ems-errors; the dashboard's count). */
  emsErrors: post(`${PATH}/ems/errors/:offset/:limit`, {
    params: listParams,
    body: withAccount.nullish(),
    reply: listReplySchema(emsErrorRecord),
  }),
  /** Spec 3 §7 "POST /numbering/allocated/ems/errors": the same, its paging in the body (all by default). */
  emsErrorsByBody: listByBodyRoute(`${PATH}/ems/errors`, emsErrorRecord, tag),
  /** The account's emergency addresses (the seat-location dialog picks one by its number). */
  emsAddresses: post('/emsaddress', { reply: listReplySchema(emsAddressRecord) }),
  /** The account's numbers a seat or trunk may present (spec 2 §7: records of name and number). */
  callerIds: post(`${PATH}/callerids`, { reply: recordsReply(callerIdRecord) }),
  /**
   * A page of them whose number or name holds `search` (the seat page's caller-ID pickers: issue 25,
   * no whole-account lists), in number order; `lastPage` when none follows.
   */
  callerIdsPage: post(`${PATH}/callerids/:offset/:limit`, {
    params: listParams,
    body: z.object({ search: z.string().max(100).optional() }).default({}),
    reply: z.object({ records: z.array(callerIdRecord), lastPage: z.boolean() }),
  }),
  /** Teams information of a number. */
  teams: get(`${PATH}/msteams/:id`, { params: idParam, reply: numberTeamsRecord }),
};
