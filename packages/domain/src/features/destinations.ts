/**
 * Destinations: every routable object of an account (seats, trunks, time profiles now; call
 * groups, queues, IVRs, NTS, voicemail and conference as those areas land). A destination is the
 * string '{type}:{key}' — e.g. 'seat:201', 'trunk:7', 'timeprofile:300' — or 'CONFERENCING'.
 */
import { z } from 'zod';
import { route } from '../contract.ts';
import { listParams, listReplySchema } from '../paging.ts';

export const DESTINATION_TYPES = [
  'seat',
  'trunk',
  'timeprofile',
  'callgroup',
  'queue',
  'ivr',
  'nts',
  'voicemail',
  'conference',
] as const;
export type DestinationType = (typeof DESTINATION_TYPES)[number];

export const DESTINATION_TYPE_LABELS: Record<DestinationType, string> = {
  seat: 'Seat',
  trunk: 'SIP Trunk',
  timeprofile: 'Time Profile',
  callgroup: 'Call Group',
  queue: 'Call Queue',
  ivr: 'IVR',
  nts: 'NTS',
  voicemail: 'Voicemail',
  conference: 'Conference',
};

/**
 * What a call group or a call queue may have as members (spec 2 §3: a member is a seat by its name,
 * as a pickup group's is; a queue's members are the agents logging in with 120*{queue}): seats only.
 */
export const MEMBER_TYPES: readonly DestinationType[] = ['seat'];

export const CONFERENCING_DESTINATION = 'CONFERENCING';

export function destinationValue(type: DestinationType, key: string | number): string {
  return `${type}:${key}`;
}

export function parseDestination(value: string): { type: DestinationType; key: string } | null {
  const match = /^([a-z]+):(.+)$/.exec(value);
  if (!match) return null;
  const type = match[1] as DestinationType;
  return DESTINATION_TYPES.includes(type) ? { type, key: match[2] as string } : null;
}

export const destinationOption = z.object({
  value: z.string(),
  label: z.string(),
  type: z.enum(DESTINATION_TYPES),
  typeLabel: z.string(),
});
export type DestinationOption = z.infer<typeof destinationOption>;

/** A destination field: '' for none, otherwise '{type}:{key}' (existence is checked by the server). */
export const destinationField = z
  .string()
  .trim()
  .max(100)
  .refine((v) => v === '' || v === CONFERENCING_DESTINATION || parseDestination(v) !== null, {
    error: 'Please select an option',
  })
  .default('');

/** What routes to a destination: a number, a time profile, an IVR key, a fallover, a divert... */
export const usedBy = z.object({
  type: z.string(),
  name: z.string(),
  /** The referrer's page in the panel. */
  link: z.string().optional(),
});
export type UsedBy = z.infer<typeof usedBy>;

/** Spec 2 §7 '/destinations': every routable object of the account the session may read. */
export const destinationRoutes = {
  all: route({ method: 'GET', path: '/destinations', reply: listReplySchema(destinationOption), tag: 'destinations' }),
  page: route({
    method: 'POST',
    path: '/destinations/:offset/:limit',
    params: listParams,
    reply: listReplySchema(destinationOption),
    tag: 'destinations',
  }),
  /** Ours (no peer panel offers it): everything that routes to one destination ('callgroup:350'). */
  usedBy: route({
    method: 'GET',
    path: '/destinations/used-by/:value',
    params: z.object({
      value: z
        .string()
        .max(100)
        .refine((v) => parseDestination(v) !== null, { error: 'Please select an option' }),
    }),
    reply: z.object({ records: z.array(usedBy) }),
    tag: 'destinations',
  }),
};
