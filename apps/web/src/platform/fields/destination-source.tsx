/**
 * The account's destinations as the pickers and tables ask for them (issue 25: never the whole
 * list): a page of what a search finds, and the labels of the values a page shows.
 */
import {
  DESTINATION_PAGE_MAX,
  type DestinationOption,
  type DestinationType,
  destinationRoutes,
} from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../client.ts';
import type { PickerOption, PickerSource } from './server-picker.tsx';

export const DESTINATIONS_KEY = ['destinations'] as const;

/** A picker's page size. */
const PAGE = 20;

export const toPickerOption = (d: DestinationOption): PickerOption => ({
  value: d.value,
  label: d.label,
  group: d.typeLabel,
});

/** The labels of `values`, at most 50 a call. */
async function labelsOf(values: readonly string[]): Promise<DestinationOption[]> {
  const out: DestinationOption[] = [];
  for (let i = 0; i < values.length; i += DESTINATION_PAGE_MAX) {
    const ids = values.slice(i, i + DESTINATION_PAGE_MAX).join(',');
    out.push(...(await call(destinationRoutes.labels, { query: { ids } })).records);
  }
  return out;
}

const sources = new Map<string, PickerSource>();

/** The destinations of the given kinds (every kind unless told), as a picker's source (one per kinds). */
export function destinationSource(types?: readonly DestinationType[]): PickerSource {
  const type = types?.join(',');
  const known = sources.get(type ?? '');
  if (known) return known;
  const source: PickerSource = {
    key: [...DESTINATIONS_KEY, 'picker', type ?? ''],
    page: async (q, offset) => {
      const query = { ...(q ? { q } : {}), ...(type ? { type } : {}), offset, limit: PAGE };
      const found = await call(destinationRoutes.search, { query });
      return { options: found.records.map(toPickerOption), more: !found.lastPage };
    },
    labels: async (values) => (await labelsOf(values)).map(toPickerOption),
  };
  sources.set(type ?? '', source);
  return source;
}

/**
 * The label of one value, asked together with the others a page shows in the same moment (one
 * call for a table's rows): values wanted within a few milliseconds go in one GET /destinations/labels.
 */
interface Waiter {
  resolve: (label: DestinationOption | null) => void;
  reject: (error: unknown) => void;
}
const waiting = new Map<string, Waiter[]>();
let timer: ReturnType<typeof setTimeout> | undefined;

function flush(): void {
  const batch = new Map(waiting);
  waiting.clear();
  timer = undefined;
  labelsOf([...batch.keys()]).then(
    (found) => {
      const byValue = new Map(found.map((d) => [d.value, d]));
      for (const [v, waiters] of batch) for (const w of waiters) w.resolve(byValue.get(v) ?? null);
    },
    (error: unknown) => {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
    },
  );
}

function labelOf(value: string): Promise<DestinationOption | null> {
  return new Promise((resolve, reject) => {
    waiting.set(value, [...(waiting.get(value) ?? []), { resolve, reject }]);
    if (timer === undefined) timer = setTimeout(flush, 5);
  });
}

/** A destination value's label ('201 - Reception'), or the value itself while unknown; '—' for none. */
export function useDestinationLabel(value: string): string {
  const query = useQuery({
    queryKey: [...DESTINATIONS_KEY, 'label', value],
    queryFn: () => labelOf(value),
    enabled: value !== '',
    staleTime: 15_000,
  });
  if (!value) return '—';
  return query.data?.label ?? value;
}

/** A destination's label as text in a table cell or a sentence. */
export function DestinationLabel({ value }: { value: string }) {
  return <>{useDestinationLabel(value)}</>;
}
