import type { AccessListInput } from '@switchboard/domain';
import type { FieldDef } from '../../platform/fields/form-fields.tsx';
import { type SelectSource, selectFrom } from '../../platform/fields/option-sources.ts';

/** The fields of an access list, shared by the add modal and the List Details tab. */
export function accessListFields(prompts: SelectSource): FieldDef<AccessListInput>[] {
  return [
    { kind: 'text', name: 'name', label: 'Name', required: true },
    { kind: 'text', name: 'description', label: 'Description' },
    selectFrom(prompts, 'promptId', 'Prompt'),
  ];
}
