/** SIP trunks on the web: the resource at /trunk, and the fields shared by the add modal and the detail tabs. */
import {
  type SipTrunk,
  type SipTrunkInput,
  sipTrunkFields,
  sipTrunkInput,
  sipTrunkRoutes,
  TRUNK_CHANNELS,
} from '@switchboard/domain';
import { formFields, labelOf } from '../../platform/fields/declared-fields.ts';
import type { FieldDef } from '../../platform/fields/form-fields.tsx';
import { formValuesOf } from '../../platform/fields/form-schema.ts';
import { callerIdNumberField } from '../../platform/fields/option-sources.ts';
import type { PickerSource } from '../../platform/fields/server-picker.tsx';
import { resourceApi } from '../../platform/resource.ts';

export const trunks = resourceApi('/trunk', sipTrunkRoutes);

/** Channels: a number, not marked required (its default stands when it is left as it is). */
export const channelsField = {
  kind: 'text',
  name: 'channelLimit',
  label: labelOf(sipTrunkFields, 'channelLimit'),
  type: 'number',
} as const satisfies FieldDef<{ channelLimit: unknown }>;

/** `numbers`: the account's caller-ID numbers, searched on the server (useCallerIdSource). */
export function generalFields(numbers: PickerSource, exclude: string[]): FieldDef<SipTrunkInput>[] {
  const emergencyLocation = labelOf(sipTrunkFields, 'emergencyServicesCid');
  return formFields(
    sipTrunkFields,
    [
      'nickname',
      callerIdNumberField<SipTrunkInput>('cliNumber', numbers, 'Presented by the PBX'),
      'withholdNumber',
      // One of the account's numbers ('No Numbers Found' when it has none).
      { kind: 'picker', name: 'emergencyServicesCid', label: emergencyLocation, source: numbers, required: true },
      'trunkFailOver',
      {
        ...channelsField,
        helper: `${TRUNK_CHANNELS.min}-${TRUNK_CHANNELS.max} (retail accounts ${TRUNK_CHANNELS.retailMax})`,
      },
    ],
    { trunkFailOver: { exclude } },
  );
}

/** A trunk's form values: the record's fields the input names, and three permitted-address boxes. */
export const toValues = (t: SipTrunk): SipTrunkInput => ({
  ...formValuesOf(sipTrunkInput, t),
  permit: [...t.permit, '', '', ''].slice(0, 3),
});
