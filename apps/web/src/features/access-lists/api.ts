/** Access lists on the web: the resource at /accesscontrol, and a list's fields (the add modal's and List Details'). */
import { type AccessListInput, accessListFields, accessListRoutes } from '@switchboard/domain';
import { formFields, labelOf } from '../../platform/fields/declared-fields.ts';
import type { FieldDef } from '../../platform/fields/form-fields.tsx';
import { selectFrom, usePromptSelect } from '../../platform/fields/option-sources.ts';
import { resourceApi } from '../../platform/resource.ts';

export const accessLists = resourceApi('/accesscontrol', accessListRoutes);

export function useAccessListFields(): FieldDef<AccessListInput>[] {
  const prompts = usePromptSelect();
  return formFields(accessListFields, [
    'name',
    'description',
    selectFrom<AccessListInput>(prompts, 'promptId', labelOf(accessListFields, 'promptId')),
  ]);
}
