/**
 * Call options shared by seats and SIP trunks (spec 2 §3 "options", §4, §6, §9): call restrictions
 * (the allow switches, the international PIN, weekday / weekend call times, the channel limit),
 * call recording and TPS / CTPS screening, the SIP transports and video codecs, and who may change
 * which option. One copy for both areas, on the web and on the server.
 */
import { z } from 'zod';
import { route } from './contract.ts';
import { idParam, integer, optionalText, recordId } from './fields.ts';
import { MESSAGES } from './messages.ts';
import { PATTERNS } from './patterns.ts';
import { can, isProviderAdmin, type PermissionHolder, type Resource } from './permissions.ts';

/** Refusals of option changes (ours: the spec names the rules, not their texts). */
export const CALL_OPTION_MESSAGES = {
  adminOnly: 'Only a provider administrator can change this setting',
  highRisk: 'You do not have the high-risk permission needed to change this setting',
  restrictions: 'You do not have permission to change call restrictions',
  invalidTime: 'Please enter a valid time (HH:mm)',
  timeOrder: 'Please ensure the start time is before the end time',
} as const;

/**
 * The allow switches. `highRisk` switches need highRisk read (or admin / VHAdmin) to change
 * (spec 2 §6: international calls and high-risk zones; premium-rate numbers are treated alike).
 */
export const CALL_RESTRICTION_SWITCHES = [
  { name: 'allowUKGeo', label: 'UK Geographic (01, 02, 03)', highRisk: false },
  { name: 'allowUKMobile', label: 'UK Mobile (07)', highRisk: false },
  { name: 'allowUK118', label: 'Directory Enquiries (118)', highRisk: false },
  { name: 'allowUKOther', label: 'Other UK Non-Geographic (080, 084, 087)', highRisk: false },
  { name: 'allowUKPremium09', label: 'UK Premium Rate (09)', highRisk: true },
  { name: 'allowUKPremium070', label: 'UK Personal Numbers (070)', highRisk: true },
  { name: 'allowInternational', label: 'International', highRisk: true },
  { name: 'allowInternationalHighRisk', label: 'International High-Risk Zones', highRisk: true },
] as const;
export type RestrictionSwitch = (typeof CALL_RESTRICTION_SWITCHES)[number]['name'];
/** The allow switches as a record carries them (no defaults). */
export const restrictionSwitchesRecordShape = Object.fromEntries(
  CALL_RESTRICTION_SWITCHES.map((s) => [s.name, z.boolean()]),
) as Record<RestrictionSwitch, z.ZodBoolean>;

export const callRestrictionsShape = {
  allowUKGeo: z.boolean().default(true),
  allowUKMobile: z.boolean().default(true),
  allowUK118: z.boolean().default(false),
  allowUKOther: z.boolean().default(true),
  allowUKPremium09: z.boolean().default(false),
  allowUKPremium070: z.boolean().default(false),
  allowInternational: z.boolean().default(false),
  allowInternationalHighRisk: z.boolean().default(false),
  /** Asked before international calls (4-8 digits); only kept while international calls are allowed. */
  internationalPIN: optionalText({ pattern: PATTERNS.internationalPin }),
};
export const callRestrictionsSchema = z.object(callRestrictionsShape);
export type CallRestrictions = {
  [K in keyof typeof callRestrictionsShape]: z.output<(typeof callRestrictionsShape)[K]>;
};
export const RESTRICTION_FIELDS = Object.keys(callRestrictionsShape) as Array<keyof CallRestrictions>;
/** The fields that need highRisk (or admin): the high-risk switches and the international PIN. */
export const HIGH_RISK_FIELDS: ReadonlyArray<keyof CallRestrictions> = [
  ...CALL_RESTRICTION_SWITCHES.filter((s) => s.highRisk).map((s) => s.name),
  'internationalPIN',
];

/** The PIN guards international calls: it is dropped when they are barred (spec 2 §5). */
export function normaliseRestrictions<T extends CallRestrictions>(r: T): T {
  return r.allowInternational ? r : { ...r, internationalPIN: '' };
}

/** The restrictions a new record starts with. */
export const DEFAULT_RESTRICTIONS: CallRestrictions = callRestrictionsSchema.parse({});

// ---------------------------------------------------------------------------------------------
// Weekday / weekend call times (spec 2 §2, §4): off, on (all day 00:00-23:59) or a from-to range.
// ---------------------------------------------------------------------------------------------

export const CALL_TIMES_MODES = [
  { value: 'on', label: 'On (all day, 00:00-23:59)' },
  { value: 'range', label: 'Between set times' },
  { value: 'off', label: 'Off (no outbound calls)' },
] as const;
export type CallTimesMode = (typeof CALL_TIMES_MODES)[number]['value'];
export const ALL_DAY = { from: '00:00', to: '23:59' } as const;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * When outbound calls may be made: { mode, from, to }. 'on' is stored as 00:00-23:59; a range
 * needs valid HH:mm times with the start before the end (messages under from / to).
 */
