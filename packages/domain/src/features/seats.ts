/**
 * Seats (spec 2: /seats, permission seats): extensions, caller ID, voicemail, diverts, call
 * options (restrictions, call times, recording, TPS / CTPS from call-options.ts), Teams,
 * advanced settings, softphones, provisioning devices and the seat's emergency location.
 */
import { z } from 'zod';
import {
  CALL_RECORDING_OPTIONS,
  callOptionsRecordShape,
  callRecordingField,
  callRestrictionsShape,
  callTimesShape,
  DEFAULT_IP_LOCATION,
  deviceStatusShape,
  IP_LOCATIONS,
  ipLocationField,
  seatChannelLimitField,
  sipCredentialRoutes,
  TPS_MODES,
  TRANSPORTS,
  tpsShape,
  transportField,
  VIDEO_CODECS,
  videoCodecField,
} from '../call-options.ts';
import { resourceRoutes, versionedRecordFields } from '../contract.ts';
import { choice, declareFields, field, flag } from '../field-declarations.ts';
import { filledNumber, idParam, inputValuesOf, optionalEmail, optionalText, recordId } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { nextNumberReply, numberMessages, numberRange, rangeReply } from '../numbering.ts';
import { outcomeReply, saveReply } from '../paging.ts';
import { PATTERNS } from '../patterns.ts';
import { can, isProviderAdmin, type PermissionHolder, type Resource } from '../permissions.ts';
import { recordsReply, taggedRoutes } from '../tagged-routes.ts';
import { destinationField } from './destinations.ts';
import { emsRecord } from './telephone-numbers.ts';
import { newUserBody } from './users.ts';

export const SEAT_BULK_MAX = 100;

export const SEAT_MESSAGES = {
  ...numberMessages('seats', 'Seat extension', SEAT_BULK_MAX),
  notAccountNumber: 'Please select one of your telephone numbers',
  passwordReset: 'Reset Successfully',
  somethingWrong: 'Something went wrong, please try again.',
  unlocked: 'Unlocked Successfully',
  unlockFailed: 'An error occured',
  ldapReset: 'Reset Successfully',
  noLocations: 'Please add a telephone number to continue',
  /** Ours (the spec gives no success text for Re-Initialise). */
  reinitialised: 'The device will be re-initialised at its next check-in',
  /** Ours: creating a seat as a softphone user without the right (spec 2 §2). */
  softphoneUserForbidden: 'You do not have permission to create softphone users',
  /** Ours: a softphone user needs a single seat. */
  softphoneUserSingle: 'A softphone user can only be created with a single seat',
  /** Ours: a new seat registers from the UK only. */
  createGbOnly: 'A new seat can only register from the United Kingdom',
  /** Ours: what a SIP password reset does, asked before it (a destructive action confirms). */
  confirmPasswordReset:
    'A new SIP password will be made for this seat. The desk phone and softphones registered now will stop working until they are reprovisioned with it.',
  /** Ours: what Re-Initialise does (spec 2 §2: it resets the device security details), asked before it. */
  confirmReinit:
    'The security details of this device will be reset. The desk phone stops working until it is reprovisioned: it must fetch its configuration again while unlocked.',
  /** Ours: what a new LDAP password does, asked before it. */
  confirmLdapPassword:
    'A new phone directory password will be made for this device. The desk phone’s directory stops working until it is reprovisioned with it.',
  /** Ours: what deleting seats does, asked before it. */
  confirmDelete:
    'Their desk phones and softphones will stop working, and calls can no longer reach them. This cannot be undone.',
} as const;

/** Nickname: 11 at creation, 15 on the detail (spec 2 §5 gives both). */
export const SEAT_NICKNAME_MAX = { create: 11, detail: 15 } as const;

/** Extension ranges by the account's digit setting (spec 2 §5). */
export const SEAT_EXTENSION_RANGES: Record<number, { min: number; max: number }> = {
  3: { min: 200, max: 998 },
  4: { min: 2000, max: 9989 },
  5: { min: 20000, max: 99899 },
};

