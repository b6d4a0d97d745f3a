/** The count of numbers with failed emergency data (the dashboard reads the same query). */
import { EMS_ERRORS_COUNT, type ListReply } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../platform/api.ts';

export function useEmsErrorCount() {
  return useQuery({
    queryKey: ['list', EMS_ERRORS_COUNT.api, 'count'],
    queryFn: async () => (await api.post<ListReply<unknown>>(`${EMS_ERRORS_COUNT.api}/0/1`, {})).totalRecords,
    staleTime: 30_000,
  });
}
