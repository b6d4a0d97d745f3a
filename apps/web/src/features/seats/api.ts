/**
 * Seats on the web: the resource at /seat (saved by PUT, or POST as the spec also does), the next
 * free extension and the bulk add by range, and the query keys the pages share.
 */
import {
  recordId,
  resourceRoutes,
  route,
  saveReply,
  seatCreateInput,
  seatInput,
  seatRecord,
} from '@switchboard/domain';
import { z } from 'zod';
import { resourceApi } from '../../platform/resource.ts';

const tag = 'seats';

/** The area's contract (interim, as the domain will declare it: replaced by its import when it lands). */
export const seatRoutes = {
  ...resourceRoutes('/seat', { tag, record: seatRecord, input: seatInput, create: seatCreateInput, saveByPost: true }),
  next: route({
    method: 'GET',
    path: '/seat/:account/next',
    params: z.object({ account: recordId() }),
    reply: z.object({ extension: z.number().nullable() }),
    tag,
  }),
  range: route({
    method: 'POST',
    path: '/seat/range',
    // The server checks the range against the account's extension digits (seatRange(digits)).
    body: z.record(z.string(), z.unknown()),
    reply: saveReply.extend({
      results: z.array(z.object({ extension: z.number(), success: z.boolean(), message: z.string(), id: z.number() })),
    }),
    tag,
  }),
};

export const seats = resourceApi('/seat', seatRoutes);
export const seatKeys = seats.keys;