export function seatExtensionRange(digits: number): { min: number; max: number } {
  return SEAT_EXTENSION_RANGES[digits] ?? { min: 200, max: 998 };
}

/** The bulk add: from, optional to (above from), at most 100 seats, within the account's range. */
export function seatRange(digits: number) {
  return numberRange(seatExtensionRange(digits), SEAT_BULK_MAX, SEAT_MESSAGES, {
    nickname: optionalText({ max: SEAT_NICKNAME_MAX.create }),
  });
}

export const VOICEMAIL_MODES = [
  { value: 0, label: 'Disabled' },
  { value: 1, label: 'Basic' },
  { value: 2, label: 'Advanced' },
] as const;
// TRANSPORTS and VIDEO_CODECS live in call-options.ts (shared with SIP trunks).
/** Ring time 5-60 s in steps of 5. */
export const RING_TIME_OPTIONS = Array.from({ length: 12 }, (_, i) => ({
  value: 5 + i * 5,
  label: `${5 + i * 5} seconds`,
}));

const divert = optionalText({ pattern: PATTERNS.telephone });
const select = MESSAGES.selectOption;
/** The seat fields only a provider admin may change (spec 2 §6). */
export const SEAT_ADMIN_FIELDS = ['channelLimit', 'internal'] as const;
/** A number of the account ('' = the account default); membership is checked by the server. */
const accountNumber = optionalText({ max: 16 });

/**
 * Every field of a seat stored in a column of its own, once (field-declarations.ts); the call
 * restrictions and call times (call-options.ts, shared with SIP trunks) are stored apart.
 */
