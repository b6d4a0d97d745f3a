/** Access lists: the API paths and the option loaders the pages share. */
import type { PromptOption } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../platform/api.ts';
import type { SelectOption } from '../../platform/fields/form-fields.tsx';

export const ACL_PATH = '/accesscontrol';

/** The account's prompts plus the system prompts, as select options. */
export function usePromptOptions(): SelectOption[] {
  const { data } = useQuery({
    queryKey: ['prompts', 'options'],
    queryFn: () => api.get<{ records: PromptOption[] }>('/prompts/options'),
    staleTime: 60_000,
  });
  return (data?.records ?? []).map((p) => ({ value: p.id, label: p.system ? `${p.name} (system)` : p.name }));
}
