/**
 * Call flow (ours, issue 29): what happens when a number or any destination is called at an instant,
 * traced by the routing engine (routing/): POST /callflow/trace answers the steps as JSON.
 */
import { z } from 'zod';
import { requiredText } from '../fields.ts';
import { routingGraphSchema } from '../routing/graph.ts';
import { routeStep } from '../routing/steps.ts';
import { taggedRoutes } from '../tagged-routes.ts';
import { IVR_KEYS } from './ivrs.ts';

export const CALL_FLOW_MESSAGES = {
  /** Ours: an instant that is no date. */
  instant: 'Please enter a date and time',
} as const;

export const callFlowTraceBody = z.object({
  /** A number of the account ('01214960000', '+44 121…'), an extension ('201'), a destination ('ivr:370') or an outside number. */
  dialled: requiredText({ max: 100 }),
  /** The instant (ISO 8601 with its offset); now when left out. */
  at: z.iso.datetime({ offset: true, error: CALL_FLOW_MESSAGES.instant }).optional(),
  /** The caller's number ('anonymous' when withheld); left out, the number's screening shows as alternatives. */
  caller: z.string().trim().max(20).optional(),
  /** The keys pressed at the menus met, in order ('Timeout' for none). */
  keys: z
    .array(z.enum(IVR_KEYS.map((k) => k.key)))
    .max(20)
    .optional(),
});
export type CallFlowTraceBody = z.input<typeof callFlowTraceBody>;

export const callFlowTraceReply = z.object({
  dialled: z.string(),
  /** The instant traced (ISO 8601, UTC). */
  at: z.string(),
  steps: z.array(routeStep),
});
export type CallFlowTrace = z.infer<typeof callFlowTraceReply>;

export const callFlowGraphBody = z.object({
  /** A number of the account, an extension or a destination value ('timeprofile:300'). */
  destination: requiredText({ max: 100 }),
  /** The instant for what depends on it beyond a time profile's sides (a member's hours); now when left out. */
  at: z.iso.datetime({ offset: true, error: CALL_FLOW_MESSAGES.instant }).optional(),
});
export type CallFlowGraphBody = z.input<typeof callFlowGraphBody>;

const { post } = taggedRoutes('call-flow');

export const callFlowRoutes = {
  /** Read-only: a trace changes nothing (POST for its body). */
  trace: post('/callflow/trace', { body: callFlowTraceBody, reply: callFlowTraceReply }),
  /** Read-only: the whole routing from a number or destination as a graph (domain routingGraph). */
  graph: post('/callflow/graph', { body: callFlowGraphBody, reply: routingGraphSchema }),
};
