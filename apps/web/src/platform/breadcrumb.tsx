/**
 * The last breadcrumb: a detail page names its record ('Nuisance callers (3)'); the shell shows it.
 * The shell provides the context, pages call useBreadcrumb.
 */
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

const DetailContext = createContext<(name: string | null) => void>(() => undefined);

export function BreadcrumbProvider({ children }: { children: (detail: string | null) => ReactNode }) {
  const [detail, setDetail] = useState<string | null>(null);
  return <DetailContext.Provider value={setDetail}>{children(detail)}</DetailContext.Provider>;
}

/** Detail pages name their record in the last crumb, e.g. 'Nuisance callers (3)'. */
export function useBreadcrumb(name: string | null): void {
  const set = useContext(DetailContext);
  useEffect(() => {
    set(name);
    return () => set(null);
  }, [name, set]);
}
