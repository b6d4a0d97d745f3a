/** Call groups and their members (spec 2: /call-groups, permission callGroups, calls on /callgroup). */
import { z } from 'zod';
import { deleteBody, deleteReply, resourceRoutes, versionedRecordFields } from '../contract.ts';
import { choice, declareFields, field, flag } from '../field-declarations.ts';
import { idParam, oneOfOptions, optionalText, recordId, requiredText } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { numberedRoutes, numberInRange, numberRange } from '../numbering.ts';
import { listReplySchema, saveReply } from '../paging.ts';
import { taggedRoutes } from '../tagged-routes.ts';
import { perDay, TIME_OF_DAY } from '../time-of-day.ts';
import { destinationField } from './destinations.ts';

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
const seconds = (values: number[]) => values.map((value) => ({ value, label: `${value} seconds` }));
/** Spec 2 §9: 10-50 s in steps of 10, default 10. */
export const CALL_GROUP_RING_TIMES = seconds([10, 20, 30, 40, 50]);
/** Spec 2 §9: a member's delay (penalty) 0-30 in steps of 5. */
export const MEMBER_DELAYS = seconds([0, 5, 10, 15, 20, 25, 30]);

const select = MESSAGES.selectOption;
export const callGroupNumber = numberInRange(CALL_GROUP_NUMBER, CALL_GROUP_MESSAGES.invalidNumber);

/** Every field of a call group, once (field-declarations.ts): the inputs, the record, the server's map, the forms. */
export const callGroupFields = declareFields({
  groupNo: field(callGroupNumber, { label: 'Number', sortable: true, searchable: true, createOnly: true }),
  customName: field(requiredText({ max: 45 }), { label: 'Name', sortable: true, searchable: true }),
  cidPrefix: field(optionalText({ max: 45 }), { label: 'Caller ID Prefix', sortable: true, searchable: true }),
  /** The music's id (the account's or the provider's); null: the provider's default. */
  musicOnHold: field(recordId(select).nullable().default(null), {
    label: 'Music On Hold',
    column: 'music_on_hold_id',
    references: 'music_on_hold',
  }),
  /** Where an unanswered call goes ('' = none). */
  falloverLocation: field(destinationField, {
    label: 'Fallover Destination',
    sortable: true,
    uses: { kind: 'destination' },
  }),
  ringType: choice(RING_TYPES, 1, { label: 'Ring Type', sortable: true, filterable: true }),
  ringTime: choice(CALL_GROUP_RING_TIMES, 10, { label: 'Ring Time', sortable: true, filterable: true }),
  answerElsewhere: flag(false, { label: 'Answer Elsewhere', filterable: true }),
  ignoreCfwd: flag(false, { label: 'Ignore Call Forwards', filterable: true }),
});

export const callGroupInput = z.object(callGroupFields.shape);
export type CallGroupInput = z.input<typeof callGroupInput>;
export type CallGroupValues = z.output<typeof callGroupInput>;

export const callGroupCreate = z.object(callGroupFields.createShape);
export type CallGroupCreate = z.input<typeof callGroupCreate>;

/** A bulk range: from, optional to, at most 10 groups, each named customName. */
export const callGroupRange = numberRange(CALL_GROUP_NUMBER, CALL_GROUP_BULK_MAX, CALL_GROUP_MESSAGES, {
  customName: requiredText({ max: 45 }),
});
export type CallGroupRange = z.input<typeof callGroupRange>;
export type CallGroupRangeValues = z.output<typeof callGroupRange>;

export const callGroupRecord = z.object({
  ...versionedRecordFields,
  ...callGroupFields.recordShape,
  /** How many members ring. */
  memberCount: z.number().int(),
});
export type CallGroup = z.infer<typeof callGroupRecord>;

const hhmm = z.string().regex(TIME_OF_DAY, { error: 'Please enter a time as HH:mm' });
export const memberDays = z.object(perDay(() => z.boolean()));
export type MemberDays = z.infer<typeof memberDays>;
export const everyDay = (): MemberDays => perDay(() => true);

/** A member: one of the account's seats or other destinations, when it rings and after what delay. */
export const callGroupMemberInput = z
  .object({
    name: destinationField.refine((v) => v !== '', { error: select }),
    days: memberDays.default(everyDay),
    start: hhmm.default('00:00'),
    end: hhmm.default('23:59'),
    penalty: oneOfOptions(MEMBER_DELAYS, 0),
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
    penalty: oneOfOptions(MEMBER_DELAYS, 0),
  })
  .refine((m) => m.end > m.start, { path: ['end'], error: CALL_GROUP_MESSAGES.timeOrder });
export type CallGroupMemberUpdate = z.input<typeof callGroupMemberUpdate>;

export const callGroupMemberRecord = z.object({
  id: z.number().int(),
  /** An edit is based on it (If-Match). */
  version: z.number().int(),
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
const { delete: del, get, post, put } = taggedRoutes(tag);

/** Spec 2 §7 "Call groups": /callgroup and its members. */
export const callGroupRoutes = {
  ...resourceRoutes('/callgroup', { tag, record: callGroupRecord, input: callGroupInput, create: callGroupCreate }),
  ...numberedRoutes('/callgroup', callGroupRange, tag),
  members: get('/callgroup/member/all/:id', { params: idParam, reply: listReplySchema(callGroupMemberRecord) }),
  addMember: post('/callgroup/member/:id', { params: idParam, body: callGroupMemberInput, reply: saveReply }),
  updateMember: put('/callgroup/member', { body: callGroupMemberUpdate, reply: saveReply }),
  removeMembers: del('/callgroup/member', { body: deleteBody, reply: deleteReply }),
};
