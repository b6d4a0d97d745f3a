/**
 * Call options shared by seats and SIP trunks (spec 2 §3 "options", §6, §9): call restrictions,
 * call recording and TPS / CTPS screening, with who may change which restriction.
 */
import { z } from 'zod';
import { optionalText } from './fields.ts';
import { PATTERNS } from './patterns.ts';
import { can, isProviderAdmin, type PermissionHolder, type Resource } from './permissions.ts';

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

export const callRestrictionsShape = {
  allowUKGeo: z.boolean().default(true),
  allowUKMobile: z.boolean().default(true),
  allowUK118: z.boolean().default(false),
  allowUKOther: z.boolean().default(true),
  allowUKPremium09: z.boolean().default(false),
  allowUKPremium070: z.boolean().default(false),
  allowInternational: z.boolean().default(false),
  allowInternationalHighRisk: z.boolean().default(false),
  /** Asked before international calls; only kept while international calls are allowed. */
  internationalPIN: optionalText({ pattern: PATTERNS.internationalPin }),
};
export type CallRestrictions = {
  [K in keyof typeof callRestrictionsShape]: z.output<(typeof callRestrictionsShape)[K]>;
};
export const RESTRICTION_FIELDS = Object.keys(callRestrictionsShape) as Array<keyof CallRestrictions>;
const HIGH_RISK_FIELDS = new Set<string>(
  CALL_RESTRICTION_SWITCHES.filter((s) => s.highRisk).map((s) => s.name as string),
);

/** Whether the holder may change a restriction field (spec 2 §6). */
export function mayChangeRestriction(holder: PermissionHolder, area: Resource, field: keyof CallRestrictions): boolean {
  if (!can(holder, area, 'update')) return false;
  if (HIGH_RISK_FIELDS.has(field) || field === 'internationalPIN') {
    return can(holder, 'highRisk', 'read') || can(holder, 'admin', 'read') || isProviderAdmin(holder);
  }
  return true;
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

/** The restrictions a new record starts with. */
export const DEFAULT_RESTRICTIONS: CallRestrictions = z.object(callRestrictionsShape).parse({});

export const CALL_RECORDING_OPTIONS = [
  { value: 0, label: 'Off' },
  { value: 1, label: 'Pausable' },
  { value: 2, label: 'Permanent' },
] as const;

/** TPS / CTPS screening modes; a trunk also has 'signalsonly' (spec 2 §9). */
export const TPS_MODES = [
  { value: 'off', label: 'Off' },
  { value: 'block', label: 'Block' },
  { value: 'option', label: 'Option' },
] as const;
export const TRUNK_TPS_MODES = [...TPS_MODES, { value: 'signalsonly', label: 'Signals only' }] as const;
