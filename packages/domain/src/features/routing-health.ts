/**
 * Routing health (ours, issue 29): what is wrong in the account's routing, found by the routing
 * engine's lint (routing/lint.ts) — GET /routinghealth answers every finding; POST
 * /routinghealth/{offset}/{limit} a page of them (the dashboard's count reads its totalRecords).
 * Who may read it: whoever may read every kind of routing object (a finding names any of them).
 */
import { z } from 'zod';
import { listParams, listReplySchema } from '../paging.ts';
import { lintFinding } from '../routing/lint.ts';
import type { RoutingObject } from '../routing/steps.ts';
import { taggedRoutes } from '../tagged-routes.ts';

export const ROUTING_HEALTH_TEXTS = {
  title: 'Routing Health',
  intro:
    'Everything in your call routing that would lose or trap a call: each finding says what happens and links to the object to fix.',
  empty: 'No problems found: every number, time profile, IVR, group, queue and seat routes calls somewhere sound.',
  fix: 'Fix it',
  /** The refusal of a save that would make a loop with no way out. */
  loop: (cycle: string) => `This change would make a loop with no way out: ${cycle}`,
} as const;

export const routingHealthReply = z.object({ records: z.array(lintFinding), totalRecords: z.number().int() });
export type RoutingHealth = z.infer<typeof routingHealthReply>;

const { get, post } = taggedRoutes('routing-health');

export const routingHealthRoutes = {
  findings: get('/routinghealth', { reply: routingHealthReply }),
  page: post('/routinghealth/:offset/:limit', {
    params: listParams,
    body: z.object({}).optional(),
    reply: listReplySchema(lintFinding),
  }),
};

const OBJECT_PAGES: Partial<Record<RoutingObject['type'], string>> = {
  number: '/telephone-numbers',
  seat: '/seats',
  voicemail: '/seats',
  timeprofile: '/time-profiles',
  ivr: '/ivrs',
  callgroup: '/call-groups',
  queue: '/call-queues',
  nts: '/nts',
  conference: '/conferencing',
  trunk: '/sip',
};

/** The web page of a routing object (a trace's step, a finding's object), when it has one. */
export function routingObjectPage(object: RoutingObject): string | null {
  const base = OBJECT_PAGES[object.type];
  return base && object.id !== null ? `${base}/${object.id}` : null;
}
