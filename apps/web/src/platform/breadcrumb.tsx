/**
 * The last breadcrumbs: a detail page names its record ('Nuisance callers (3)'), after the records
 * it belongs to when it is nested (a calendar entry after its time profile); the shell shows them.
 * The shell provides the context, pages call useBreadcrumb.
 */
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

/** A crumb linking to a page between the area's index and the record (its parent record). */
export interface Crumb {
  label: string;
  to: string;
}

/** What a detail page puts after the area's crumb. */
export interface DetailCrumbs {
  /** The records it belongs to, outermost first. */
  trail: Crumb[];
  /** The record itself, with its identifier. */
  name: string;
}

const DetailContext = createContext<(detail: DetailCrumbs | null) => void>(() => undefined);

export function BreadcrumbProvider({ children }: { children: (detail: DetailCrumbs | null) => ReactNode }) {
  const [detail, setDetail] = useState<DetailCrumbs | null>(null);
  return <DetailContext.Provider value={setDetail}>{children(detail)}</DetailContext.Provider>;
}

/** Detail pages name their record in the last crumb, e.g. 'Nuisance callers (3)', after its `trail`. */
export function useBreadcrumb(name: string | null, trail: Crumb[] = []): void {
  const set = useContext(DetailContext);
  const trailKey = JSON.stringify(trail);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the trail by its content, not its identity.
  useEffect(() => {
    set(name === null ? null : { name, trail });
    return () => set(null);
  }, [name, trailKey, set]);
}
