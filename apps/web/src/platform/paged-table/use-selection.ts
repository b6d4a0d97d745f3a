/** The selected rows of a table, kept as loaded (across pages) until an action uses them. */
import { useState } from 'react';

export function useSelection<T extends { id: number }>() {
  const [selected, setSelected] = useState<Map<number, T>>(new Map());
  return {
    selected,
    size: selected.size,
    rows: () => [...selected.values()],
    has: (row: T) => selected.has(row.id),
    toggle: (row: T) =>
      setSelected((s) => {
        const next = new Map(s);
        if (next.has(row.id)) next.delete(row.id);
        else next.set(row.id, row);
        return next;
      }),
    /** Selects every row of the page, or clears them when all are selected already. */
    togglePage: (rows: T[]) =>
      setSelected((s) => {
        const all = rows.length > 0 && rows.every((r) => s.has(r.id));
        const next = new Map(s);
        for (const r of rows) {
          if (all) next.delete(r.id);
          else next.set(r.id, r);
        }
        return next;
      }),
    clear: () => setSelected(new Map()),
  };
}
export type Selection<T extends { id: number }> = ReturnType<typeof useSelection<T>>;
