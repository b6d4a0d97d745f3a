/**
 * Who may see where calls go (ours, issue 29), without zod (the dashboard's first load reads it):
 * a reader of every kind of object a trace or a finding can name — the numbers and each destination
 * type's area (a trace of a number can reach any of them, names and numbers included).
 */
import type { Resource } from '../permissions.ts';

export const CALL_FLOW_READ_RESOURCES = [
  'numbers',
  'timeprofile',
  'IVR',
  'callGroups',
  'queues',
  'seats',
  'voicemail',
  'externalExt',
  'conference',
  'SIPTrunks',
] as const satisfies readonly Resource[];

/** Routing health's findings name any routing object: the same readers as a trace. */
export const ROUTING_HEALTH_READ_RESOURCES = CALL_FLOW_READ_RESOURCES;
