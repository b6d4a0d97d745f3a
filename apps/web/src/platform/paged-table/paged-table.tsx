/**
 * The paged table every list page uses (spec 1 §2 "Shared list screens", §4 "Tables"):
 * server-side paging / sorting / search / filters kept in the URL, selection, add, bulk edit and
 * delete modals with per-item feedback, the spec's empty texts. Buttons show only with the
 * matching permission. Its parts: use-paged-list.ts (state and query), table-toolbar.tsx,
 * table-grid.tsx, add-dialog.tsx, bulk-edit-dialog.tsx, delete-dialog.tsx.
 *
 *   <PagedTable source={accessLists.list} resource="acl" label={(r) => r.name} columns={[...]}
 *     add={{ title: 'Add Access List', schema: accessListInput, defaults, fields, create: accessLists.create }}
 *     remove={(r) => accessLists.remove(r.id)} />
 */
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { Action, Resource, SaveReply } from '@switchboard/domain';
import { type ReactNode, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { ListSource } from '../resource.ts';
import { useSession } from '../session-context.ts';
import { type AddAction, type AddConfig, addAction } from './add-dialog.tsx';
import { type BulkEditConfig, BulkEditDialog } from './bulk-edit-dialog.tsx';
import { DeleteDialog } from './delete-dialog.tsx';
import { optionDecoder } from './list-state.ts';
import { type RowEdit, type RowEditConfig, rowEdit } from './row-edit-dialog.tsx';
import { type Column, TableGrid } from './table-grid.tsx';
import { type FilterDef, TableToolbar, type ToolbarAction } from './table-toolbar.tsx';
import { usePagedList } from './use-paged-list.ts';
import { type Selection, useSelection } from './use-selection.ts';

export type { AddAction, AddConfig, BulkEditConfig, Column, FilterDef, RowEdit, RowEditConfig };
export { addAction, rowEdit };

export interface PagedTableProps<
  T extends { id: number },
  AV extends FieldValues,
  AO extends FieldValues,
  EV extends FieldValues,
  EU extends Record<string, unknown>,
> {
  /** Where the pages come from (an area's `list`, or a nested list of one parent). */
  source: ListSource<T>;
  /** The permission resource deciding the Add / Edit / Delete buttons. */
  resource: Resource;
  columns: Column<T>[];
  /** The record's name in feedback ('Successfully deleted {name}'). */
  label: (row: T) => string;
  rowLink?: (row: T) => string;
  filters?: FilterDef[];
  add?: AddConfig<AV, AO>;
  /** Further add buttons (addAction(...)), e.g. 'Add Softphone User'. */
  moreAdds?: AddAction[];
  bulkEdit?: BulkEditConfig<T, EV, EU>;
  /** A row's delete; without it the table has no Delete. */
  remove?: (row: T) => Promise<SaveReply>;
  /** Shown for a failed delete when the server gave no message (numbers: spec 2 §8). */
  deleteFallback?: string;
  /** What a delete does, asked before it (the delete modal says 'This cannot be undone.' otherwise). */
  deleteWarning?: string;
  /** The action a delete needs (removing a list's entry is an update of the list). */
  deleteAction?: Action;
  /**
   * The action every change through the table needs instead of create / update / delete (a
   * parent's children, e.g. a call group's members, are changed by an update of the parent).
   */
  writeAction?: Action;
  /** A row's own edit: an Edit button on each row opens its modal (rowEdit(...)). */
  editRow?: RowEdit<T>;
  /** Extra per-row actions (e.g. 'Act as customer'). */
  rowActions?: (row: T) => ReactNode;
  /** Nested tables default to 5 rows; with a tableKey their URL params are namespaced by it. */
  nested?: boolean;
  tableKey?: string;
  searchable?: boolean;
  selectable?: boolean;
  /** Rows that may be selected for edit and delete (e.g. not the provider's read-only rows). */
  canSelect?: (row: T) => boolean;
  /** Filters always sent (a nested table of one parent's children). */
  fixedFilters?: Record<string, string | number | boolean>;
}

type Open<T> = { kind: 'add'; index: number } | { kind: 'edit' } | { kind: 'delete' } | { kind: 'row'; row: T } | null;

interface TableRights {
  mayCreate: boolean;
  /** The add buttons shown (the main Add first). */
  adds: AddAction[];
  /** Why adding is capped (shown above the table). */
  capped: string | undefined;
  mayUpdate: boolean;
  mayEditRow: boolean;
  mayDelete: boolean;
}

/**
 * What the user may do through the table (the table's permission resource decides), its toolbar's
 * buttons (Add, further adds, Edit and Delete of the selection) and each row's actions.
 */
function useTableActions<
  T extends { id: number },
  AV extends FieldValues,
  AO extends FieldValues,
  EV extends FieldValues,
  EU extends Record<string, unknown>,
>(props: PagedTableProps<T, AV, AO, EV, EU>, selected: number, setOpen: (open: Open<T>) => void) {
  const { resource, add, bulkEdit, remove, label } = props;
  const { can } = useSession();
  const mayCreate = can(resource, props.writeAction ?? 'create');
  const adds: AddAction[] = mayCreate
    ? [...(add ? [addAction({ ...add, button: 'Add' })] : []), ...(props.moreAdds ?? [])].filter(
        (a) => a.visible ?? true,
      )
    : [];
  // A cap on the main Add holds for every way of adding.
  const capped = add?.disabledReason;
  const mayUpdate = bulkEdit !== undefined && can(resource, props.writeAction ?? 'update');
  const mayEditRow = props.editRow !== undefined && can(resource, props.writeAction ?? 'update');
  const mayDelete = remove !== undefined && can(resource, props.deleteAction ?? props.writeAction ?? 'delete');
  const count = selected ? ` (${selected})` : '';
  const actions: ToolbarAction[] = adds.map((a, index) => ({
    key: `add-${index}`,
    label: a.button,
    kind: index === 0 && add ? 'add' : 'more',
    disabled: (capped ?? a.disabledReason) !== undefined,
    onClick: () => setOpen({ kind: 'add', index }),
  }));
  if (mayUpdate) {
    const onClick = () => setOpen({ kind: 'edit' });
    actions.push({ key: 'edit', label: `Edit${count}`, kind: 'edit', disabled: selected === 0, onClick });
  }
  if (mayDelete) {
    const onClick = () => setOpen({ kind: 'delete' });
    actions.push({ key: 'delete', label: `Delete${count}`, kind: 'delete', disabled: selected === 0, onClick });
  }
  const rowActions =
    mayEditRow || props.rowActions
      ? (row: T) => (
          <>
            {props.rowActions?.(row)}
            {mayEditRow && (
              <IconButton size="small" aria-label={`Edit ${label(row)}`} onClick={() => setOpen({ kind: 'row', row })}>
                <EditIcon fontSize="small" />
              </IconButton>
            )}
          </>
        )
      : undefined;
  return { mayCreate, adds, capped, mayUpdate, mayEditRow, mayDelete, actions, rowActions };
}

export function PagedTable<
  T extends { id: number },
  AV extends FieldValues = FieldValues,
  AO extends FieldValues = FieldValues,
  EV extends FieldValues = FieldValues,
  EU extends Record<string, unknown> = Record<string, unknown>,
>(props: PagedTableProps<T, AV, AO, EV, EU>) {
  const { source, columns, label, filters } = props;
  const decoders = Object.fromEntries(
    (filters ?? []).map((f) => [f.field, 'text' in f ? (raw: string) => raw || undefined : optionDecoder(f.options)]),
  );
  const list = usePagedList(source, { ...props, decoders });
  const selection = useSelection<T>();
  const [open, setOpen] = useState<Open<T>>(null);
  const rights = useTableActions(props, selection.size, setOpen);
  const { mayCreate, capped, actions, rowActions } = rights;
  const selectable = (props.selectable ?? true) && (rights.mayUpdate || rights.mayDelete);
  const close = () => setOpen(null);

  return (
    <Box>
      <TableToolbar
        search={(props.searchable ?? true) ? { value: list.searchInput, onChange: list.setSearchInput } : undefined}
        filters={filters}
        filterValues={list.filters}
        onFilter={list.setFilter}
        actions={actions}
      />
      {mayCreate && capped !== undefined && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {capped}
        </Alert>
      )}
      <TableGrid
        list={list}
        columns={columns}
        label={label}
        rowLink={props.rowLink}
        rowActions={rowActions}
        selection={selectable ? selection : undefined}
        canSelect={props.canSelect}
      />
      <TableDialogs {...props} open={open} close={close} rights={rights} selection={selection} />
    </Box>
  );
}

