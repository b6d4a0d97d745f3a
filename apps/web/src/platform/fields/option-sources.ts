/** Option lists several areas pick from: prompts, music, caller IDs, access and outbound CLI lists (destinations: destination-source.tsx). */
import {
  accessListRoutes,
  MESSAGES,
  mayLoadOptions,
  musicOnHoldRoutes,
  type OptionList,
  outboundCliRoutes,
  promptRoutes,
  telephoneNumberRoutes,
} from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { call } from '../client.ts';
import { useSession } from '../session-context.ts';
import type { SelectOption } from './field-props.ts';
import type { FieldDef } from './form-fields.tsx';
import { type PickerSource, searchedChoices } from './server-picker.tsx';

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

/**
 * Whether the signed-in user may load the option list `list` (the domain's OPTION_READERS, the
 * server's guard): a list they may not read is never asked for — its select stays empty.
 */
export function useMayLoadOptions(list: OptionList): boolean {
  const { can } = useSession();
  return mayLoadOptions(can, list);
}

/** The account's prompts plus the system prompts, as select options, with the load state's helper. */
export function usePromptSelect(): SelectSource {
  const query = useQuery({
    // Under the prompts' keys, so an upload, a rename or a delete refreshes it.
    queryKey: ['/prompt', 'options'],
    queryFn: () => call(promptRoutes.options),
    staleTime: 60_000,
    enabled: useMayLoadOptions('prompts'),
  });
  const options = (query.data?.records ?? []).map((p) => ({
    value: p.id,
    label: p.provider ? `${p.name} (system)` : p.name,
  }));
  return { options, helper: helperFor(query, options.length) };
}

/** The label of a value among a select's options ('Ring All'), or the value itself when it is none of them. */
export const optionLabel = (
  options: ReadonlyArray<{ value: number | string; label: string }>,
  value: number | string,
): string => options.find((o) => o.value === value)?.label ?? String(value);

/** A page of the account's caller-ID numbers whose number or name holds `search` ('' for all). */
const callerIdsPage = (search: string, offset: number, limit = 20) =>
  call(telephoneNumberRoutes.callerIdsPage, { params: { offset, limit }, body: search ? { search } : {} });

/**
 * The account's numbers it may present as caller ID ('01234 567890 (Reception)') as a picker's
 * source, searched and paged on the server (seats, SIP trunks, dial-through: issue 25, no page
 * fetches every number of the account); a value's label found by searching for the number itself.
 * An empty list says 'No Numbers Found'.
 */
export function useCallerIdSource(): PickerSource {
  const enabled = useMayLoadOptions('callerIds');
  return useMemo(
    () => ({
      key: ['numbering', 'callerids', 'picker'],
      enabled,
      empty: MESSAGES.noNumbers,
      ...searchedChoices(callerIdsPage, (n) => ({ value: n.number, label: `${n.number} (${n.name})` })),
    }),
    [enabled],
  );
}

/**
 * Whether the account has no number it may present (a SIP trunk needs one for its emergency
 * location): true once a page of one came back empty, asked of the server rather than loading them all.
 */
export function useNoCallerIds(): boolean {
  const query = useQuery({
    queryKey: ['numbering', 'callerids', 'none'],
    queryFn: () => callerIdsPage('', 0, 1),
    enabled: useMayLoadOptions('callerIds'),
  });
  return query.isSuccess && query.data.records.length === 0;
}

/** The account's access lists, for number screening and seat call limits. */
export function useAccessListOptions(): SelectOption[] {
  const { data } = useQuery({
    // Under the access lists' keys, so a change to the lists refreshes the options.
    queryKey: ['/accesscontrol', 'list', 'options'],
    queryFn: () => call(accessListRoutes.list, { params: { offset: -1, limit: -1 } }),
    staleTime: 30_000,
    enabled: useMayLoadOptions('accessLists'),
  });
  return (data?.records ?? []).map((l) => ({ value: l.id, label: l.name }));
}

/** The account's outbound CLI lists, for a seat's softphones (the lists' numbers in each label). */
export function useOutboundCliOptions(): SelectOption[] {
  const { data } = useQuery({
    // Under the lists' keys, so a change to the lists refreshes the options.
    queryKey: ['/outboundclilist', 'options'],
    queryFn: () => call(outboundCliRoutes.listAll, {}),
    staleTime: 30_000,
    enabled: useMayLoadOptions('outboundClis'),
  });
  return (data?.records ?? []).map((l) => ({ value: l.id, label: `${l.name} (${l.numbers.join(', ')})` }));
}

/**
 * The account's music on hold plus the provider's, as select options (seats; call groups and queues
 * as they come); null is the provider's default music. Under the music's keys, so an upload or a
 * delete refreshes it.
 */
export function useMusicSelect(): SelectSource {
  const query = useQuery({
    queryKey: ['/musiconhold', 'options'],
    queryFn: () => call(musicOnHoldRoutes.options),
    staleTime: 60_000,
    enabled: useMayLoadOptions('music'),
  });
  const options = (query.data?.records ?? []).map((m) => ({
    value: m.id,
    label: m.provider ? `${m.name} (provider)` : m.name,
  }));
  return { options, helper: helperFor(query, options.length) };
}

/**
 * A select over a loaded source (prompts, music): its options and its load state's helper, with
 * 'None' (null) or a named null choice ('Default').
 *
 *   selectFrom(prompts, 'inPromptId', 'Open Prompt')
 */
export function selectFrom<V extends FieldValues>(
  source: SelectSource,
  name: Path<NoInfer<V>>,
  label: string,
  nullable: boolean | string = true,
): FieldDef<V> {
  return { kind: 'select', name, label, options: source.options, helper: source.helper, nullable };
}

/**
 * The caller ID number a record presents: one of the account's numbers (useCallerIdSource), or none
 * (`none`, said below the empty field, says what it means, e.g. 'Account default').
 *
 *   callerIdNumberField<SeatInput>('callerIdNumber', callerIds, 'Account default')
 */
export function callerIdNumberField<V extends FieldValues>(
  name: Path<NoInfer<V>>,
  numbers: PickerSource,
  none: string,
): FieldDef<V> {
  return { kind: 'picker', name, label: 'Caller ID Number', source: numbers, none };
}
