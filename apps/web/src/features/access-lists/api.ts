/** Access lists on the web: the resource at /accesscontrol, and a list's fields (the add modal's and List Details'). */
import { type AccessListInput, accessListRoutes } from '@switchboard/domain';
import type { FieldDef } from '../../platform/fields/form-fields.tsx';
import { selectFrom, usePromptSelect } from '../../platform/fields/option-sources.ts';
import { resourceApi } from '../../platform/resource.ts';

export const accessLists = resourceApi('/accesscontrol', accessListRoutes);

export function useAccessListFields(): FieldDef<AccessListInput>[] {
  const prompts = usePromptSelect();
  return [
    { kind: 'text', name: 'name', label: 'Name', required: true },
    { kind: 'text', name: 'description', label: 'Description' },
    selectFrom(prompts, 'promptId', 'Prompt'),
  ];
}
