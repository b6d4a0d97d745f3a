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

/** The most a destination search answers at once (and the most values a labels call takes). */
export const DESTINATION_PAGE_MAX = 50;

const typeList = z
  .string()
  .max(200)
  .refine((v) => v.split(',').every((t) => (DESTINATION_TYPES as readonly string[]).includes(t)), {
    error: 'Please select an option',
  });

/**
 * Ours: the pickers' search. `q` is found anywhere in a label ('201 - Reception'), case folded;
 * `type` keeps the kinds given ('seat,voicemail'); paged by `offset` and `limit` (1-50) in the
 * order the whole list has (kind, then each kind's order). `lastPage` says whether more follow.
 */
export const destinationSearchQuery = z.object({
  q: z.string().max(100).optional(),
  type: typeList.optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(DESTINATION_PAGE_MAX).default(20),
});
export type DestinationSearch = z.input<typeof destinationSearchQuery>;

/** Ours: the labels of the values a page shows ('seat:201,trunk:7'; at most 50). */
export const destinationLabelsQuery = z.object({
  ids: z
    .string()
    .min(1)
    .max(DESTINATION_PAGE_MAX * 40)
    .refine(
      (v) => {
        const ids = v.split(',');
        return (
          ids.length <= DESTINATION_PAGE_MAX &&
          ids.every((id) => id === CONFERENCING_DESTINATION || parseDestination(id) !== null)
        );
      },
      { error: 'Please select an option' },
    ),
});

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
  /** Ours: a page of the choices a search finds (the pickers; the whole list is -1/-1 above). */
  search: route({
    method: 'GET',
    path: '/destinations/search',
    query: destinationSearchQuery,
    reply: z.object({ records: z.array(destinationOption), lastPage: z.boolean() }),
    tag: 'destinations',
  }),
  /** Ours: the choices of the values given, for the labels of what a page shows. */
  labels: route({
    method: 'GET',
    path: '/destinations/labels',
    query: destinationLabelsQuery,
    reply: z.object({ records: z.array(destinationOption) }),
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