interface TableDialogsProps<T extends { id: number }> {
  open: Open<T>;
  close: () => void;
  rights: Pick<TableRights, 'adds' | 'mayEditRow' | 'mayUpdate' | 'mayDelete'>;
  selection: Selection<T>;
}

/** The table's modals: each add's, a row's edit, the selection's bulk edit and delete. */
function TableDialogs<T extends { id: number }, EV extends FieldValues, EU extends Record<string, unknown>>(
  props: Pick<
    PagedTableProps<T, FieldValues, FieldValues, EV, EU>,
    'source' | 'label' | 'bulkEdit' | 'remove' | 'editRow' | 'deleteFallback' | 'deleteWarning'
  > &
    TableDialogsProps<T>,
) {
  const { source, label, bulkEdit, remove, open, close, rights, selection } = props;
  return (
    <>
      {rights.adds.map((a, index) => (
        <Box key={a.button}>
          {a.dialog({
            open: open?.kind === 'add' && open.index === index,
            onClose: close,
            invalidates: source.invalidates,
          })}
        </Box>
      ))}
      {rights.mayEditRow &&
        props.editRow?.dialog({
          row: open?.kind === 'row' ? open.row : null,
          onClose: close,
          invalidates: source.invalidates,
        })}
      {bulkEdit && rights.mayUpdate && (
        <BulkEditDialog
          config={bulkEdit}
          open={open?.kind === 'edit'}
          onClose={close}
          rows={selection.rows()}
          label={label}
          invalidates={source.invalidates}
          onSaved={selection.clear}
        />
      )}
      {remove && rights.mayDelete && (
        <DeleteDialog
          open={open?.kind === 'delete'}
          onClose={close}
          rows={selection.rows()}
          label={label}
          remove={remove}
          fallback={props.deleteFallback}
          warning={props.deleteWarning}
          invalidates={source.invalidates}
          onDeleted={selection.clear}
        />
      )}
    </>
  );
}
