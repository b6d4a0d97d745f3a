/**
 * Call queues (spec 2 §2, §3, §4, §5, §7 "Call queues", §9): /queue with the numbering plan, next
 * free number and bulk range add, the options of §9, the sounds (prompts, music on hold), and the
 * members (/queue/member) with their penalty.
 */
import {
  type CallQueue,
  type CallQueueRangeValues,
  callQueueFields,
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
import { declaredFields } from '../../platform/declared-fields.ts';
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
  ...declaredFields(callQueueFields),
  // The prompts read -1 for none; the identification reads the system announcement when no prompt is kept.
  welcomeId: promptField('welcome_id'),
  announceId: field.mapped('announce_prompt_id', 'coalesce({col}, call_queues.announce_system)', 'number', {
    toColumn: promptRow,
    references: PROMPT_REF,
  }),
  announceSystem: field.writeOnly('announce_system'),
  periodicAnnounceId: promptField('periodic_announce_id'),
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
