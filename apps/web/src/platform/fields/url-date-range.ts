/**
 * A list's date range kept in the URL (?from=YYYY-MM-DD&to=YYYY-MM-DD), beside the table's own state:
 * Back and shared links keep it. An end the URL does not give is the page's default ('' for none).
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** Inclusive days, 'YYYY-MM-DD' both ends ('' for an open end), as the URL and the API carry them. */
export interface DateRange {
  from: string;
  to: string;
}

/** A URL's date ('YYYY-MM-DD', a real day) as the range keeps it, or '' for none or nonsense. */
export function isoDateOrEmpty(text: string | null): string {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return '';
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text ? text : '';
}

/**
 * The range in the URL (each end, else `defaults`'), whether the URL holds one, and its change:
 * the ends given are set ('' removes one from the URL), and the list starts again from its first page.
 */
export function useUrlDateRange(defaults: DateRange = { from: '', to: '' }) {
  const [params, setParams] = useSearchParams();
  const from = isoDateOrEmpty(params.get('from'));
  const to = isoDateOrEmpty(params.get('to'));
  const range = useMemo<DateRange>(
    () => ({ from: from || defaults.from, to: to || defaults.to }),
    [from, to, defaults.from, defaults.to],
  );
  const setDates = (patch: Partial<DateRange>) =>
    setParams(
      (p) => {
        for (const [which, value] of Object.entries(patch)) {
          if (value) p.set(which, value);
          else p.delete(which);
        }
        // A new range starts from its first page, as a new filter does.
        p.delete('page');
        return p;
      },
      { replace: true },
    );
  return { range, setDates, inUrl: Boolean(from || to) };
}
