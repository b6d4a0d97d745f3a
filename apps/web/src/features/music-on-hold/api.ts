/** Music on hold on the web: the list, a record and its uses, delete and upload (no JSON edit). */
import { type MusicOnHold, musicOnHoldRoutes } from '@switchboard/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../platform/client.ts';
import { resourceKeys } from '../../platform/query-keys.ts';
import { listSource } from '../../platform/resource.ts';

const keys = resourceKeys('/musiconhold');

export const music = {
  keys,
  list: listSource(musicOnHoldRoutes.list, { key: keys.lists(), invalidates: [keys.all] }),
  detail: (id: number | string) =>
    queryOptions({
      queryKey: keys.detail(id),
      queryFn: () => call(musicOnHoldRoutes.read, { params: { id: Number(id) } }),
      retry: false,
      // Its count changes with other areas' saves (a seat choosing it): read afresh on each visit.
      staleTime: 0,
    }),
  /** Every use of the music (/usage/-1/-1). */
  usage: (id: number | string) =>
    queryOptions({
      queryKey: [...keys.detail(id), 'usage'],
      queryFn: () => call(musicOnHoldRoutes.usage, { params: { id: Number(id) } }),
      staleTime: 0,
    }),
  remove: (id: number) => call(musicOnHoldRoutes.remove, { params: { id } }),
};

/** The provider's music is read-only, and music in use cannot be deleted (spec 3 §4). */
export const deletable = (m: MusicOnHold) => m.accountNo !== 0 && m.count === 0;