export const callTimesSchema = z
  .object({
    mode: z.enum(['off', 'on', 'range'], { error: MESSAGES.selectOption }).default('on'),
    from: z.string().trim().default(ALL_DAY.from),
    to: z.string().trim().default(ALL_DAY.to),
  })
  .superRefine((t, ctx) => {
    if (t.mode !== 'range') return;
    const fromOk = TIME.test(t.from);
    const toOk = TIME.test(t.to);
    if (!fromOk) ctx.addIssue({ code: 'custom', path: ['from'], message: CALL_OPTION_MESSAGES.invalidTime });
    if (!toOk) ctx.addIssue({ code: 'custom', path: ['to'], message: CALL_OPTION_MESSAGES.invalidTime });
    if (fromOk && toOk && t.from >= t.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: CALL_OPTION_MESSAGES.timeOrder });
    }
  })
  .transform((t) => (t.mode === 'range' ? t : { mode: t.mode, ...ALL_DAY }))
  .default({ mode: 'on', ...ALL_DAY });
export type CallTimes = z.output<typeof callTimesSchema>;
/** The stored / replied shape (no defaults or transforms: for records and responses). */
export const callTimesRecord = z.object({ mode: z.enum(['off', 'on', 'range']), from: z.string(), to: z.string() });

export const callTimesShape = { weekdayTimes: callTimesSchema, weekendTimes: callTimesSchema };
/** The restrictions and call times as a seat's or trunk's record carries them. */
export const callOptionsRecordShape = {
  ...restrictionSwitchesRecordShape,
  internationalPIN: z.string(),
  weekdayTimes: callTimesRecord,
  weekendTimes: callTimesRecord,
} satisfies Record<keyof CallRestrictions | 'weekdayTimes' | 'weekendTimes', z.ZodType>;
export const CALL_TIMES_FIELDS = ['weekdayTimes', 'weekendTimes'] as const;
export const DEFAULT_CALL_TIMES: CallTimes = { mode: 'on', ...ALL_DAY };
/** The restrictions and call times a new seat or trunk starts with (what option changes compare to on create). */
export const DEFAULT_CALL_OPTIONS = {
  ...DEFAULT_RESTRICTIONS,
  weekdayTimes: DEFAULT_CALL_TIMES,
  weekendTimes: DEFAULT_CALL_TIMES,
};

/** Shown in lists and summaries: 'Off', 'All day' or '08:00-18:00'. */
export function formatCallTimes(t: CallTimes): string {
  if (t.mode === 'off') return 'Off';
  if (t.mode === 'on') return 'All day';
  return `${t.from}-${t.to}`;
}

/** Whether a call at `time` (HH:mm) is inside the window. */
export function withinCallTimes(t: CallTimes, time: string): boolean {
  if (t.mode === 'off') return false;
  if (t.mode === 'on') return true;
  return time >= t.from && time <= t.to;
}

// ---------------------------------------------------------------------------------------------
// Channel limits (spec 2 §5, §9): a seat 1-10 (provider admin only); a trunk 1-200 (retail 2).
// ---------------------------------------------------------------------------------------------

export const SEAT_CHANNELS = { min: 1, max: 10, default: 2 } as const;
export const TRUNK_CHANNELS = { min: 1, max: 200, retailMax: 2, default: 2 } as const;
export const seatChannelLimitField = integer(SEAT_CHANNELS.min, SEAT_CHANNELS.max).default(SEAT_CHANNELS.default);
export const trunkChannelLimitField = integer(TRUNK_CHANNELS.min, TRUNK_CHANNELS.max).default(TRUNK_CHANNELS.default);

// ---------------------------------------------------------------------------------------------
// Who may change what (spec 2 §6). The web disables what the server would refuse.
// ---------------------------------------------------------------------------------------------

/** highRisk read, or admin / VHAdmin. */
export function hasHighRisk(holder: PermissionHolder): boolean {
  return can(holder, 'highRisk', 'read') || isProviderAdmin(holder);
}

/** The Call Restrictions tab: the area's restriction permission (seatsCallRestrictions...) or admin. */
export function mayEditRestrictions(holder: PermissionHolder, area: Resource): boolean {
  return can(holder, area, 'update');
}

/** Whether the holder may change one restriction or call-times field. */
export function mayChangeRestriction(
  holder: PermissionHolder,
  area: Resource,
  field: keyof CallRestrictions | (typeof CALL_TIMES_FIELDS)[number],
): boolean {
  if (!mayEditRestrictions(holder, area)) return false;
  return (HIGH_RISK_FIELDS as ReadonlyArray<string>).includes(field) ? hasHighRisk(holder) : true;
}

