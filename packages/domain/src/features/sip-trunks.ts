/** SIP trunks (spec 2: /sip, permission SIPTrunks): a SIP connection to a customer's own PBX. */
import { z } from 'zod';
import {
  CALL_OPTION_MESSAGES,
  CALL_RECORDING_OPTIONS,
  callOptionsRecordShape,
  callRecordingField,
  callRestrictionsShape,
  callTimesShape,
  deviceStatusShape,
  IP_LOCATIONS,
  ipLocationField,
  sipCredentialRoutes,
  TRANSPORTS,
  TRUNK_TPS_MODES,
  transportField,
  trunkChannelLimitField,
  trunkTpsShape,
} from '../call-options.ts';
import { resourceRoutes, versionedRecordFields } from '../contract.ts';
import { choice, declareFields, field, flag } from '../field-declarations.ts';
import { optionalText, requiredText } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { isPublicIp } from '../patterns.ts';
import { recordsReply, taggedRoutes } from '../tagged-routes.ts';
import { destinationField } from './destinations.ts';

/** Retail accounts may have this many SIP trunks (spec 2 §6); provider admins may add more. */
export const RETAIL_MAX_TRUNKS = 1;

export const TRUNK_MESSAGES = {
  retailTrunks: 'Retail accounts can have 1 SIP trunk. Please contact your account manager to add more',
  retailChannels: 'Retail accounts can have at most 2 channels',
  adminOnly: CALL_OPTION_MESSAGES.adminOnly,
  notAccountNumber: 'Please select one of your telephone numbers',
  /** A trunk's emergency location is one of the account's numbers: none yet (spec 2 §4, the seat location's text). */
  numberNeeded: 'Please add a telephone number to continue',
  secretReset: 'The SIP password has been reset; the PBX must register again with the new password',
  /** Ours: what a SIP password reset does, asked before it (a destructive action confirms). */
  confirmPasswordReset:
    'A new SIP password will be made for this trunk. The PBX registered now will stop making and receiving calls until it is configured with it.',
  /** Ours: what deleting trunks does, asked before it. */
  confirmDelete: 'The PBX connected through them will no longer make or receive calls. This cannot be undone.',
} as const;

export const TRUNK_MAX_PERMIT = 3;
/** Number mapping (trunkNoPlus): how numbers are presented to the PBX. */
export const NUMBER_MAPPINGS = [
  { value: -1, label: 'Default' },
  { value: 0, label: 'E.164 with + (+441214960000)' },
  { value: 1, label: 'E.164 without + (441214960000)' },
  { value: 2, label: 'National (01214960000)' },
] as const;
export const TRUNK_STATUSES = ['Online', 'Offline', 'Direct IP'] as const;
/** The provider-admin-only fields (spec 2 §6). */
export const TRUNK_ADMIN_FIELDS = ['trunkIPAuth', 'anyPresentation'] as const;

const publicIp = z
  .string()
  .trim()
  .refine((v) => v === '' || isPublicIp(v), { error: MESSAGES.publicIp });

/** Every field of a SIP trunk stored in a column of its own, once (field-declarations.ts). */
export const sipTrunkFields = declareFields({
  nickname: field(requiredText({ max: 15 }), { label: 'Nickname', sortable: true, searchable: true }),
  cliNumber: field(optionalText({ max: 16 }), {
    label: 'Caller ID Number',
    sortable: true,
    searchable: true,
    uses: { kind: 'number' },
  }),
  withholdNumber: flag(false, { label: 'Withhold Number' }),
  /** The emergency location: one of the account's numbers whose address the services get. */
  emergencyServicesCid: field(
    z.string({ error: MESSAGES.required }).trim().min(1, { error: MESSAGES.required }).max(16),
    { label: 'Emergency Location', searchable: true, uses: { kind: 'number' } },
  ),
  trunkFailOver: field(destinationField, { label: 'Failover Destination', uses: { kind: 'destination' } }),
  channelLimit: field(trunkChannelLimitField, { label: 'Channels', sortable: true, inputType: 'number' }),
  /** '' is dynamic registration; an address is a Direct IP trunk. */
  host: field(publicIp.default(''), { label: 'Host IP Address', sortable: true, searchable: true }),
  trunkIPAuth: flag(false, { label: 'IP Authentication', column: 'trunk_ip_auth' }),
  ipLocation: field(ipLocationField, { label: 'IP Location', options: IP_LOCATIONS }),
  /** Addresses allowed to use the trunk: public IPs only, at most 3 (blank entries dropped). */
  permit: field(
    z
      .array(publicIp)
      .default([])
      .transform((list) => list.filter((ip) => ip !== ''))
      .refine((list) => list.length <= TRUNK_MAX_PERMIT, { error: MESSAGES.maxIps }),
    { record: z.array(z.string()) },
  ),
  transport: field(transportField, { label: 'Transport', options: TRANSPORTS }),
  trunkNoPlus: choice(NUMBER_MAPPINGS, -1, { label: 'Number Format' }),
  anyPresentation: flag(false, { label: 'Allow Any Number Presentation' }),
  enableTeams: flag(false, { label: 'Enable Microsoft Teams' }),
  callRecording: field(callRecordingField, {
    label: 'Call Recording',
    sortable: true,
    filterable: true,
    options: CALL_RECORDING_OPTIONS,
  }),
  tps: field(trunkTpsShape.tps, { label: 'TPS', options: TRUNK_TPS_MODES }),
  ctps: field(trunkTpsShape.ctps, { label: 'CTPS', options: TRUNK_TPS_MODES }),
});

export const sipTrunkInput = z.object({
  ...sipTrunkFields.shape,
  ...callRestrictionsShape,
  ...callTimesShape,
});
export type SipTrunkInput = z.input<typeof sipTrunkInput>;

/** The trunks list's bulk edit (each field optional in the modal; the retail cap is checked per trunk). */
const bulkEdited = { callRecording: true, channelLimit: true, transport: true, tps: true, ctps: true } as const;
export const sipTrunkBulkEdit = sipTrunkInput.pick(bulkEdited);
export type SipTrunkValues = z.output<typeof sipTrunkInput>;

export const sipTrunkRecord = z.object({
  ...versionedRecordFields,
  name: z.string(),
  ...sipTrunkFields.recordShape,
  ...callOptionsRecordShape,
  status: z.enum(TRUNK_STATUSES),
  ip: z.string(),
  agent: z.string(),
  ...deviceStatusShape,
  accountNo: z.number().int(),
});
export type SipTrunk = z.infer<typeof sipTrunkRecord>;

const tag = 'sip-trunks';

/** Spec 2 §7 "SIP trunks": /trunk, its SIP credentials and the addresses trunks use. */
export const sipTrunkRoutes = {
  ...resourceRoutes('/trunk', { tag, record: sipTrunkRecord, input: sipTrunkInput }),
  ...sipCredentialRoutes('/trunk', tag),
  /** Every address the account's trunks use (host or registration), for the IP allow-lists. */
  uniqueIps: taggedRoutes(tag).post('/trunk/uniqueips', { reply: recordsReply(z.object({ ip: z.string() })) }),
};
