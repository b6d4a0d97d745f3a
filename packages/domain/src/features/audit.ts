/**
 * The audit log (issue 13; the spec has no page for it): every write of the account — who, acting as
 * whom, when, area, record and the changed fields before → after — and the sign-ins, for those who
 * administer the account (account update) and provider admins acting as the account.
 */
import { z } from 'zod';
import { keysetListRoute, route } from '../contract.ts';

export const auditChange = z.object({ from: z.unknown(), to: z.unknown() });

export const auditRecord = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  at: z.string(),
  /** Who: 'Name Surname (username)'. */
  user: z.string(),
  /** Whose account a provider admin or reseller acted as ('' when the user acted as themselves). */
  actingAs: z.string(),
  /** The area's id ('seats'; 'session' for sign-ins): its name is `AREA_NAMES[area]`. */
  area: z.string(),
  /** create, update, delete, or the area's own verb ('password.reset', 'login'). */
  action: z.string(),
  recordId: z.number().int().nullable(),
  /** The record's name when it was changed ('' for sign-ins). */
  record: z.string(),
  changes: z.record(z.string(), auditChange),
  /**
   * The names of the destinations the changes hold ('timeprofile:300' → '300 - Office hours'), as
   * the destination picker names them now; a destination since deleted is not named.
   */
  labels: z.record(z.string(), z.string()),
  ip: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecord>;

/** A consumer of the change events (the audit log is one), as the provider admins see it. */
export const changeConsumerRecord = z.object({
  name: z.string(),
  /** The last event delivered or given up on (0 before the first). */
  position: z.number().int(),
  /** Events recorded and not yet delivered to it, and the age in seconds of the oldest of them. */
  lagEvents: z.number().int(),
  lagSeconds: z.number().int(),
  delivered: z.number().int(),
  /** Failed attempts at the event it is on; when it tries again (ISO 8601); the last error. */
  attempts: z.number().int(),
  retryAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Events it gave up on after its attempts (kept with their errors). */
  dead: z.number().int(),
});
export type ChangeConsumerRecord = z.infer<typeof changeConsumerRecord>;

export const auditRoutes = {
  /** Newest first by (at, id); a page answers the cursor of the next (keyset paging, issue 26). */
  list: keysetListRoute('/audit', auditRecord, 'audit'),
  /** The change events' consumers with their lag (provider admins). */
  consumers: route({
    method: 'GET',
    path: '/change-consumers',
    reply: z.object({ consumers: z.array(changeConsumerRecord) }),
    tag: 'audit',
  }),
};
