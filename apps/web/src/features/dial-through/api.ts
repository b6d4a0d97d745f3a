/**
 * Dial-through on the web: the resource at /dialthrough, its caller-ID entries, the account's
 * numbers for the CLI, and the fields the add modal and the General tab share.
 */
import { type DialThroughInput, dialThroughFields, dialThroughRoutes } from '@switchboard/domain';
import { formFields, labelOf } from '../../platform/fields/declared-fields.ts';
import type { SelectOption } from '../../platform/fields/field-props.ts';
import type { FieldDef } from '../../platform/fields/form-fields.tsx';
import type { PickerSource } from '../../platform/fields/server-picker.tsx';
import { childrenOf, listSource, resourceApi } from '../../platform/resource.ts';

export const dialThroughs = resourceApi('/dialthrough', dialThroughRoutes);
export const dialThroughKeys = dialThroughs.keys;

/** A dial-through's caller-ID entries: a change to them changes its count in the list too. */
export const clisSource = (id: number) =>
  listSource(dialThroughRoutes.clisPage, childrenOf(dialThroughKeys, id, 'clis'));

export const CHANNEL_OPTIONS: readonly SelectOption[] = dialThroughFields.meta.channels.options;

/**
 * The fields of a dial-through but international calls (shown apart: they need highRisk); `numbers`:
 * the account's caller-ID numbers, searched on the server (useCallerIdSource).
 */
export function dialThroughFormFields(numbers: PickerSource): FieldDef<DialThroughInput>[] {
  return formFields<DialThroughInput>(dialThroughFields, [
    'name',
    {
      kind: 'picker',
      name: 'cli',
      label: labelOf(dialThroughFields, 'cli'),
      source: numbers,
      none: 'The caller’s own number',
    },
    'pinEnabled',
    'pin',
    {
      kind: 'select',
      name: 'channels',
      label: labelOf(dialThroughFields, 'channels'),
      options: CHANNEL_OPTIONS,
      required: true,
    },
    'ukGeo',
    'ukMob',
    'ukOther',
  ]);
}

export const INTERNATIONAL_LABEL = labelOf(dialThroughFields, 'inter');

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
