/** Option lists several areas pick from: prompts and the account's destinations. */
import { type DestinationOption, MESSAGES, type PromptOption } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';
import type { SelectOption } from './form-fields.tsx';

/** A select's options and the helper text its load state calls for (spec 2 §8). */
export interface SelectSource {
  options: SelectOption[];
  /** 'Failed to retrieve data.' when the load failed, 'No items found.' when it found none. */
  helper: string | undefined;
}

function helperFor(query: { isError: boolean; isSuccess: boolean }, count: number): string | undefined {
  if (query.isError) return MESSAGES.fetchFailed;
  if (query.isSuccess && count === 0) return MESSAGES.noItems;
  return undefined;
}

/** The account's prompts plus the system prompts, as select options, with the load state's helper. */
export function usePromptSelect(): SelectSource {
  const query = useQuery({
    queryKey: ['prompts', 'options'],
    queryFn: () => api.get<{ records: PromptOption[] }>('/prompts/options'),
    staleTime: 60_000,
  });
  const options = (query.data?.records ?? []).map((p) => ({
    value: p.id,
    label: p.system ? `${p.name} (system)` : p.name,
  }));
  return { options, helper: helperFor(query, options.length) };
}

export const DESTINATIONS_KEY = ['destinations'] as const;

/** Every routable object of the account (GET /destinations). */
export function useDestinationOptions() {
  return useQuery({
    queryKey: DESTINATIONS_KEY,
    queryFn: () => api.get<{ records: DestinationOption[] }>('/destinations'),
    staleTime: 15_000,
    select: (d) => d.records,
  });
}

/** The account's access lists, for number screening and seat call limits. */
export function useAccessListOptions(): SelectOption[] {
  const { data } = useQuery({
    // Under the access lists' keys, so a change to the lists refreshes the options.
    queryKey: ['/accesscontrol', 'list', 'options'],
    queryFn: () => api.post<{ records: Array<{ id: number; name: string }> }>('/accesscontrol/-1/-1', {}),
    staleTime: 30_000,
  });
  return (data?.records ?? []).map((l) => ({ value: l.id, label: l.name }));
}
