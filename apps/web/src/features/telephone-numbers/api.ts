/** Telephone numbers on the web: the resource at /numbering/allocated, and the queries the pages share. */
import { EMS_ERRORS_COUNT, telephoneNumberRoutes } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../platform/client.ts';
import { resourceApi, resourceKeys } from '../../platform/resource.ts';

export const TN_PATH = '/numbering/allocated';

export const numbers = resourceApi(TN_PATH, telephoneNumberRoutes);
export const numberKeys = numbers.keys;
/** The EMS errors list (its own area) counts and lists numbers too: an emergency update refreshes it. */
export const emsErrorKeys = resourceKeys(EMS_ERRORS_COUNT.api);

export const emsKey = (id: number | string) => [...numberKeys.detail(id), 'ems'] as const;

/** The number's emergency address and the registry's state; polled while an update is pending. */
export function useEms(id: number) {
  return useQuery({
    queryKey: emsKey(id),
    queryFn: () => call(telephoneNumberRoutes.ems, { params: { id } }),
    retry: false,
    refetchInterval: (q) => (q.state.data?.updatePending ? 2000 : false),
  });
}

export function useNumberTeams(id: number) {
  return useQuery({
    queryKey: [...numberKeys.detail(id), 'msteams'],
    queryFn: () => call(telephoneNumberRoutes.teams, { params: { id } }),
    retry: false,
  });
}