/**
 * Whether the holder is sent the record's international PIN: only who may update the record (seats,
 * SIPTrunks) and set the PIN under its restrictions permission (with high-risk); others get ''.
 */
export function mayKnowInternationalPin(holder: PermissionHolder, record: Resource, restrictions: Resource): boolean {
  return can(holder, record, 'update') && mayChangeRestriction(holder, restrictions, 'internationalPIN');
}

/** The restriction fields that differ between two states and the holder may not change. */
export function forbiddenRestrictionChanges(
  holder: PermissionHolder,
  area: Resource,
  before: CallRestrictions,
  after: CallRestrictions,
): Array<keyof CallRestrictions> {
  return RESTRICTION_FIELDS.filter((f) => before[f] !== after[f] && !mayChangeRestriction(holder, area, f));
}

type OptionValues = Partial<CallRestrictions & { weekdayTimes: CallTimes; weekendTimes: CallTimes }>;
/** Deep equality of JSON values, ignoring key order (jsonb reorders keys). */
const canonical = (v: unknown): unknown =>
  v !== null && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(
        Object.entries(v as Record<string, unknown>)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([k, x]) => [k, canonical(x)]),
      )
    : v;
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/**
 * The restriction and call-times changes the holder may not make, field to message: the server
 * refuses the save with these (403), the web shows them under the fields. Fields absent from
 * `after` are not compared.
 */
export function restrictedOptionChanges(
  holder: PermissionHolder,
  area: Resource,
  before: OptionValues,
  after: OptionValues,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of [...RESTRICTION_FIELDS, ...CALL_TIMES_FIELDS]) {
    if (!(field in after) || same(before[field], after[field])) continue;
    if (mayChangeRestriction(holder, area, field)) continue;
    out[field] = mayEditRestrictions(holder, area) ? CALL_OPTION_MESSAGES.highRisk : CALL_OPTION_MESSAGES.restrictions;
  }
  return out;
}

/**
 * Provider-admin-only fields (seat channel limit and Internal Seat; trunk IP Authentication and
 * Allow Any Number Presentation) changed by anyone else, field to message.
 */
