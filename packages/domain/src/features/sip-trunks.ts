/** SIP trunks (spec 2: /sip, permission SIPTrunks): a SIP connection to a customer's own PBX. */
import { z } from 'zod';
import { callRestrictionsShape } from '../call-options.ts';
import { optionalText, requiredText } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { isPublicIp } from '../patterns.ts';
import { destinationField } from './destinations.ts';

export const TRUNK_MESSAGES = {
  retailTrunks: 'Retail accounts can have 1 SIP trunk. Please contact your account manager to add more',
  retailChannels: 'Retail accounts can have at most 2 channels',
  adminOnly: 'Only a provider administrator can change this setting',
  notAccountNumber: 'Please select one of your telephone numbers',
  ipAuthNeedsHost: 'IP authentication needs a host IP address',
} as const;

export const TRUNK_CHANNELS = { min: 1, max: 200, retailMax: 2 } as const;
export const TRUNK_MAX_PERMIT = 3;
/** Number mapping (trunkNoPlus): how numbers are presented to the PBX. */
export const NUMBER_MAPPINGS = [
  { value: -1, label: 'Default' },
  { value: 0, label: 'E.164 with + (+441214960000)' },
  { value: 1, label: 'E.164 without + (441214960000)' },
  { value: 2, label: 'National (01214960000)' },
] as const;
export const TRUNK_STATUSES = ['Online', 'Offline', 'Direct IP'] as const;

const publicIp = z
  .string()
  .trim()
  .refine((v) => v === '' || isPublicIp(v), { error: MESSAGES.publicIp });
const select = 'Please select an option';

export const sipTrunkInput = z
  .object({
    nickname: requiredText({ max: 15 }),
    cliNumber: optionalText({ max: 16 }),
    withholdNumber: z.boolean().default(false),
    /** The emergency location: one of the account's numbers whose address the services get. */
    emergencyServicesCid: z.string({ error: MESSAGES.required }).trim().min(1, { error: MESSAGES.required }).max(16),
    trunkFailOver: destinationField,
    channelLimit: z.coerce
      .number({ error: MESSAGES.required })
      .int({ error: MESSAGES.required })
      .min(TRUNK_CHANNELS.min, { error: MESSAGES.minValue(TRUNK_CHANNELS.min) })
      .max(TRUNK_CHANNELS.max, { error: MESSAGES.maxValue(TRUNK_CHANNELS.max) })
      .default(2),
    /** '' is dynamic registration; an address is a Direct IP trunk. */
    host: publicIp.default(''),
    trunkIPAuth: z.boolean().default(false),
    /** Addresses allowed to use the trunk: public IPs only, at most 3 (blank entries dropped). */
    permit: z
      .array(publicIp)
      .default([])
      .transform((list) => list.filter((ip) => ip !== ''))
      .refine((list) => list.length <= 3, { error: MESSAGES.maxIps }),
    transport: z.enum(['udp', 'tcp', 'tls'], { error: select }).default('udp'),
    trunkNoPlus: z.coerce.number().int().min(-1, { error: select }).max(2, { error: select }).default(-1),
    anyPresentation: z.boolean().default(false),
    enableTeams: z.boolean().default(false),
    callRecording: z.coerce.number().int().min(0, { error: select }).max(2, { error: select }).default(0),
    tps: z.enum(['off', 'block', 'option', 'signalsonly'], { error: select }).default('off'),
    ctps: z.enum(['off', 'block', 'option', 'signalsonly'], { error: select }).default('off'),
    ...callRestrictionsShape,
  })
  .superRefine((t, ctx) => {
    if (t.trunkIPAuth && t.host === '') {
      ctx.addIssue({ code: 'custom', path: ['trunkIPAuth'], message: TRUNK_MESSAGES.ipAuthNeedsHost });
    }
  });
export type SipTrunkInput = z.input<typeof sipTrunkInput>;
export type SipTrunkValues = z.output<typeof sipTrunkInput>;

export const sipTrunkRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  nickname: z.string(),
  cliNumber: z.string(),
  withholdNumber: z.boolean(),
  emergencyServicesCid: z.string(),
  trunkFailOver: z.string(),
  channelLimit: z.number().int(),
  host: z.string(),
  trunkIPAuth: z.boolean(),
  permit: z.array(z.string()),
  transport: z.string(),
  trunkNoPlus: z.number().int(),
  anyPresentation: z.boolean(),
  enableTeams: z.boolean(),
  callRecording: z.number().int(),
  tps: z.string(),
  ctps: z.string(),
  allowUKGeo: z.boolean(),
  allowUKMobile: z.boolean(),
  allowUK118: z.boolean(),
  allowUKOther: z.boolean(),
  allowUKPremium09: z.boolean(),
  allowUKPremium070: z.boolean(),
  allowInternational: z.boolean(),
  allowInternationalHighRisk: z.boolean(),
  internationalPIN: z.string(),
  status: z.enum(TRUNK_STATUSES),
  ip: z.string(),
  agent: z.string(),
  location: z.boolean(),
  publicIp: z.boolean(),
  onNet: z.boolean(),
  accountNo: z.number().int(),
});
export type SipTrunk = z.infer<typeof sipTrunkRecord>;
