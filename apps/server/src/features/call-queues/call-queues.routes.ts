/**
 * Call queues (spec 2 §2, §3, §4, §5, §7 "Call queues", §9): /queue with the numbering plan, next
 * free number and bulk range add, the options of §9, the sounds (prompts, music on hold), and the
 * members (/queue/member) with their penalty.
 */
import {
  type CallQueue,
  type CallQueueRangeValues,
  callQueueInput,
  callQueueRoutes,
  MEMBER_TYPES,
  MESSAGES,
  QUEUE_MESSAGES,
  QUEUE_NUMBER,
  type QueueMember,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { childCount } from '../../platform/child-count.ts';
import { field, fieldMap, versionedFields } from '../../platform/fields.ts';
import { destinationMembers } from '../../platform/members.ts';
import { numberedResource } from '../../platform/numbered.ts';
import type { Platform } from '../../platform/platform.ts';
import { ownRow, usablePrompt } from '../../platform/validators.ts';

/** A prompt id, or nothing: -1 (none) and the system announcements (-2..-5) are not rows. */
const promptRow = (v: unknown) => (Number(v) > 0 ? Number(v) : null);
const PROMPT_REF = { table: 'prompts' };
const promptField = (column: string) =>
  field.mapped(column, 'coalesce({col}, -1)', 'number', { toColumn: promptRow, references: PROMPT_REF });
const PROMPTS = ['welcomeId', 'announceId', 'periodicAnnounceId', 'queueFullMessageId'] as const;

const fields = fieldMap<CallQueue, 'announceSystem'>('call_queues', {
  ...versionedFields,
  displayName: field.number('queue_no', { sortable: true, searchable: true, createOnly: true }),
  customName: field.text('custom_name', { sortable: true, searchable: true }),
  queueTime: field.number('queue_time', { sortable: true, filterable: true }),
  maxLength: field.number('max_length', { sortable: true }),
  exitSwitch: field.boolean('exit_switch', { filterable: true }),
  exitTime: field.text('exit_time'),
  falloverLocation: field.text('fallover_location', { sortable: true, uses: { kind: 'destination' } }),
  joinEmpty: field.boolean('join_empty'),
  falloverLocationEmpty: field.text('fallover_location_empty', { uses: { kind: 'destination' } }),
  answerElsewhere: field.boolean('answer_elsewhere'),
  queueCidPrefix: field.text('queue_cid_prefix', { sortable: true, searchable: true }),
  welcomeId: promptField('welcome_id'),
  musicOnHold: field.ref('music_on_hold_id', 'music_on_hold'),
  queueJump: field.boolean('queue_jump'),
  strategy: field.text('strategy', { sortable: true, filterable: true }),
  timeout: field.number('timeout', { sortable: true }),
  retry: field.number('retry'),
  wrapUpTime: field.number('wrap_up_time', { sortable: true }),
  reportHoldTime: field.boolean('report_hold_time'),
  announceId: field.mapped('announce_prompt_id', 'coalesce({col}, call_queues.announce_system)', 'number', {
    toColumn: promptRow,
    references: PROMPT_REF,
  }),
  announceSystem: field.writeOnly('announce_system'),
  announceHoldTime: field.boolean('announce_hold_time'),
  announceFrequency: field.number('announce_frequency'),
  periodicAnnounceId: promptField('periodic_announce_id'),
  periodicAnnounceFrequency: field.number('periodic_announce_frequency'),
  queueFullMessageId: promptField('queue_full_message_id'),
  memberCount: childCount('call_queue_members', 'queue_id'),
});

const memberFields = fieldMap<QueueMember>('call_queue_members', {
  ...versionedFields,
  queueId: field.number('queue_id'),
  memberName: field.text('member', { sortable: true, uses: { kind: 'destination' } }),
  displayName: field.computed('call_queue_members.member', 'text'),
  penalty: field.number('penalty', { sortable: true }),
});

/** The lists' field maps (their sortable and filterable columns are indexed). */
export const callQueueLists = [fields, memberFields];

export function registerCallQueueRoutes(api: FastifyInstance, platform: Platform): void {
  const queues = numberedResource(api, platform, {
    area: 'call-queues',
    routes: callQueueRoutes,
    table: 'call_queues',
    permission: 'queues',
    fields,
    // The identification is one of spec 2 §9's five (-1..-5); a queue saved before that rule may
    // still read a prompt's id from announce_prompt_id, which every save now clears.
    prepare: (values) => ({ ...values, announceSystem: values.announceId < 0 ? values.announceId : -1 }),
    validate: [
      ownRow('musicOnHold', 'music_on_hold'),
      async (w) =>
        usablePrompt(...PROMPTS)({
          ...w,
          values: Object.fromEntries(PROMPTS.map((p) => [p, promptRow(w.values[p])])),
        }),
    ],
    number: {
      field: 'displayName',
      kind: 'queue',
      title: 'customName',
      unique: 'call_queues_number_uq',
      routesTo: {
        fields: ['falloverLocation', 'falloverLocationEmpty'],
        self: 'A call queue cannot fall over to itself',
      },
      bounds: QUEUE_NUMBER,
      messages: QUEUE_MESSAGES,
      range: { values: (range: CallQueueRangeValues) => callQueueInput.parse({ customName: range.customName }) },
    },
  });

  destinationMembers(api, platform, {
    parent: queues,
    table: 'call_queue_members',
    parentColumn: 'queue_id',
    fields: memberFields,
    defaultSort: { field: 'penalty', direction: 'asc' },
    member: 'memberName',
    display: 'displayName',
    unique: 'call_queue_members_uq',
    twice: QUEUE_MESSAGES.memberTwice,
    types: MEMBER_TYPES,
    notType: MESSAGES.memberSeat,
    routes: callQueueRoutes,
  });
}