export function adminOnlyChanges<T extends Record<string, unknown>>(
  holder: PermissionHolder,
  fields: ReadonlyArray<keyof T & string>,
  before: Partial<T>,
  after: Partial<T>,
): Record<string, string> {
  if (isProviderAdmin(holder)) return {};
  const out: Record<string, string> = {};
  for (const f of fields) {
    if (f in after && !same(before[f], after[f])) out[f] = CALL_OPTION_MESSAGES.adminOnly;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Recording, TPS / CTPS, transports and codecs (spec 2 §9).
// ---------------------------------------------------------------------------------------------

export const CALL_RECORDING_OPTIONS = [
  { value: 0, label: 'Off' },
  { value: 1, label: 'Pausable' },
  { value: 2, label: 'Permanent' },
] as const;
export const callRecordingField = z.coerce
  .number({ error: MESSAGES.selectOption })
  .int({ error: MESSAGES.selectOption })
  .refine((v) => v === 0 || v === 1 || v === 2, { error: MESSAGES.selectOption })
  .default(0);
export const CALL_RECORDING_HELP: Record<number, string> = {
  0: 'Calls are not recorded.',
  1: 'Calls are recorded; the recording can be paused during a call (e.g. while taking card details).',
  2: 'Every call is recorded from start to end.',
};

/** TPS / CTPS screening modes; a trunk also has 'signalsonly' (spec 2 §9). */
export const TPS_MODES = [
  { value: 'off', label: 'Off' },
  { value: 'block', label: 'Block' },
  { value: 'option', label: 'Option' },
] as const;
export const TRUNK_TPS_MODES = [...TPS_MODES, { value: 'signalsonly', label: 'Signals only' }] as const;
export const TPS_HELP: Record<string, string> = {
  off: 'Outbound calls are not screened.',
  block: 'Calls to registered numbers are blocked.',
  option: 'The caller hears a warning and may choose to continue.',
  signalsonly: 'Calls are connected; the PBX is told the number is registered.',
};
export const tpsField = z.enum(['off', 'block', 'option'], { error: MESSAGES.selectOption }).default('off');
export const trunkTpsField = z
  .enum(['off', 'block', 'option', 'signalsonly'], { error: MESSAGES.selectOption })
  .default('off');
export const tpsShape = { tps: tpsField, ctps: tpsField };
export const trunkTpsShape = { tps: trunkTpsField, ctps: trunkTpsField };

export const TRANSPORTS = [
  { value: 'udp', label: 'UDP' },
  { value: 'tcp', label: 'TCP' },
  { value: 'tls', label: 'TLS (chargeable)' },
] as const;
export const transportField = z.enum(['udp', 'tcp', 'tls'], { error: MESSAGES.selectOption }).default('udp');
/**
 * Where a seat or trunk is, as its record says (spec 2 §1, §2): its emergency location has an address;
 * the address it uses now is public; it uses an address that is not (on-net).
 */
export const deviceStatusShape = { location: z.boolean(), publicIp: z.boolean(), onNet: z.boolean() };
/** Where a seat's phones or a trunk's PBX may register or send calls from (spec 2 §9: default GB); '' is anywhere. */
export const IP_LOCATIONS = [
  { value: 'GB', label: 'United Kingdom' },
  { value: 'IE', label: 'Ireland' },
  { value: 'FR', label: 'France' },
  { value: 'DE', label: 'Germany' },
  { value: 'ES', label: 'Spain' },
  { value: 'NL', label: 'Netherlands' },
  { value: 'US', label: 'United States' },
  { value: '', label: 'Any country' },
] as const;
export const DEFAULT_IP_LOCATION = 'GB';
/** One of IP_LOCATIONS (trimmed), GB unless given. */
export const ipLocationField = z
  .string()
  .trim()
  .refine((v) => IP_LOCATIONS.some((l) => l.value === v), { error: MESSAGES.selectOption })
  .default(DEFAULT_IP_LOCATION);
export const VIDEO_CODECS = [
  { value: 'h264', label: 'H.264' },
  { value: 'vp8', label: 'VP8' },
  { value: 'vp9', label: 'VP9' },
] as const;
export const videoCodecField = z.enum(['h264', 'vp8', 'vp9'], { error: MESSAGES.selectOption }).default('h264');

// ---------------------------------------------------------------------------------------------
// Microsoft Teams (spec 2 §2 Teams tab, §5, §7, §8): shared by the seat and trunk Teams tabs.
// ---------------------------------------------------------------------------------------------

export const TEAMS_MESSAGES = {
  invalidEmail: 'Please enter a valid email to enable teams',
  invitationSent: 'Admin invitation sent',
  invitationFailed: 'Unable to enable teams, please contact support',
  created: 'Teams account created',
  createFailed: 'Unable to create teams account, please contact support',
} as const;

/**
 * The Teams switch of a seat or trunk (spec 2 §2 Teams tab, §4): it can be switched on only once the
 * account has a Teams tenant (no tenant leads to the invitation or Create Teams Account instead); a
 * switch already on may stay on. `tenantExists` is asked only when Teams is being switched on.
 * Field to message: { enableTeams: 'Unable to enable teams, please contact support' } or {}.
 */
export async function teamsSwitchProblems(
  enableTeams: boolean,
  wasEnabled: boolean,
  tenantExists: () => Promise<boolean>,
): Promise<Record<string, string>> {
  if (!enableTeams || wasEnabled || (await tenantExists())) return {};
  return { enableTeams: TEAMS_MESSAGES.invitationFailed };
}

/** POST /teams/admin/invitation: the tenant admin's email, max 50 and valid. */
export const teamsInvitationInput = z.object({
  email: z
    .string({ error: TEAMS_MESSAGES.invalidEmail })
    .trim()
    .max(50, { error: TEAMS_MESSAGES.invalidEmail })
    .pipe(z.email({ error: TEAMS_MESSAGES.invalidEmail })),
  accountNo: recordId(),
});
export type TeamsInvitationInput = z.input<typeof teamsInvitationInput>;
export const teamsExistsReply = z.object({ teamsAccountExists: z.boolean() });

const messageReply = z.object({ success: z.boolean(), message: z.string() });
const teamsAccount = z.object({ accountNo: recordId() });

/** The account's Teams tenant (spec 2 §7), used by the seat and trunk Teams tabs. */
export const teamsRoutes = {
  exists: route({
    method: 'GET',
    path: '/teams/exists/:accountNo',
    params: teamsAccount,
    reply: teamsExistsReply,
    tag: 'teams',
  }),
  invite: route({
    method: 'POST',
    path: '/teams/admin/invitation',
    body: teamsInvitationInput,
    reply: messageReply,
    tag: 'teams',
  }),
  create: route({
    method: 'POST',
    path: '/teams/:accountNo/create',
    params: teamsAccount,
    reply: messageReply,
    tag: 'teams',
  }),
};

/** A seat's or trunk's SIP credentials: shown on request (never in lists or reads) and reset. */
export function sipCredentialRoutes<const P extends string>(path: P, tag: string) {
  return {
    password: route({
      method: 'GET',
      path: `${path}/:id/password`,
      params: idParam,
      reply: z.object({ username: z.string(), secret: z.string() }),
      tag,
    }),
    resetPassword: route({
      method: 'GET',
      path: `${path}/:id/password/reset`,
      params: idParam,
      reply: z.object({ success: z.boolean(), message: z.string(), secret: z.string() }),
      tag,
    }),
  };
}