export const seatFields = declareFields({
  nickname: field(optionalText({ max: SEAT_NICKNAME_MAX.detail }), {
    label: 'Nickname',
    sortable: true,
    searchable: true,
  }),
  callerIdName: field(optionalText({ max: 80 }), { label: 'Caller ID Name', sortable: true, searchable: true }),
  /** One of the account's telephone numbers, or '' for the account default. */
  callerIdNumber: field(accountNumber, {
    label: 'Caller ID Number',
    sortable: true,
    searchable: true,
    uses: { kind: 'number' },
  }),
  withholdNumber: flag(false, { label: 'Withhold Number' }),
  /** The emergency location: one of the account's numbers ('' = the caller ID number). */
  emergencyServiceCid: field(accountNumber, { label: 'Emergency Location', uses: { kind: 'number' } }),
  ringTime: choice(RING_TIME_OPTIONS, 20, { label: 'Ring Time' }),
  /** The music's id (the account's or the provider's, /musiconhold/options); null: the provider's default. */
  musicOnHold: field(recordId(select).nullable().default(null), {
    label: 'Music On Hold',
    column: 'music_on_hold_id',
    references: 'music_on_hold',
  }),
  // Voicemail (mode on the seat, mailbox settings also on /voicemail/{name}/settings).
  vmMode: choice(VOICEMAIL_MODES, 1, { label: 'Voicemail', filterable: true }),
  vmFullname: field(optionalText({ max: 150 }), { label: 'Mailbox Name' }),
  vmEmail: field(optionalEmail(50), { label: 'Voicemail to Email', searchable: true, inputType: 'email' }),
  /** The mailbox PIN for remote access: never sent back; '' keeps the current one. */
  vmPin: field(optionalText({ pattern: PATTERNS.voicemailPin }), {
    label: 'Remote Access PIN',
    inputType: 'password',
    writeOnly: { keepWhenEmpty: true },
  }),
  vmDelete: flag(false, { label: 'Delete Voicemail After Emailing' }),
  vmAdvancedPromptId: field(recordId(MESSAGES.recordNotFound).nullable().default(null), {
    label: 'Prompt',
    references: 'prompts',
  }),
  vmAdvancedDest: field(destinationField, { label: 'Destination', uses: { kind: 'destination' } }),
  cfwdAll: field(divert, { label: 'Divert All Calls', inputType: 'tel' }),
  cfwdBusy: field(divert, { label: 'Divert When Busy', inputType: 'tel' }),
  cfwdNoAnswer: field(divert, { label: 'Divert On No Answer', inputType: 'tel' }),
  cfwdUnavail: field(divert, { label: 'Divert When Unavailable', inputType: 'tel' }),
  callRecording: field(callRecordingField, {
    label: 'Call Recording',
    sortable: true,
    filterable: true,
    options: CALL_RECORDING_OPTIONS,
  }),
  tps: field(tpsShape.tps, { label: 'TPS', options: TPS_MODES }),
  ctps: field(tpsShape.ctps, { label: 'CTPS', options: TPS_MODES }),
  /** 1-10, provider admins only. */
  channelLimit: field(seatChannelLimitField, { label: 'Channels', inputType: 'number' }),
  enableTeams: flag(false, { label: 'Enable Microsoft Teams' }),
  /** The Teams number: one of the account's numbers. */
  teamsCLI: field(accountNumber, { label: 'Teams Number', column: 'teams_cli', uses: { kind: 'number' } }),
  transport: field(transportField, { label: 'Transport', options: TRANSPORTS }),
  enableVideo: flag(false, { label: 'Enable Video' }),
  videoCodec: field(videoCodecField, { label: 'Video Codec', options: VIDEO_CODECS }),
  hdCodec: flag(true, { label: 'HD Audio Codec' }),
  keepOnNetwork: flag(false, { label: 'Keep Calls On Network' }),
  /** Provider admins only (reduced rental, internal calls only). */
  internal: flag(false, { label: 'Internal Seat' }),
  /** The access list outbound calls are limited to (one of the account's; null: no limit). */
  aclId: field(recordId(select).nullable().default(null), {
    label: 'Outbound Access List',
    references: 'access_lists',
    helper: 'When set, outbound calls are limited to the numbers on this list',
  }),
  /** The country the seat's phones may register from ('' = any). */
  ipAcl: field(ipLocationField, { label: 'Phones May Register From', options: IP_LOCATIONS }),
});

const seatShape = { ...seatFields.shape, ...callRestrictionsShape, ...callTimesShape };
export const seatInput = z.object(seatShape);
export type SeatInput = z.input<typeof seatInput>;
export type SeatValues = z.output<typeof seatInput>;

/** The seats list's bulk edit: what several seats commonly share (each field optional in the modal). */
export const seatBulkEdit = seatInput.pick({
  callRecording: true,
  ringTime: true,
  vmMode: true,
  withholdNumber: true,
  keepOnNetwork: true,
  transport: true,
});
export type SeatBulkEdit = z.input<typeof seatBulkEdit>;

/** The control-panel user created with a softphone seat (spec 2 §5 "New user", §7 POST /users). */
export const softphoneUserInput = newUserBody.pick({ name: true, surname: true, username: true, email: true });

/** POST /seat: one seat (a single-step confirmation), optionally as a softphone user. */
export const seatCreateInput = seatInput.extend({
  extension: filledNumber(
    z.coerce.number({ error: SEAT_MESSAGES.invalidNumber }).int({ error: SEAT_MESSAGES.invalidNumber }),
  ),
  nickname: optionalText({ max: SEAT_NICKNAME_MAX.create }),
  softphoneUser: softphoneUserInput.optional(),
  /** A new seat registers from the UK only (spec 2 §5); it can be widened on the detail. */
  ipAcl: z.literal(DEFAULT_IP_LOCATION, { error: SEAT_MESSAGES.createGbOnly }).default(DEFAULT_IP_LOCATION),
});
export type SeatCreateValues = z.output<typeof seatCreateInput>;

export const SEAT_STATUSES = ['Registered', 'Unregistered'] as const;

