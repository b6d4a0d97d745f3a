import type { AccessListInput } from '@switchboard/domain';
import type { FieldDef, SelectOption } from '../../platform/fields/form-fields.tsx';

/** The fields of an access list, shared by the add modal and the List Details tab. */
export function accessListFields(prompts: SelectOption[]): FieldDef<AccessListInput>[] {
  return [
    { kind: 'text', name: 'name', label: 'Name', required: true },
    { kind: 'text', name: 'description', label: 'Description' },
    { kind: 'select', name: 'promptId', label: 'Prompt', options: prompts, nullable: true },
  ];
}
