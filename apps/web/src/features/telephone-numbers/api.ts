/** Telephone numbers on the web: the resource at /numbering/allocated, and the queries the pages share. */
import { EMS_ERRORS_COUNT, telephoneNumberRoutes } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { recordPart, resourceApi, resourceKeys } from '../../platform/resource.ts';

export const numbers = resourceApi('/numbering/allocated', telephoneNumberRoutes);
/** What an emergency update changes: the number, its list's emergency column, the EMS errors list (its own area). */
export const emsChanges = [numbers.keys.all, resourceKeys(EMS_ERRORS_COUNT.api).all];

/** How often a pending emergency address update is looked at. */
export const EMS_POLL_MS = 2000;

/** The number's emergency address and the registry's state. */
export const emsQuery = (id: number) => recordPart(numbers.keys, telephoneNumberRoutes.ems, id, 'ems');

/** The emergency address, polled while an update is pending. */
export const useEms = (id: number) =>
  useQuery({ ...emsQuery(id), refetchInterval: (q) => (q.state.data?.updatePending ? EMS_POLL_MS : false) });

export const useNumberTeams = (id: number) =>
  useQuery(recordPart(numbers.keys, telephoneNumberRoutes.teams, id, 'msteams'));
