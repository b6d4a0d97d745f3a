/**
 * Call groups on the web: the resource /callgroup (with the next free number and the bulk add by
 * range), its members (/callgroup/member), the option labels and the fields the pages share.
 */
import {
  type CallGroupInput,
  type CallGroupMemberInput,
  type CallGroupMemberUpdate,
  callGroupFields,
  callGroupRoutes,
  DAY_LABELS,
  DAYS,
  MEMBER_DELAYS,
  MEMBER_TYPES,
  RING_TYPES,
} from '@switchboard/domain';
import { formFields, labelOf } from '../../platform/fields/declared-fields.ts';
import type { FieldDef } from '../../platform/fields/form-fields.tsx';
import { optionLabel, type SelectSource, selectFrom } from '../../platform/fields/option-sources.ts';
import { resourceApi } from '../../platform/resource.ts';

export const callGroups = resourceApi('/callgroup', callGroupRoutes);
export const callGroupKeys = callGroups.keys;

export const DAY_OPTIONS = DAYS.map((d) => ({ key: d, label: DAY_LABELS[d] }));

export const ringTypeLabel = (value: number) => optionLabel(RING_TYPES, value);

/** The General tab's fields; `self` is the group's own destination (it may not fall over to itself). */
export function generalFields(music: SelectSource, self: string[]): FieldDef<CallGroupInput>[] {
  return formFields(
    callGroupFields,
    [
      'customName',
      'cidPrefix',
      selectFrom<CallGroupInput>(music, 'musicOnHold', labelOf(callGroupFields, 'musicOnHold'), 'Default'),
      'falloverLocation',
      'ringType',
      'ringTime',
      'answerElsewhere',
      'ignoreCfwd',
    ],
    { falloverLocation: { exclude: self } },
  );
}

/** When a member rings: its days, hours and delay (shared by the add and the edit modals). */
type Schedule = Pick<CallGroupMemberUpdate, 'days' | 'start' | 'end' | 'penalty'>;
const scheduleFields: FieldDef<Schedule>[] = [
  { kind: 'checkboxes', name: 'days', label: 'Days', options: DAY_OPTIONS },
  { kind: 'text', name: 'start', label: 'Start', helper: 'HH:mm, 24-hour clock' },
  { kind: 'text', name: 'end', label: 'End', helper: 'HH:mm, 24-hour clock' },
  { kind: 'select', name: 'penalty', label: 'Delay', options: MEMBER_DELAYS },
];

/** The add modal: the member (any destination but the group itself) and when it rings. */
/** Adding a member: one of the account's seats (spec 2: members are seats), then its schedule. */
export const memberAddFields: FieldDef<CallGroupMemberInput>[] = [
  { kind: 'destination', name: 'name', label: 'Member', required: true, types: MEMBER_TYPES },
  ...scheduleFields,
];
export const memberEditFields: FieldDef<CallGroupMemberUpdate>[] = scheduleFields;

/** The days a member rings, shortened ('Every day', 'Mon–Fri', 'Mon, Wed'). */
export function daysText(days: Record<string, boolean>): string {
  const on = DAYS.flatMap((d, i) => (days[d] ? [i] : []));
  if (on.length === DAYS.length) return 'Every day';
  if (on.length === 0) return 'Never';
  const short = (i: number) => DAY_LABELS[DAYS[i] ?? 'monday'].slice(0, 3);
  const first = on[0] ?? 0;
  const last = on[on.length - 1] ?? 0;
  const run = on.length > 2 && last - first + 1 === on.length;
  return run ? `${short(first)}–${short(last)}` : on.map(short).join(', ');
}
