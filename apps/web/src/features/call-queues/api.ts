/**
 * Call queues on the web: the resource /queue (with the next free number and the bulk add by
 * range), its members (/queue/member), the option lists of spec 2 §9 and the fields of each tab.
 */
import {
  type CallQueue,
  type CallQueueInput,
  callQueueInput,
  callQueueRoutes,
  QUEUE_IDENTIFICATION,
  QUEUE_OPTIONS,
  QUEUE_STRATEGIES,
} from '@switchboard/domain';
import type { FieldDef } from '../../platform/fields/form-fields.tsx';
import { formValuesOf } from '../../platform/fields/form-schema.ts';
import { optionLabel, type SelectSource, selectFrom } from '../../platform/fields/option-sources.ts';
import { resourceApi } from '../../platform/resource.ts';

export const callQueues = resourceApi('/queue', callQueueRoutes);
export const callQueueKeys = callQueues.keys;

/** The option lists of spec 2 §9 (and the ring strategies), as the selects show them. */
export const OPTIONS = { ...QUEUE_OPTIONS, strategy: QUEUE_STRATEGIES };

export const strategyLabel = (value: string) => optionLabel(QUEUE_STRATEGIES, value);
export const queueTimeLabel = (value: number) => optionLabel(QUEUE_OPTIONS.queueTime, value);

/** The queue's form values; a strategy the select does not offer shows as Ring All. */
export const toQueueValues = (q: CallQueue): CallQueueInput => ({
  ...formValuesOf(callQueueInput, q),
  strategy: QUEUE_STRATEGIES.find((o) => o.value === q.strategy)?.value ?? 'ringall',
});

type Fields = FieldDef<CallQueueInput>[];

/** General: the queue's name, how long and how many callers wait, where they go otherwise. */
export const generalFields = (self: string[]): Fields => [
  { kind: 'text', name: 'customName', label: 'Name', required: true },
  { kind: 'text', name: 'queueCidPrefix', label: 'Caller ID Prefix' },
  { kind: 'select', name: 'queueTime', label: 'Maximum Wait', options: OPTIONS.queueTime },
  { kind: 'select', name: 'maxLength', label: 'Maximum Length', options: OPTIONS.maxLength },
  { kind: 'destination', name: 'falloverLocation', label: 'Fallover Destination', exclude: self },
  { kind: 'switch', name: 'joinEmpty', label: 'Join Empty Queue' },
  { kind: 'destination', name: 'falloverLocationEmpty', label: 'Empty Queue Destination', exclude: self },
  { kind: 'switch', name: 'answerElsewhere', label: 'Answer Elsewhere' },
  { kind: 'switch', name: 'queueJump', label: 'Queue Jump' },
  { kind: 'switch', name: 'exitSwitch', label: 'Exit Queue at a Set Time' },
];
/** Shown while exitSwitch is on. */
export const exitTimeField: Fields = [
  {
    kind: 'text',
    name: 'exitTime',
    label: 'Exit Time (GMT)',
    helper: 'HH:mm, 24-hour clock; queue exit times are GMT',
  },
];

/** Member Settings: how the members are rung. */
export const memberSettingsFields: Fields = [
  { kind: 'select', name: 'strategy', label: 'Ring Strategy', options: OPTIONS.strategy },
  { kind: 'select', name: 'timeout', label: 'Ring Time', options: OPTIONS.timeout },
  { kind: 'select', name: 'retry', label: 'Retry', options: OPTIONS.retry },
  { kind: 'select', name: 'wrapUpTime', label: 'Wrap-up Time', options: OPTIONS.wrapUpTime },
  { kind: 'switch', name: 'reportHoldTime', label: 'Report Hold Time' },
];

/**
 * Sounds: the prompts (the account's and the provider's; -1 none) and the music callers hear, and the
 * queue identification an agent hears (spec 2 §9's five, not a prompt).
 */
export function soundsFields(prompts: SelectSource, music: SelectSource): Fields {
  const prompt = (name: 'welcomeId' | 'periodicAnnounceId' | 'queueFullMessageId', label: string) => ({
    kind: 'select' as const,
    name,
    label,
    options: [{ value: -1, label: 'None' }, ...prompts.options],
    helper: prompts.helper,
  });
  return [
    prompt('welcomeId', 'Welcome Prompt'),
    selectFrom(music, 'musicOnHold', 'Music On Hold', 'Default'),
    {
      kind: 'select',
      name: 'announceId',
      label: 'Queue Identification',
      options: [...QUEUE_IDENTIFICATION],
      helper: 'What a member hears on answering',
    },
    { kind: 'switch', name: 'announceHoldTime', label: 'Announce Hold Time' },
    { kind: 'select', name: 'announceFrequency', label: 'Announce Frequency', options: OPTIONS.announceFrequency },
    prompt('periodicAnnounceId', 'Periodic Announcement'),
    {
      kind: 'select',
      name: 'periodicAnnounceFrequency',
      label: 'Periodic Announcement Frequency',
      options: OPTIONS.periodicAnnounceFrequency,
    },
    prompt('queueFullMessageId', 'Queue Full Message'),
  ];
}
