/** Outbound caller-ID lists on the web: the resource at /outboundclilist, and a list's fields (the add modal's and Details'). */
import { type OutboundCliInput, outboundCliFields, outboundCliRoutes } from '@switchboard/domain';
import { formFields, labelOf } from '../../platform/fields/declared-fields.ts';
import type { FieldDef } from '../../platform/fields/form-fields.tsx';
import { useCallerIdSource } from '../../platform/fields/option-sources.ts';
import { resourceApi } from '../../platform/resource.ts';

export const outboundClis = resourceApi('/outboundclilist', outboundCliRoutes);

export function useOutboundCliFields(): FieldDef<OutboundCliInput>[] {
  const numbers = useCallerIdSource();
  return formFields(outboundCliFields, [
    'name',
    'description',
    {
      kind: 'picker',
      multiple: true,
      name: 'numbers',
      label: labelOf(outboundCliFields, 'numbers'),
      source: numbers,
      required: true,
      helper: outboundCliFields.meta.numbers.helper,
    },
  ]);
}
