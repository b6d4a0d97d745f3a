/**
 * A list's columns and filters for select fields of its records (e.g. a time profile's bank
 * holidays and mode), from the selects the forms declare: each column shows the chosen option's
 * label and sorts; each filter offers the options.
 *
 *   const modes = selectColumns(modeSelects);
 *   <ListPage columns={[..., ...modes.columns]} filters={modes.filters} />
 */
import { optionLabel } from '../fields/option-sources.ts';
import type { Column } from './table-grid.tsx';
import type { FilterDef } from './table-toolbar.tsx';

export function selectColumns<K extends string>(
  selects: ReadonlyArray<{ name: K; label: string; options: ReadonlyArray<{ value: number | string; label: string }> }>,
): { columns: Column<Record<K, number | string>>[]; filters: FilterDef[] } {
  return {
    columns: selects.map(({ name, label, options }) => ({
      field: name,
      header: label,
      sortable: true,
      render: (row: Record<K, number | string>) => optionLabel(options, row[name]),
    })),
    filters: selects.map(({ name, label, options }) => ({ field: name, label, options })),
  };
}