const seatStatus = z.enum(SEAT_STATUSES);

export const seatRecord = z.object({
  ...versionedRecordFields,
  extension: z.number().int(),
  name: z.string(),
  ...seatFields.recordShape,
  ...callOptionsRecordShape,
  /** Whether a mailbox PIN is set (the PIN itself is not sent). */
  vmPinSet: z.boolean(),
  /** The control-panel user of a softphone seat. */
  userId: z.number().int().nullable(),
  /** Registered / Unregistered (the desk registration, from the registrations table). */
  status: seatStatus,
  desktopStatus: seatStatus,
  mobileStatus: seatStatus,
  userAgent: z.string(),
  ipaddr: z.string(),
  port: z.number().int().nullable(),
  ...deviceStatusShape,
  /** Whether a device is provisioned for the seat. */
  provisioned: z.boolean(),
  accountNo: z.number().int(),
});
export type Seat = z.infer<typeof seatRecord>;

/** The seat's values as the detail form edits them (no PIN: the current one is kept unless one is typed). */
export const seatValues = (s: Seat): SeatInput => ({ ...inputValuesOf(seatInput.omit({ vmPin: true }), s), vmPin: '' });

/** The seat's display label ('201 - Reception'). */
export const seatLabel = (s: { extension: number; nickname: string }) =>
  s.nickname ? `${s.extension} - ${s.nickname}` : String(s.extension);

// Softphone (GET / POST /seat/{id}/softphone; needs the softphone permission)

/** The softphone settings stored on the seat, once (field-declarations.ts). */
export const seatSoftphoneFields = declareFields({
  enableDesktopCallWaiting: flag(true, { label: 'Call Waiting' }),
  enableMobileCallWaiting: flag(true, { label: 'Call Waiting' }),
  /**
   * The outbound caller-ID lists (/outbound-clis) whose numbers the softphone user may present, by
   * id: kept in a table of their own (a list a seat uses cannot be deleted), not a seats column.
   */
  outboundCLILists: field(z.array(recordId(MESSAGES.recordNotFound)).max(20), {
    label: 'Outbound CLI Lists',
    column: 'outbound_cli_lists',
    helper: 'The outbound CLI lists whose numbers the softphone user may present on outbound calls',
  }),
});
export const seatSoftphoneInput = z.object(seatSoftphoneFields.shape);
export type SeatSoftphoneInput = z.input<typeof seatSoftphoneInput>;
export type SeatSoftphoneValues = z.output<typeof seatSoftphoneInput>;
export const seatSoftphoneRecord = z.object({
  ...seatSoftphoneFields.recordShape,
  /** The seat's version (the settings are the seat's): a save is based on it (If-Match). */
  version: z.number().int(),
  /** Encoded in the mobile app's QR code. */
  uniqueString: z.string(),
  /** Twinned: the seat has a softphone user. */
  enabled: z.boolean(),
  username: z.string().nullable(),
  desktopStatus: seatStatus,
  mobileStatus: seatStatus,
});
export type SeatSoftphone = z.infer<typeof seatSoftphoneRecord>;

// Provisioning (GET /seat/{id}/devices): auto-locked after the first check-in or 15 minutes unlocked

export const PROVISIONING_LOCK_MINUTES = 15;
export const seatDeviceRecord = z.object({
  id: z.number().int(),
  make: z.string(),
  model: z.string(),
  macAddress: z.string(),
  /** ISO time of the last check-in, null before the first. */
  lastCheckin: z.string().nullable(),
  locked: z.boolean(),
  /** While unlocked: when it locks again (ISO). */
  locksAt: z.string().nullable(),
  initialised: z.boolean(),
  /** The phone's directory (LDAP) password, regenerated on request. */
  ldapPassword: z.string(),
});
export type SeatDevice = z.infer<typeof seatDeviceRecord>;
export const seatActionReply = outcomeReply({});

// Emergency location (GET /seat/locations, GET /seat/{id}/ems)

