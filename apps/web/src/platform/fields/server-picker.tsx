/**
 * A picker whose choices the server searches and pages (issue 25: no whole-account lists): an MUI
 * Autocomplete that asks its source for the first page of what the typed term finds (debounced,
 * only once opened), the next page as the list is scrolled (or walked with the arrow keys) to its
 * end, and the labels of the values it holds that it has not seen — so a form with an existing
 * value shows its label without loading every choice. One value, or several (`multiple`).
 */
import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@switchboard/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type Ref, type UIEvent, useEffect, useRef, useState } from 'react';

export interface PickerOption {
  value: string;
  label: string;
  /** The heading the option is listed under ('Seat'), when the source groups its choices. */
  group?: string;
}

export interface PickerPage {
  options: PickerOption[];
  /** Whether a further page follows. */
  more: boolean;
}

/** Where a picker's choices come from. */
export interface PickerSource {
  /** The query key its searches and labels are cached under. */
  key: readonly unknown[];
  /** The page at `offset` of the choices whose label holds `term` ('' for all). */
  page: (term: string, offset: number) => Promise<PickerPage>;
  /** The choices of `values` (those the source does not know are left out). */
  labels: (values: string[]) => Promise<PickerOption[]>;
  /** False when the session may not read the choices: nothing is asked. */
  enabled?: boolean;
  /** What the list says when a search fails ('Failed to retrieve data.' unless told). */
  failed?: string;
  /** What the list says when a search finds nothing ('No items found.' unless told). */
  empty?: string;
}

/**
 * A source's page and labels from one searched, paged list whose records are the choices (a seat
 * picker's): a value's label is found by searching for the value itself, among the few whose text
 * holds it.
 */
export function searchedChoices<R>(
  list: (search: string, offset: number) => Promise<{ records: R[]; lastPage: boolean }>,
  choice: (record: R) => PickerOption,
): Pick<PickerSource, 'page' | 'labels'> {
  return {
    page: async (search, offset) => {
      const page = await list(search, offset);
      return { options: page.records.map(choice), more: !page.lastPage };
    },
    labels: async (values) => {
      const pages = await Promise.all(values.map((value) => list(value, 0)));
      return pages.flatMap((p) => p.records.map(choice)).filter((o) => values.includes(o.value));
    },
  };
}

export interface ServerPickerProps {
  source: PickerSource;
  label: string;
  value: readonly string[];
  /** The values chosen, with their options (their labels, for a summary of the choice). */
  onChange: (values: string[], options: PickerOption[]) => void;
  multiple?: boolean;
  /** Options whose labels the page already holds (e.g. a record's current monitors): not asked for. */
  known?: readonly PickerOption[];
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  error?: string | undefined;
  helper?: string | undefined;
  /** Values not offered (e.g. the record itself). */
  exclude?: readonly string[];
  /** Choices beyond the source's (e.g. an IVR's CONFERENCING), offered when the term matches. */
  extra?: readonly PickerOption[];
}

/** How long typing must pause before the term is searched. */
export const PICKER_DEBOUNCE_MS = 250;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The pages of what `term` finds, once the picker is open; with the extras that match it. */
function useFound(source: PickerSource, open: boolean, term: string, props: ServerPickerProps) {
  const settled = useDebounced(term.trim(), PICKER_DEBOUNCE_MS);
  const query = useInfiniteQuery({
    queryKey: [...source.key, 'search', settled],
    queryFn: ({ pageParam }) => source.page(settled, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.more ? pages.reduce((n, p) => n + p.options.length, 0) : undefined),
    enabled: open && source.enabled !== false,
    staleTime: 15_000,
  });
  const wanted = settled.toLowerCase();
  const extra = (props.extra ?? []).filter((o) => o.label.toLowerCase().includes(wanted));
  const found = (query.data?.pages ?? []).flatMap((p) => p.options);
  const exclude = new Set(props.exclude ?? []);
  const options = [...extra, ...found.filter((o) => !extra.some((e) => e.value === o.value))].filter(
    (o) => !exclude.has(o.value),
  );
  // Typed but not yet searched, or searching: the list waits rather than showing stale choices.
  const waiting = open && (settled !== term.trim() || (query.isFetching && !query.isFetchingNextPage));
  return { query, options, waiting };
}

