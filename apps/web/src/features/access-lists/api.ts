/**
 * Access lists on the web: the resource (list, read, create, update, delete at /accesscontrol),
 * its numbers, and the query keys and options the pages share.
 */
import {
  accessListEntryRecord,
  accessListInput,
  accessListRecord,
  listBody,
  listParamsBase,
  listReplySchema,
  recordId,
  resourceRoutes,
  route,
  saveReply,
} from '@switchboard/domain';
import { z } from 'zod';
import { listSource, resourceApi } from '../../platform/resource.ts';

export { usePromptSelect } from '../../platform/fields/option-sources.ts';

const tag = 'access-lists';
const listId = z.object({ id: recordId() });

/** The area's contract (interim, as the domain will declare it: replaced by its import when it lands). */
export const accessListRoutes = {
  ...resourceRoutes('/accesscontrol', { tag, record: accessListRecord, input: accessListInput }),
  entriesPage: route({
    method: 'POST',
    path: '/accesscontrol/:id/entries/:offset/:limit',
    params: listParamsBase.extend(listId.shape),
    body: listBody,
    reply: listReplySchema(accessListEntryRecord),
    tag,
  }),
  addEntry: route({
    method: 'POST',
    path: '/accesscontrol/entry/:id',
    params: listId,
    body: z.object({ number: z.string() }),
    reply: saveReply,
    tag,
  }),
  removeEntry: route({ method: 'DELETE', path: '/accesscontrol/entry/:id', params: listId, reply: saveReply, tag }),
};

export const accessLists = resourceApi('/accesscontrol', accessListRoutes);
export const accessListKeys = accessLists.keys;

/** A list's numbers: a change to them changes the list's entry count too. */
export const entriesSource = (id: number) =>
  listSource(accessListRoutes.entriesPage, {
    key: [...accessListKeys.detail(id), 'entries'],
    params: { id },
    invalidates: [accessListKeys.all],
  });
