/** Call queues and their members (spec 2: /call-queues, permission queues, calls on /queue). */
import { z } from 'zod';
import { deleteBody, deleteReply, resourceRoutes, versionedRecordFields } from '../contract.ts';
import { choice, declareFields, field, flag } from '../field-declarations.ts';
import { idParam, oneOfOptions, optionalText, recordId, requiredText } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { numberedRoutes, numberInRange, numberRange } from '../numbering.ts';
import { listReplySchema, saveReply } from '../paging.ts';
import { taggedRoutes } from '../tagged-routes.ts';
import { TIME_OF_DAY } from '../time-of-day.ts';
import { destinationField } from './destinations.ts';

export const QUEUE_MESSAGES = {
  invalidNumber: 'Please input a valid number',
  lessThanTo: 'Please ensure this number is less than the To field',
  tooMany: 'You cannot add more than 10 call queues at one time, please contact your account manager to add more',
  /** The spec: 'queues are likewise' (the call groups' words). */
  inUse: 'Queue number is already in use. Please select a different number',
  rangeInUse:
    '1 or more of the call queues already has the number in this selected range. Please check the range and try again',
  memberTwice: 'This member is already a part of this call queue',
  /** Ours. */
  exitTime: 'Please enter a time as HH:mm',
} as const;

export const QUEUE_NUMBER = { min: 200, max: 998 } as const;
export const QUEUE_BULK_MAX = 10;