/** A number with an emergency address (its name: the address's, or else the number's nickname). */
const address = { premises: true, thoroughfare: true, locality: true, postcode: true } as const;
export const seatLocationRecord = emsRecord
  .pick({ id: true, name: true, ...address, updatePending: true })
  .extend({ number: z.string() });
export type SeatLocation = z.infer<typeof seatLocationRecord>;
/** Simulated delay of the seat-location dialog (spec 2 §4). */
export const SEAT_LOCATION_DELAY_MS = 1000;

/**
 * The permission resources whose create right lets a seat be created as a softphone user (spec 2 §2:
 * "create permission for customers, wholesale or admin"):
 * - customers: the account's own control-panel users (cpUsers, feature 2010 — what POST /users
 *   needs, and what an account holder has) and the provider's customers (VHCustomers);
 * - wholesale: the reseller's customers and administration (wholesaleCustomers, wholesaleAdmin);
 * - admin: admin and VHAdmin.
 * The wholesale account-type flag (9004) is deliberately not one of them: it marks the account, not
 * the user, so it would let every user of a reseller (read-only ones too) create users.
 */
export const SOFTPHONE_USER_RESOURCES = [
  'cpUsers',
  'VHCustomers',
  'wholesaleCustomers',
  'wholesaleAdmin',
  'admin',
  'VHAdmin',
] as const satisfies ReadonlyArray<Resource>;

/** Whether the holder may create a seat as a softphone user (provider admins always may). */
export function maySoftphoneUser(holder: PermissionHolder): boolean {
  return isProviderAdmin(holder) || SOFTPHONE_USER_RESOURCES.some((r) => can(holder, r, 'create'));
}

// The spec's seat body (spec 2 §7 "POST /seat to create or edit, with callerId (name plus the
// number in angle brackets), nickname, musicOnHold, emergencyServiceCid, options (including
// weekdayTimes and weekendTimes), email, vmEnable, vmAdvanced, keepOnNetwork, vmAdvancedPromptId,
// vmAdvancedDest, twinSeat"), mapped onto the flat fields the seat schemas validate.

/** The spec's caller ID: 'Name <number>' (either part may be empty). */
export function parseCallerId(callerId: string): { callerIdName: string; callerIdNumber: string } {
  const text = callerId.trim();
  // 'Name <number>': the number between the last '<' and the closing '>' (no pattern: a long
  // run of spaces must not make a regular expression backtrack).
  const open = text.lastIndexOf('<');
  const inside = open >= 0 && text.endsWith('>') ? text.slice(open + 1, -1) : null;
  if (inside !== null && !inside.includes('>')) {
    return { callerIdName: text.slice(0, open).trim(), callerIdNumber: inside.trim() };
  }
  // No brackets: a bare number is the number, anything else the name.
  return /^\+?\d+$/.test(text)
    ? { callerIdName: '', callerIdNumber: text }
    : { callerIdName: text, callerIdNumber: '' };
}

/** A call-times value as the spec may send it: 'off', 'on' or 'HH:mm-HH:mm'; objects pass through. */
function specCallTimes(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().toLowerCase();
  if (text === 'off' || text === 'on') return { mode: text };
  const range = /^(\d{2}:\d{2})\s*-\s*(\d{2}:\d{2})$/.exec(text);
  return range ? { mode: 'range', from: range[1], to: range[2] } : value;
}

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The spec's option names that differ from ours. */
const SPEC_OPTION_NAMES: Record<string, string> = { acl: 'aclId' };
const SPEC_ONLY_FIELDS = ['callerId', 'options', 'email', 'vmEnable', 'vmAdvanced', 'twinSeat'] as const;

