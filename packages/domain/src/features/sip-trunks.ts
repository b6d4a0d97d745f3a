/** SIP trunks (spec 2: /sip, permission SIPTrunks): a SIP connection to a customer's own PBX. */
import { z } from 'zod';
import {
  CALL_OPTION_MESSAGES,
  callOptionsRecordShape,
  callRecordingField,
  callRestrictionsShape,
  callTimesShape,
  deviceStatusShape,
  ipLocationField,
  sipCredentialRoutes,
  transportField,
  trunkChannelLimitField,
  trunkTpsShape,
} from '../call-options.ts';
import { resourceRoutes, versionedRecordFields } from '../contract.ts';
import { oneOfOptions, optionalText, requiredText } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { isPublicIp } from '../patterns.ts';
import { recordShape } from '../record-shape.ts';
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

export const sipTrunkInput = z.object({
  nickname: requiredText({ max: 15 }),
  cliNumber: optionalText({ max: 16 }),
  withholdNumber: z.boolean().default(false),
  /** The emergency location: one of the account's numbers whose address the services get. */
  emergencyServicesCid: z.string({ error: MESSAGES.required }).trim().min(1, { error: MESSAGES.required }).max(16),
  trunkFailOver: destinationField,
  channelLimit: trunkChannelLimitField,
  /** '' is dynamic registration; an address is a Direct IP trunk. */
  host: publicIp.default(''),
  trunkIPAuth: z.boolean().default(false),
  ipLocation: ipLocationField,
  /** Addresses allowed to use the trunk: public IPs only, at most 3 (blank entries dropped). */
  permit: z
    .array(publicIp)
    .default([])
    .transform((list) => list.filter((ip) => ip !== ''))
    .refine((list) => list.length <= TRUNK_MAX_PERMIT, { error: MESSAGES.maxIps }),
  transport: transportField,
  trunkNoPlus: oneOfOptions(NUMBER_MAPPINGS, -1),
  anyPresentation: z.boolean().default(false),
  enableTeams: z.boolean().default(false),
  callRecording: callRecordingField,
  ...trunkTpsShape,
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
  ...recordShape(sipTrunkInput.shape, { permit: z.array(z.string()), ...callOptionsRecordShape }),
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