const s = (seconds: number) =>
  seconds < 60
    ? `${seconds} seconds`
    : seconds < 3600
      ? `${seconds / 60} minute${seconds === 60 ? '' : 's'}`
      : `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
const options = (values: readonly number[], label: (v: number) => string = s) =>
  values.map((value) => ({ value, label: label(value) }));

/** Spec 2 §9 option lists. */
export const QUEUE_OPTIONS = {
  queueTime: options([0, 10, 15, 20, 25, 30, 60, 120, 180, 240, 300, 600, 1200, 1800, 3600, 7200], (v) =>
    v === 0 ? 'Unlimited' : s(v),
  ),
  maxLength: options([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70], String),
  timeout: options([10, 15, 20, 25, 30, 35, 40]),
  retry: options([5, 10, 20, 30, 60, 120, 180, 240, 300]),
  wrapUpTime: options([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 120, 180, 240, 300]),
  announceFrequency: options([0, 30, 60, 120, 180, 240, 300], (v) => (v === 0 ? 'Off' : s(v))),
  periodicAnnounceFrequency: options([0, 30, 60, 90, 120], (v) => (v === 0 ? 'Off' : `${v} seconds`)),
  penalty: options([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], String),
} as const;

export const QUEUE_STRATEGIES = [
  { value: 'ringall', label: 'Ring All' },
  { value: 'leastrecent', label: 'Least Recent' },
  { value: 'fewestcalls', label: 'Fewest Calls' },
  { value: 'random', label: 'Random' },
  { value: 'roundrobin', label: 'Round Robin' },
  { value: 'rrmemory', label: 'Round Robin with Memory' },
  { value: 'linear', label: 'Linear' },
] as const;

/**
 * Queue identification (spec 2 §9): the announcement an agent hears on answering, one of these five
 * (-1 to -5); never a custom prompt.
 */
export const QUEUE_IDENTIFICATION = [
  { value: -1, label: 'None' },
  { value: -2, label: 'Support' },
  { value: -3, label: 'Sales' },
  { value: -4, label: 'Accounting' },
  { value: -5, label: 'Purchasing' },
] as const;

/** Agents log in to queue N by dialling 120*N and out by 121*N (spec 2 §4). */
export const queueLoginCodes = (queue: number) => ({ login: `120*${queue}`, logout: `121*${queue}` });

const select = MESSAGES.selectOption;
/** A prompt of the account or the provider, or -1: none. */
const prompt = z.coerce
  .number({ error: select })
  .int({ error: select })
  .refine((v) => v === -1 || v > 0, { error: select })
  .default(-1);
export const queueNumber = numberInRange(QUEUE_NUMBER, QUEUE_MESSAGES.invalidNumber);

/** A prompt's field: its label, stored as the prompt's id or nothing (-1). */
const promptField = (label: string) => field(prompt, { label, references: 'prompts' });

/** Every stored field of a call queue, once (field-declarations.ts). */
export const callQueueFields = declareFields({
  /** The queue's number (spec 2 §3: its displayName). */
  displayName: field(queueNumber, { column: 'queue_no', sortable: true, searchable: true, createOnly: true }),
  customName: field(requiredText({ max: 45 }), { label: 'Name', sortable: true, searchable: true }),
  queueTime: choice(QUEUE_OPTIONS.queueTime, 0, { label: 'Maximum Wait', sortable: true, filterable: true }),
  maxLength: choice(QUEUE_OPTIONS.maxLength, 10, { label: 'Maximum Length', sortable: true }),
  /** Calls leave the queue at exitTime (GMT) when exitSwitch is on. */
  exitSwitch: flag(false, { label: 'Exit Queue at a Set Time', filterable: true }),
  exitTime: field(z.string().trim().regex(TIME_OF_DAY, { error: QUEUE_MESSAGES.exitTime }).default('18:00'), {
    label: 'Exit Time (GMT)',
    helper: 'HH:mm, 24-hour clock; queue exit times are GMT',
  }),
  falloverLocation: field(destinationField, {
    label: 'Fallover Destination',
    sortable: true,
    uses: { kind: 'destination' },
  }),
  joinEmpty: flag(true, { label: 'Join Empty Queue' }),
  falloverLocationEmpty: field(destinationField, { label: 'Empty Queue Destination', uses: { kind: 'destination' } }),
  answerElsewhere: flag(false, { label: 'Answer Elsewhere' }),
  queueCidPrefix: field(optionalText({ max: 45 }), { label: 'Caller ID Prefix', sortable: true, searchable: true }),
  welcomeId: promptField('Welcome Prompt'),
  musicOnHold: field(recordId(select).nullable().default(null), {
    label: 'Music On Hold',
    column: 'music_on_hold_id',
    references: 'music_on_hold',
  }),
  queueJump: flag(false, { label: 'Queue Jump' }),
  strategy: field(
    z
      .enum(
        QUEUE_STRATEGIES.map((o) => o.value),
        { error: select },
      )
      .default('ringall'),
    { label: 'Ring Strategy', options: QUEUE_STRATEGIES, sortable: true, filterable: true, record: z.string() },
  ),
  timeout: choice(QUEUE_OPTIONS.timeout, 20, { label: 'Ring Time', sortable: true }),
  retry: choice(QUEUE_OPTIONS.retry, 5, { label: 'Retry' }),
  wrapUpTime: choice(QUEUE_OPTIONS.wrapUpTime, 0, { label: 'Wrap-up Time', sortable: true }),
  reportHoldTime: flag(false, { label: 'Report Hold Time' }),
  /** Queue identification: one of the five of spec 2 §9 (-1 None to -5 Purchasing). */
  announceId: choice(QUEUE_IDENTIFICATION, -1, {
    label: 'Queue Identification',
    helper: 'What a member hears on answering',
    column: 'announce_prompt_id',
  }),
  announceHoldTime: flag(false, { label: 'Announce Hold Time' }),
  announceFrequency: choice(QUEUE_OPTIONS.announceFrequency, 0, { label: 'Announce Frequency' }),
  periodicAnnounceId: promptField('Periodic Announcement'),
  periodicAnnounceFrequency: choice(QUEUE_OPTIONS.periodicAnnounceFrequency, 0, {
    label: 'Periodic Announcement Frequency',
  }),
  queueFullMessageId: promptField('Queue Full Message'),
});

export const callQueueInput = z.object(callQueueFields.shape);
export type CallQueueInput = z.input<typeof callQueueInput>;
export type CallQueueValues = z.output<typeof callQueueInput>;

/** Create: the queue's number is its displayName (spec 2 §3). */
export const callQueueCreate = z.object(callQueueFields.createShape);
export type CallQueueCreate = z.input<typeof callQueueCreate>;

export const callQueueRange = numberRange(QUEUE_NUMBER, QUEUE_BULK_MAX, QUEUE_MESSAGES, {
  customName: requiredText({ max: 45 }),
});
export type CallQueueRange = z.input<typeof callQueueRange>;
export type CallQueueRangeValues = z.output<typeof callQueueRange>;

export const callQueueRecord = z.object({
  ...versionedRecordFields,
  ...callQueueFields.recordShape,
  memberCount: z.number().int(),
});
export type CallQueue = z.infer<typeof callQueueRecord>;

export const queueMemberInput = z.object({
  memberName: destinationField.refine((v) => v !== '', { error: select }),
  penalty: oneOfOptions(QUEUE_OPTIONS.penalty, 0),
});
export type QueueMemberInput = z.input<typeof queueMemberInput>;
export const queueMemberUpdate = z.object({
  id: recordId(MESSAGES.recordNotFound),
  penalty: oneOfOptions(QUEUE_OPTIONS.penalty, 0),
});
export type QueueMemberUpdate = z.input<typeof queueMemberUpdate>;

export const queueMemberRecord = z.object({
  id: z.number().int(),
  /** An edit is based on it (If-Match). */
  version: z.number().int(),
  queueId: z.number().int(),
  memberName: z.string(),
  displayName: z.string(),
  penalty: z.number().int(),
});
export type QueueMember = z.infer<typeof queueMemberRecord>;

const tag = 'call-queues';
const { delete: del, get, post, put } = taggedRoutes(tag);

/** Spec 2 §7 "Call queues". */
export const callQueueRoutes = {
  ...resourceRoutes('/queue', { tag, record: callQueueRecord, input: callQueueInput, create: callQueueCreate }),
  ...numberedRoutes('/queue', callQueueRange, tag),
  members: get('/queue/members/:id', { params: idParam, reply: listReplySchema(queueMemberRecord) }),
  addMember: post('/queue/member/:id', { params: idParam, body: queueMemberInput, reply: saveReply }),
  updateMember: put('/queue/member', { body: queueMemberUpdate, reply: saveReply }),
  removeMembers: del('/queue/member', { body: deleteBody, reply: deleteReply }),
};
