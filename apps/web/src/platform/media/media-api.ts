/**
 * A media library on the web (music on hold, custom prompts; voicemail greetings as they come): the
 * list of the account's items beside the provider's read-only ones, an item and its uses, delete,
 * an optional rename, the upload and the URL streaming an item's stored audio.
 *
 *   export const prompts = mediaApi('/prompt', promptRoutes);
 */
import type { ListReply, RouteContract, SaveReply } from '@switchboard/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ifMatch } from '../api.ts';
import { send } from '../client.ts';
import { resourceKeys } from '../query-keys.ts';
import { type ListSource, listSource } from '../resource.ts';

/** What every library lists and shows (the server's media record). */
export interface MediaItem {
  id: number;
  name: string;
  /** How many records use it ('Used In'). */
  count: number;
  /** 0 for the provider's items, which are read-only. */
  accountNo: number;
  fileSize: number;
  uploadedAt: string | null;
}

/** A use of an item: the table ('Seat', 'IVR') and the row's name. */
export interface MediaUse {
  table: string;
  name: string;
}

export interface MediaRoutes {
  list: RouteContract & { reply: z.ZodType<ListReply<MediaItem>> };
  read: RouteContract;
  remove: RouteContract;
  usage: RouteContract;
  upload: RouteContract;
  /** GET {path}/:id/audio: the stored file, streamed. */
  audio: RouteContract;
  /** PUT {path}/:id with { name } (prompts). */
  rename?: RouteContract;
}

export function mediaApi(root: string, routes: MediaRoutes) {
  const keys = resourceKeys(root);
  const renameRoute = routes.rename;
  // Every library's records are media items (the server's one media record, aliases aside).
  const list: ListSource<MediaItem> = listSource(routes.list, { key: keys.lists(), invalidates: [keys.all] });
  return {
    root,
    routes,
    keys,
    list,
    detail: (id: number | string) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: () => send<MediaItem>(routes.read, { params: { id: Number(id) } }),
        retry: false,
        // Its count changes with other areas' saves (a record choosing it): read afresh on each visit.
        staleTime: 0,
      }),
    /** Every use of the item. */
    usage: (id: number | string) =>
      queryOptions({
        queryKey: [...keys.detail(id), 'usage'],
        queryFn: () => send<{ records: MediaUse[] }>(routes.usage, { params: { id: Number(id) } }),
        staleTime: 0,
      }),
    remove: (id: number) => send<SaveReply>(routes.remove, { params: { id } }),
    rename: renameRoute
      ? (id: number, name: string, version?: number) =>
          send<SaveReply>(renameRoute, {
            params: { id },
            body: { name },
            headers: ifMatch(version),
          })
      : undefined,
  };
}
export type MediaApi = ReturnType<typeof mediaApi>;

/** The provider's items are read-only, and items in use cannot be deleted (spec 3 §4). */
export const deletableMedia = (m: MediaItem) => m.accountNo !== 0 && m.count === 0;
