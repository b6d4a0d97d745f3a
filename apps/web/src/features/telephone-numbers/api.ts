/** Telephone numbers: API paths and the queries the pages share. */
import type { EmsRecord, NumberTeams } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../platform/api.ts';

export const TN_PATH = '/numbering/allocated';
export const EMS_ERRORS_PATH = '/numbering/allocated/ems/errors';

export const emsKey = (id: number | string) => ['record', TN_PATH, String(id), 'ems'] as const;

/** The number's emergency address and the registry's state; polled while an update is pending. */
export function useEms(id: number) {
  return useQuery({
    queryKey: emsKey(id),
    queryFn: () => api.get<EmsRecord>(`${TN_PATH}/${id}/ems`),
    retry: false,
    refetchInterval: (q) => (q.state.data?.updatePending ? 2000 : false),
  });
}

export function useNumberTeams(id: number) {
  return useQuery({
    queryKey: ['record', TN_PATH, String(id), 'msteams'],
    queryFn: () => api.get<NumberTeams>(`${TN_PATH}/msteams/${id}`),
    retry: false,
  });
}
