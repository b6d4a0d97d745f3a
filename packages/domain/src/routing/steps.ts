/**
 * What the routing engine answers: the ordered steps a call takes. Each step names the object the
 * call is at, the rule that decided what happens there (as data and in plain words) and the object
 * it goes to next; what depends on the call itself (a key pressed, no answer, busy, unregistered...)
 * is listed as alternatives, each with its condition and the steps that follow it.
 */
import { z } from 'zod';

/** The kinds of object a step can be at: the destination types, a number, an outside number. */
export const ROUTING_OBJECT_TYPES = [
  'number',
  'seat',
  'trunk',
  'timeprofile',
  'callgroup',
  'queue',
  'ivr',
  'nts',
  'voicemail',
  'conference',
  'conferencing',
  'outside',
  'missing',
] as const;
export type RoutingObjectType = (typeof ROUTING_OBJECT_TYPES)[number];

/** An object of the estate (id: its record's id; null for an outside number or a missing one). */
export const routingObject = z.object({
  type: z.enum(ROUTING_OBJECT_TYPES),
  id: z.number().int().nullable(),
  name: z.string(),
  /** Its destination value ('seat:201'), the number dialled ('01214960000'), or the missing value. */
  value: z.string(),
});
export type RoutingObject = z.infer<typeof routingObject>;

/** A step's object and how a sentence names it ("IVR 370 'Main menu'"): refs.ts works them out. */
export interface Ref {
  object: RoutingObject;
  phrase: string;
}

/** Why a step decided what it did. */
export const RULE_KINDS = [
  'number',
  'numberRejected',
  'nowhere',
  'timeProfile',
  'ivr',
  'ivrKey',
  'ivrInvalid',
  'callGroup',
  'callGroupNoMember',
  'queue',
  'queueEmpty',
  'queueClosed',
  'seat',
  'seatDivertAll',
  'voicemail',
  'voicemailAdvanced',
  'nts',
  'conference',
  'conferencing',
  'trunk',
  'outside',
  'missing',
  'loop',
  'limit',
] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

const fact = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]);
export type RuleFact = z.infer<typeof fact>;

export const routingRule = z.object({
  kind: z.enum(RULE_KINDS),
  /** The rule in plain words ("Saturday 10:00 is outside 'Office hours' (Mon–Fri 09:00–17:30) → ..."). */
  text: z.string(),
  /** The facts it decided on (the reason, the side taken, the members ringing...). */
  data: z.record(z.string(), fact),
});
export type RoutingRule = z.infer<typeof routingRule>;

/** What happens during the call that an alternative depends on. */
export const CONDITIONS = [
  'key',
  'timeout',
  'invalid',
  'noAnswer',
  'busy',
  'dnd',
  'unregistered',
  'empty',
  'full',
  'maxWait',
  'exit',
  'anonymous',
  'unavailable',
  'screened',
] as const;
export type Condition = (typeof CONDITIONS)[number];

export interface RouteStep {
  object: RoutingObject;
  rule: RoutingRule;
  /** Where the call goes next on this path; null when it stays here (rings, is answered) or ends. */
  next: RoutingObject | null;
  alternatives: RouteAlternative[];
}

export interface RouteAlternative {
  condition: Condition;
  /** The key pressed (condition 'key'), otherwise ''. */
  key: string;
  /** The condition and its outcome in plain words ("If nobody answers within 20 seconds → ..."). */
  text: string;
  /** The steps that follow (none when the text says how the call ends). */
  steps: RouteStep[];
}

// Recursive (a step's alternatives hold steps): named, so the API document refers to one component.
export const routeStep: z.ZodType<RouteStep> = z
  .lazy(() =>
    z.object({
      object: routingObject,
      rule: routingRule,
      next: routingObject.nullable(),
      alternatives: z.array(routeAlternative),
    }),
  )
  .meta({ id: 'RouteStep' });

export const routeAlternative: z.ZodType<RouteAlternative> = z
  .lazy(() =>
    z.object({
      condition: z.enum(CONDITIONS),
      key: z.string(),
      text: z.string(),
      steps: z.array(routeStep),
    }),
  )
  .meta({ id: 'RouteAlternative' });