/**
 * Keeps `option` as the one seen for its value, unless the same one is already there: the held
 * option's identity must not change when a page repeats it, or the Autocomplete takes its value for
 * a new one and clears what the user is typing.
 */
function remember(seen: Map<string, PickerOption>, option: PickerOption): void {
  const known = seen.get(option.value);
  if (!known || known.label !== option.label || known.group !== option.group) seen.set(option.value, option);
}

/** The options of the values held: those seen in a page, else asked of the source. */
function useChosen(source: PickerSource, value: readonly string[], seen: Map<string, PickerOption>) {
  const missing = value.filter((v) => v !== '' && !seen.has(v)).sort();
  const labels = useQuery({
    queryKey: [...source.key, 'labels', missing],
    queryFn: () => source.labels(missing),
    enabled: missing.length > 0 && source.enabled !== false,
    staleTime: 15_000,
  });
  for (const o of labels.data ?? []) remember(seen, o);
  // A value the source cannot name (yet): shown as it is rather than lost.
  return value.filter((v) => v !== '').map((v) => seen.get(v) ?? { value: v, label: v });
}

export function ServerPicker(props: ServerPickerProps) {
  const { source, label, value, onChange, multiple = false, disabled, error, helper } = props;
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const seen = useRef(new Map<string, PickerOption>()).current;
  for (const o of props.known ?? []) if (!seen.has(o.value)) seen.set(o.value, o);
  const { query, options, waiting } = useFound(source, open, term, props);
  for (const o of options) remember(seen, o);
  const chosen = useChosen(source, value, seen);
  const onScroll = (event: UIEvent<HTMLElement>) => {
    const list = event.currentTarget;
    if (list.scrollTop + list.clientHeight < list.scrollHeight - 40) return;
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };
  // The current choice heads the unsearched list (MUI expects the value among the options).
  const held = term.trim() === '' ? chosen.filter((c) => !options.some((o) => o.value === c.value)) : [];
  const common = {
    options: waiting ? [] : [...held, ...options],
    open,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    // The server has searched: every option it answered is shown.
    filterOptions: (found: PickerOption[]) => found,
    onInputChange: (_: unknown, text: string, reason: string) => setTerm(reason === 'input' ? text : ''),
    groupBy: options.some((o) => o.group) ? (o: PickerOption) => o.group ?? '' : undefined,
    getOptionLabel: (o: PickerOption) => o.label,
    isOptionEqualToValue: (a: PickerOption, b: PickerOption) => a.value === b.value,
    loading: waiting,
    loadingText: 'Loading…',
    noOptionsText: query.isError ? (source.failed ?? MESSAGES.fetchFailed) : (source.empty ?? MESSAGES.noItems),
    disabled,
    onBlur: props.onBlur,
    size: 'small' as const,
    fullWidth: true,
    slotProps: { listbox: { onScroll } },
    renderInput: (params: AutocompleteRenderInputParams) => (
      <TextField
        {...params}
        inputRef={props.inputRef}
        name={props.name}
        label={label}
        required={props.required}
        error={error !== undefined}
        helperText={error ?? helper}
      />
    ),
  };
  return multiple ? (
    <Autocomplete<PickerOption, true>
      {...common}
      multiple
      value={chosen}
      onChange={(_, next) =>
        onChange(
          next.map((o) => o.value),
          next,
        )
      }
    />
  ) : (
    <Autocomplete<PickerOption>
      {...common}
      value={chosen[0] ?? null}
      onChange={(_, o) => onChange(o ? [o.value] : [], o ? [o] : [])}
    />
  );
}
