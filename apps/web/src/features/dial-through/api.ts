/**
 * Dial-through on the web: the resource at /dialthrough, its caller-ID entries, the account's
 * numbers for the CLI, and the fields the add modal and the General tab share.
 */
import {
  DIAL_THROUGH_CHANNELS,
  DIAL_THROUGH_SWITCHES,
  type DialThroughInput,
  dialThroughRoutes,
} from '@switchboard/domain';
import type { SelectOption } from '../../platform/fields/field-props.ts';
import type { FieldDef } from '../../platform/fields/form-fields.tsx';
import type { PickerSource } from '../../platform/fields/server-picker.tsx';
import { childrenOf, listSource, resourceApi } from '../../platform/resource.ts';

export const dialThroughs = resourceApi('/dialthrough', dialThroughRoutes);
export const dialThroughKeys = dialThroughs.keys;

/** A dial-through's caller-ID entries: a change to them changes its count in the list too. */
export const clisSource = (id: number) =>
  listSource(dialThroughRoutes.clisPage, childrenOf(dialThroughKeys, id, 'clis'));

export const CHANNEL_OPTIONS: SelectOption[] = DIAL_THROUGH_CHANNELS.map((c) => ({ value: c, label: String(c) }));

/**
 * The fields of a dial-through but international calls (shown apart: they need highRisk); `numbers`:
 * the account's caller-ID numbers, searched on the server (useCallerIdSource).
 */
export function dialThroughFields(numbers: PickerSource): FieldDef<DialThroughInput>[] {
  return [
    { kind: 'text', name: 'name', label: 'Name', required: true },
    { kind: 'picker', name: 'cli', label: 'CLI', source: numbers, none: 'The caller’s own number' },
    { kind: 'switch', name: 'pinEnabled', label: 'PIN Enabled' },
    { kind: 'text', name: 'pin', label: 'PIN', helper: '4-6 digits, asked of every caller while the PIN is enabled' },
    { kind: 'select', name: 'channels', label: 'Concurrent Channels', options: CHANNEL_OPTIONS, required: true },
    ...DIAL_THROUGH_SWITCHES.filter((s) => !s.highRisk).map(
      (s): FieldDef<DialThroughInput> => ({ kind: 'switch', name: s.name, label: s.label }),
    ),
  ];
}

export const INTERNATIONAL_LABEL = DIAL_THROUGH_SWITCHES.find((s) => s.highRisk)?.label ?? 'International';

export const DIAL_THROUGH_DEFAULTS: DialThroughInput = {
  name: '',
  cli: '',
  pin: '',
  pinEnabled: true,
  ukGeo: true,
  inter: false,
  ukMob: true,
  ukOther: false,
  channels: 2,
};
