/**
 * Call queues on the web: the resource /queue (with the next free number and the bulk add by
 * range), its members (/queue/member), the option lists of spec 2 §9 and the fields of each tab.
 */
import {
  type CallQueue,
  type CallQueueInput,
  callQueueFields,
  callQueueInput,
  callQueueRoutes,
  QUEUE_OPTIONS,
  QUEUE_STRATEGIES,
} from '@switchboard/domain';
import { formFields, labelOf } from '../../platform/fields/declared-fields.ts';
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
export const generalFields = (self: string[]): Fields =>
  formFields(
    callQueueFields,
    [
      'customName',
      'queueCidPrefix',
      'queueTime',
      'maxLength',
      'falloverLocation',
      'joinEmpty',
      'falloverLocationEmpty',
      'answerElsewhere',
      'queueJump',
      'exitSwitch',
    ],
    { falloverLocation: { exclude: self }, falloverLocationEmpty: { exclude: self } },
  );
/** Shown while exitSwitch is on. */
export const exitTimeField: Fields = formFields(callQueueFields, ['exitTime']);

/** Member Settings: how the members are rung. */
export const memberSettingsFields: Fields = formFields(callQueueFields, [
  'strategy',
  'timeout',
  'retry',
  'wrapUpTime',
  'reportHoldTime',
]);

/**
 * Sounds: the prompts (the account's and the provider's; -1 none) and the music callers hear, and the
 * queue identification an agent hears (spec 2 §9's five, not a prompt).
 */
export function soundsFields(prompts: SelectSource, music: SelectSource): Fields {
  const prompt = (name: 'welcomeId' | 'periodicAnnounceId' | 'queueFullMessageId') => ({
    kind: 'select' as const,
    name,
    label: labelOf(callQueueFields, name),
    options: [{ value: -1, label: 'None' }, ...prompts.options],
    helper: prompts.helper,
  });
  return formFields(callQueueFields, [
    prompt('welcomeId'),
    selectFrom<CallQueueInput>(music, 'musicOnHold', labelOf(callQueueFields, 'musicOnHold'), 'Default'),
    'announceId',
    'announceHoldTime',
    'announceFrequency',
    prompt('periodicAnnounceId'),
    'periodicAnnounceFrequency',
    prompt('queueFullMessageId'),
  ]);
}
