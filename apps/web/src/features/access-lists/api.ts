/**
 * Access lists on the web: the resource (list, read, create, update, delete at /accesscontrol),
 * its numbers, and the query keys and options the pages share.
 */
import { accessListRoutes } from '@switchboard/domain';
import { childrenOf, listSource, resourceApi } from '../../platform/resource.ts';

export { usePromptSelect } from '../../platform/fields/option-sources.ts';

export const accessLists = resourceApi('/accesscontrol', accessListRoutes);

/** A list's numbers: a change to them changes the list's entry count too. */
export const entriesSource = (id: number) =>
  listSource(accessListRoutes.entriesPage, childrenOf(accessLists.keys, id, 'entries'));
