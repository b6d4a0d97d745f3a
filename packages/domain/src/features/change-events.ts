/**
 * The change events' consumers as provider admins see and repair them (issue 26 item 2): the
 * Change Events page lists each consumer's position and lag (`auditRoutes.consumers`) and the events
 * it gave up on (dead: parked after its attempts, each with its error), and puts one or all of them
 * back for delivery (Retry, Retry all).
 */
import { z } from 'zod';
import { pagedListRoute, route } from '../contract.ts';
import { recordId } from '../fields.ts';
import { saveReply } from '../paging.ts';

/** A consumer's name as declared (`consumer('audit', …)` on the server). */
const consumerName = z.string().regex(/^[a-z][a-z0-9-]{0,62}$/, { error: 'Not a consumer name' });

export const deadEventRecord = z.object({
  consumer: z.string(),
  /** The change event's id. */
  eventId: z.number().int(),
  /** Failed attempts at it so far, and the last one's error. */
  attempts: z.number().int(),
  error: z.string(),
  /** When it was parked, or last failed a retry (ISO 8601). */
  parkedAt: z.string(),
  /** When it was put back for delivery (Retry), until it is delivered or fails again. */
  requeuedAt: z.string().nullable(),
  /** The event while it is kept: when, whose account, its area and kind, the record's name. */
  at: z.string().nullable(),
  accountNo: z.number().int().nullable(),
  area: z.string(),
  kind: z.string(),
  recordId: z.number().int().nullable(),
  label: z.string(),
});
export type DeadEventRecord = z.infer<typeof deadEventRecord>;

export const consumerParam = z.object({ name: consumerName });
export const deadEventParams = z.object({
  name: consumerName,
  eventId: recordId('Not an event id'),
});

const tag = 'change-events';

export const changeEventRoutes = {
  /**
   * The dead events, the last parked first; `filters.consumer` one consumer's; `search` in the error,
   * the event's area or its record's name.
   */
  dead: pagedListRoute('/change-consumers/dead', deadEventRecord, tag),
  /** Puts one dead event back for delivery to its consumer. */
  retry: route({
    method: 'POST',
    path: '/change-consumers/:name/dead/:eventId/retry',
    params: deadEventParams,
    reply: saveReply,
    tag,
  }),
  /** Puts every dead event of a consumer back for delivery. */
  retryAll: route({
    method: 'POST',
    path: '/change-consumers/:name/retry',
    params: consumerParam,
    reply: saveReply,
    tag,
  }),
};