/**
 * Maps a seat create / save body in the spec's shape onto our flat fields, before validation (the
 * same schema then validates either shape):
 * - callerId 'Name <number>' → callerIdName, callerIdNumber;
 * - options { callRecording, allow..., acl, channelLimit, internationalPIN, ipAcl, tps, ctps,
 *   teamsCLI, weekdayTimes, weekendTimes } → the flat option fields (acl → aclId; call times also
 *   as 'off', 'on' or 'HH:mm-HH:mm');
 * - email → vmEmail (the seat's email is its voicemail email);
 * - vmEnable / vmAdvanced → vmMode (disabled 0, basic 1, advanced 2);
 * - twinSeat is accepted and ignored: our twin (the seat's softphone user) is `softphoneUser`, the
 *   control-panel user created with the seat, which needs a name, surname, username and email that
 *   a bare flag cannot give.
 * A field given under our own name wins over its spec form. Anything not an object is returned as
 * is (the schema refuses it); a body already in our shape comes back unchanged.
 */
export function fromSpecSeatBody(body: unknown): unknown {
  if (!isRecord(body) || !SPEC_ONLY_FIELDS.some((f) => f in body)) return body;
  const { callerId, options, email, vmEnable, vmAdvanced, twinSeat: _twinSeat, ...rest } = body;
  const out: Record<string, unknown> = {};
  if (typeof callerId === 'string') Object.assign(out, parseCallerId(callerId));
  if (isRecord(options)) {
    for (const [key, value] of Object.entries(options)) {
      const field = SPEC_OPTION_NAMES[key] ?? key;
      if (!(field in seatShape)) continue;
      out[field] = field === 'weekdayTimes' || field === 'weekendTimes' ? specCallTimes(value) : value;
    }
  }
  if (email !== undefined) out.vmEmail = email;
  if (vmEnable !== undefined) out.vmMode = !truthy(vmEnable) ? 0 : truthy(vmAdvanced) ? 2 : 1;
  else if (truthy(vmAdvanced)) out.vmMode = 2;
  return { ...out, ...rest };
}

// The calls (spec 2 §7 "Seats")

const tag = 'seats';
const { get, post } = taggedRoutes(tag);
/** A device of the seat named in the body (the spec's re-initialise and LDAP calls). */
const deviceCall = { params: idParam, body: z.object({ deviceId: recordId() }), reply: seatActionReply };

export const seatRoutes = {
  ...resourceRoutes('/seat', { tag, record: seatRecord, input: seatInput, create: seatCreateInput, saveByPost: true }),
  ...sipCredentialRoutes('/seat', tag),
  /** The next free extension within the account's digit range. */
  next: get('/seat/:account/next', { params: z.object({ account: recordId() }), reply: nextNumberReply }),
  /** Bulk add by range (the body is checked against the account's extension digits: seatRange). */
  range: post('/seat/range', { body: z.record(z.string(), z.unknown()), reply: rangeReply }),
  devices: get('/seat/:id/devices', { params: idParam, reply: recordsReply(seatDeviceRecord) }),
  unlockDevice: post('/seat/:id/devices/:deviceId/unlock', {
    params: idParam.extend({ deviceId: recordId() }),
    reply: seatActionReply,
  }),
  reinitDevice: post('/provisioning/seat/:id/reinit', deviceCall),
  regenerateLdapPassword: post('/seat/:id/ldap/regenpassword', deviceCall),
  softphone: get('/seat/:id/softphone', { params: idParam, reply: seatSoftphoneRecord }),
  saveSoftphone: post('/seat/:id/softphone', { params: idParam, body: seatSoftphoneInput, reply: saveReply }),
  /** The locations a seat can take: the account's numbers with an emergency address. */
  locations: get('/seat/locations', { reply: recordsReply(seatLocationRecord) }),
  /** The seat's location: its emergency CLI, or its caller ID when none is set. */
  location: get('/seat/:id/ems', { params: idParam, reply: z.object({ location: seatLocationRecord.nullable() }) }),
  /** The public addresses the account's seats register from. */
  uniqueIps: get('/seat/uniqueips', { reply: recordsReply(z.object({ ip: z.string() })) }),
};
