/** Call groups and their members (spec 2: /call-groups, permission callGroups, calls on /callgroup). */
import { z } from 'zod';
import { deleteBody, deleteReply, resourceRoutes, route, versionedRecordFields } from '../contract.ts';
import { idParam, optionalText, recordId, requiredText } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { numberedRoutes, numberInRange, numberRange } from '../numbering.ts';
import { listReplySchema, saveReply } from '../paging.ts';
import { destinationField } from './destinations.ts';
import { DAYS, type Day } from './time-profiles.ts';

export const CALL_GROUP_MESSAGES = {
  invalidNumber: 'Please input a valid number',
  lessThanTo: 'Please ensure this number is less than the To field',
  tooMany: 'You cannot add more than 10 call groups at one time, please contact your account manager to add more',
  inUse: 'Group number is already in use. Please select a different number',
  /** The spec says a range variant exists without its words: the time profiles' wording, for groups. */
  rangeInUse:
    '1 or more of the call groups already has the number in this selected range. Please check the range and try again',
  memberTwice: 'This member is already a part of this call group',
  /** Ours: start and end of a member's hours. */
  timeOrder: 'The end time must be after the start time',
} as const;

export const CALL_GROUP_NUMBER = { min: 200, max: 998 } as const;
export const CALL_GROUP_BULK_MAX = 10;
/** Spec 2 §9: 1 Ring All, 2 Round Robin. */
export const RING_TYPES = [
  { value: 1, label: 'Ring All' },
  { value: 2, label: 'Round Robin' },
] as const;
/** Spec 2 §9: 10-50 s in steps of 10, default 10. */
export const CALL_GROUP_RING_TIMES = [10, 20, 30, 40, 50] as const;
/** Spec 2 §9: a member's delay (penalty) 0-30 in steps of 5. */
export const MEMBER_DELAYS = [0, 5, 10, 15, 20, 25, 30] as const;

const select = MESSAGES.selectOption;
const oneOf = (values: readonly number[], fallback: number) =>
  z.coerce
    .number({ error: select })
    .int({ error: select })
    .refine((v) => values.includes(v), { error: select })
    .default(fallback);

export const callGroupInput = z.object({
  customName: requiredText({ max: 45 }),
  cidPrefix: optionalText({ max: 45 }),
  /** The music's id (the account's or the provider's); null: the provider's default. */
  musicOnHold: recordId(select).nullable().default(null),
  /** Where an unanswered call goes ('' = none). */
  falloverLocation: destinationField,
  answerElsewhere: z.boolean().default(false),
  ignoreCfwd: z.boolean().default(false),
  ringType: oneOf(
    RING_TYPES.map((t) => t.value),
    1,
  ),
  ringTime: oneOf(CALL_GROUP_RING_TIMES, 10),
});
export type CallGroupInput = z.input<typeof callGroupInput>;
export type CallGroupValues = z.output<typeof callGroupInput>;

export const callGroupNumber = numberInRange(CALL_GROUP_NUMBER, CALL_GROUP_MESSAGES.invalidNumber);
export const callGroupCreate = callGroupInput.extend({ groupNo: callGroupNumber });
export type CallGroupCreate = z.input<typeof callGroupCreate>;

/** A bulk range: from, optional to, at most 10 groups, each named customName. */
export const callGroupRange = numberRange(CALL_GROUP_NUMBER, CALL_GROUP_BULK_MAX, CALL_GROUP_MESSAGES, {
  customName: requiredText({ max: 45 }),
});
export type CallGroupRange = z.input<typeof callGroupRange>;
export type CallGroupRangeValues = z.output<typeof callGroupRange>;

export const callGroupRecord = z.object({
  ...versionedRecordFields,
  groupNo: z.number().int(),
  customName: z.string(),
  cidPrefix: z.string(),
  musicOnHold: z.number().int().nullable(),
  falloverLocation: z.string(),
  answerElsewhere: z.boolean(),
  ignoreCfwd: z.boolean(),
  ringType: z.number().int(),
  ringTime: z.number().int(),
  /** How many members ring. */
  memberCount: z.number().int(),
});
export type CallGroup = z.infer<typeof callGroupRecord>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Please enter a time as HH:mm' });
export const memberDays = z.object(Object.fromEntries(DAYS.map((d) => [d, z.boolean()])) as Record<Day, z.ZodBoolean>);
export type MemberDays = z.infer<typeof memberDays>;
export const everyDay = (): MemberDays => Object.fromEntries(DAYS.map((d) => [d, true])) as MemberDays;

/** A member: one of the account's seats or other destinations, when it rings and after what delay. */
export const callGroupMemberInput = z
  .object({
    name: destinationField.refine((v) => v !== '', { error: select }),
    days: memberDays.default(everyDay),
    start: hhmm.default('00:00'),
    end: hhmm.default('23:59'),
    penalty: oneOf(MEMBER_DELAYS, 0),
  })
  .refine((m) => m.end > m.start, { path: ['end'], error: CALL_GROUP_MESSAGES.timeOrder });
export type CallGroupMemberInput = z.input<typeof callGroupMemberInput>;

/** PUT /callgroup/member: the member's id with its settings (the member itself is not changed). */
export const callGroupMemberUpdate = z
  .object({
    id: recordId(MESSAGES.recordNotFound),
    days: memberDays,
    start: hhmm,
    end: hhmm,
    penalty: oneOf(MEMBER_DELAYS, 0),
  })
  .refine((m) => m.end > m.start, { path: ['end'], error: CALL_GROUP_MESSAGES.timeOrder });
export type CallGroupMemberUpdate = z.input<typeof callGroupMemberUpdate>;

export const callGroupMemberRecord = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  /** The destination ('seat:201'). */
  name: z.string(),
  /** How the panel shows it ('Seat 201 - Reception'). */
  displayName: z.string(),
  days: memberDays,
  start: z.string(),
  end: z.string(),
  penalty: z.number().int(),
});
export type CallGroupMember = z.infer<typeof callGroupMemberRecord>;

const tag = 'call-groups';

/** Spec 2 §7 "Call groups": /callgroup and its members. */
export const callGroupRoutes = {
  ...resourceRoutes('/callgroup', { tag, record: callGroupRecord, input: callGroupInput, create: callGroupCreate }),
  ...numberedRoutes('/callgroup', callGroupRange, tag),
  members: route({
    method: 'GET',
    path: '/callgroup/member/all/:id',
    params: idParam,
    reply: listReplySchema(callGroupMemberRecord),
    tag,
  }),
  addMember: route({
    method: 'POST',
    path: '/callgroup/member/:id',
    params: idParam,
    body: callGroupMemberInput,
    reply: saveReply,
    tag,
  }),
  updateMember: route({ method: 'PUT', path: '/callgroup/member', body: callGroupMemberUpdate, reply: saveReply, tag }),
  removeMembers: route({ method: 'DELETE', path: '/callgroup/member', body: deleteBody, reply: deleteReply, tag }),
};
