/** Telephone numbers on the web: the resource at /numbering/allocated, and the queries the pages share. */
import { EMS_ERRORS_COUNT, telephoneNumberRoutes } from '@switchboard/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../platform/client.ts';
import { resourceApi, resourceKeys } from '../../platform/resource.ts';

export const numbers = resourceApi('/numbering/allocated', telephoneNumberRoutes);
/** The EMS errors list (its own area) counts and lists numbers too: an emergency update refreshes it. */
export const emsErrorKeys = resourceKeys(EMS_ERRORS_COUNT.api);

/** How often a pending emergency address update is looked at. */
export const EMS_POLL_MS = 2000;

/** The number's emergency address and the registry's state. */
export const emsQuery = (id: number) =>
  queryOptions({
    queryKey: [...numbers.keys.detail(id), 'ems'],
    queryFn: () => call(telephoneNumberRoutes.ems, { params: { id } }),
    retry: false,
  });

/** The emergency address, polled while an update is pending. */
export const useEms = (id: number) =>
  useQuery({ ...emsQuery(id), refetchInterval: (q) => (q.state.data?.updatePending ? EMS_POLL_MS : false) });

export function useNumberTeams(id: number) {
  return useQuery({
    queryKey: [...numbers.keys.detail(id), 'msteams'],
    queryFn: () => call(telephoneNumberRoutes.teams, { params: { id } }),
    retry: false,
  });
}
