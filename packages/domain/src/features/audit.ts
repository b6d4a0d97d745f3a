/**
 * The audit log (issue 13; the spec has no page for it): every write of the account — who, acting as
 * whom, when, area, record and the changed fields before → after — and the sign-ins, for those who
 * administer the account (account update) and provider admins acting as the account.
 */
import { z } from 'zod';
import { route } from '../contract.ts';
import { listBody, listParams, listReplySchema } from '../paging.ts';

export const auditChange = z.object({ from: z.unknown(), to: z.unknown() });

export const auditRecord = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  at: z.string(),
  /** Who: 'Name Surname (username)'. */
  user: z.string(),
  /** Whose account a provider admin or reseller acted as ('' when the user acted as themselves). */
  actingAs: z.string(),
  /** The area's folder name ('seats'); 'session' for sign-ins. */
  area: z.string(),
  /** create, update, delete, or the area's own verb ('password.reset', 'login'). */
  action: z.string(),
  recordId: z.number().int().nullable(),
  /** The record's name when it was changed ('' for sign-ins). */
  record: z.string(),
  changes: z.record(z.string(), auditChange),
  ip: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecord>;

/** The areas' names on the audit page (the rest show their folder name). */
export const AUDIT_AREAS: Record<string, string> = {
  account: 'Account',
  'access-lists': 'Access Lists',
  'call-groups': 'Call Groups',
  'call-monitoring': 'Call Monitoring',
  'call-queues': 'Call Queues',
  conferencing: 'Conferencing',
  disguise: 'Acting as a customer',
  'dial-through': 'Dial Through',
  ivrs: 'IVR Menus',
  mobile: 'Mobile Numbers',
  'music-on-hold': 'Music On Hold',
  nts: 'NTS Destinations',
  'pickup-groups': 'Pickup Groups',
  prompts: 'Custom Prompts',
  seats: 'Seats',
  session: 'Sign-in',
  'sip-trunks': 'SIP Trunks',
  'telephone-numbers': 'Telephone Numbers',
  ledger: 'Balance',
  'time-profiles': 'Time Profiles',
  users: 'Users',
};

export const auditRoutes = {
  list: route({
    method: 'POST',
    path: '/audit/:offset/:limit',
    params: listParams,
    body: listBody,
    reply: listReplySchema(auditRecord),
    tag: 'audit',
  }),
};
