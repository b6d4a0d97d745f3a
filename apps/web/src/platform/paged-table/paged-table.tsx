/**
 * The paged table every list page uses (spec 1 §2 "Shared list screens", §4 "Tables"):
 * server-side paging / sorting / search / filters, selection, add, bulk edit and delete modals
 * with per-item feedback, the spec's empty texts. Buttons show only with the matching permission.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import { MESSAGES, PAGE_SIZES, type Resource, type SaveReply } from '@switchboard/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { ApiError, api } from '../api.ts';
import type { FieldDef, SelectOption } from '../fields/form-fields.tsx';
import { useSession } from '../session-context.ts';
import { keepDefaults, keepFields, keepSchema } from './bulk-edit.ts';
import { FeedbackList, type ItemResult, runEach } from './feedback-list.tsx';
import { RecordFormDialog } from './record-form-dialog.tsx';
import { changedRows } from './row-changes.ts';
import { usePagedList } from './use-paged-list.ts';

export interface Column<T> {
  field: keyof T & string;
  header: string;
  sortable?: boolean;
  render?: (row: T) => ReactNode;
}

export interface FilterDef {
  field: string;
  label: string;
  options: SelectOption[];
}

export interface AddConfig<V extends FieldValues> {
  title: string;
  schema: z.ZodType<V, FieldValues>;
  defaults: DefaultValues<V>;
  fields: FieldDef<V>[];
  /**
   * A create that is not one POST of the values to {path} (e.g. a bulk range add): returns
   * per-item results. The list is refreshed afterwards.
   */
  submit?: (values: V) => Promise<ItemResult[]>;
  /** Why no more records may be added (e.g. a retail cap): Add is disabled and this is shown. */
  disabledReason?: string;
  /** A line computed from the values as they are typed (e.g. the monthly cost of what is created). */
  summary?: (values: V) => ReactNode;
}

/** A further way to create a record, with its own button (e.g. 'Add Softphone User' beside Add). */
export interface ExtraAddConfig extends AddConfig<FieldValues> {
  button: string;
  /** False hides the button (e.g. a permission beyond create on the resource). */
  visible?: boolean;
}

export interface BulkEditConfig<T, V extends FieldValues> {
  title: string;
  /** The area's bulk-edit schema (an object of the editable fields); only the fields set are applied. */
  schema: z.ZodObject;
  /** The editable fields; each starts as 'Leave unchanged' (see bulk-edit.ts). */
  fields: FieldDef<V>[];
  /** The row's current update body; the update sends it with the set fields applied. */
  current: (row: T) => Record<string, unknown>;
}

export interface PagedTableProps<T extends { id: number }, A extends FieldValues, E extends FieldValues> {
  /** The API path ('/accesscontrol'): lists at {path}/{offset}/{limit}, creates at {path}. */
  path: string;
  /** The permission resource deciding the Add / Edit / Delete buttons. */
  resource: Resource;
  columns: Column<T>[];
  /** The record's name in feedback ('Successfully deleted {name}'). */
  label: (row: T) => string;
  rowLink?: (row: T) => string;
  filters?: FilterDef[];
  add?: AddConfig<A>;
  moreAdds?: ExtraAddConfig[];
  bulkEdit?: BulkEditConfig<T, E>;
  /** Extra per-row actions (e.g. 'Act as customer'). */
  rowActions?: (row: T) => ReactNode;
  /** Nested tables default to 5 rows and keep their own page size. */
  nested?: boolean;
  tableKey?: string;
  /** The delete path of a row when not {path}/{id}. */
  deletePath?: (row: T) => string;
  /** False for lists whose records cannot be deleted here (e.g. customers). */
  deletable?: boolean;
  /** Shown for a failed delete when the server gave no message (numbers: spec 2 §8). */
  deleteFallback?: string;
  /** The action a delete needs (removing a list's entry is an update of the list). */
  deleteAction?: 'delete' | 'update';
  searchable?: boolean;
  selectable?: boolean;
  /** Filters always sent (a nested table of one parent's children). */
  fixedFilters?: Record<string, string | number | boolean>;
  /** Invalidated as well after a change (e.g. a parent record). */
  alsoInvalidate?: unknown[][];
}

/** The server's message for a failed call, or the fallback when it sent none (or did not answer). */
function errorMessage(error: unknown, fallback: string = MESSAGES.noResponse): string {
  const server = error instanceof ApiError ? (error.body as { message?: unknown } | null)?.message : undefined;
  return typeof server === 'string' && server !== '' ? server : fallback;
}

export function PagedTable<
  T extends { id: number },
  A extends FieldValues = FieldValues,
  E extends FieldValues = FieldValues,
>(props: PagedTableProps<T, A, E>) {
  const { path, resource, columns, label, rowLink, filters, add, bulkEdit, rowActions, nested, tableKey } = props;
  const { can } = useSession();
  const queryClient = useQueryClient();
  const list = usePagedList<T>(path, nested ?? false, tableKey, props.fixedFilters);
  const [selected, setSelected] = useState<Map<number, T>>(new Map());
  // 'add' is the Add button's dialog; a number is the index of one of moreAdds.
  const [dialog, setDialog] = useState<'add' | 'edit' | 'delete' | number | null>(null);
  const [deleteResults, setDeleteResults] = useState<ItemResult[] | null>(null);
  const [deleting, setDeleting] = useState(false);

  const mayCreate = add !== undefined && can(resource, 'create');
  const moreAdds = can(resource, 'create') ? (props.moreAdds ?? []) : [];
  const mayUpdate = bulkEdit !== undefined && can(resource, 'update');
  const mayDelete = (props.deletable ?? true) && can(resource, props.deleteAction ?? 'delete');
  const selectable = (props.selectable ?? true) && (mayUpdate || mayDelete);

  const records = list.query.data?.records ?? [];
  const total = list.query.data?.totalRecords ?? 0;
  const invalidate = async () => {
    await queryClient.invalidateQueries({ queryKey: ['list', path] });
    for (const key of props.alsoInvalidate ?? []) await queryClient.invalidateQueries({ queryKey: key });
  };
  const toggle = (row: T) =>
    setSelected((s) => {
      const next = new Map(s);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });
  const allOnPage = records.length > 0 && records.every((r) => selected.has(r.id));

  const runDelete = async () => {
    setDeleting(true);
    const rows = [...selected.values()];
    const results = await runEach(
      rows,
      (r) => String(r.id),
      (r) => api.delete<SaveReply>(props.deletePath ? props.deletePath(r) : `${path}/${r.id}`),
      (r, e) => `${label(r)}: ${errorMessage(e, props.deleteFallback)}`,
    );
    setDeleteResults(results);
    setDeleting(false);
    setSelected(new Map());
    await invalidate();
  };

  /** One create: the config's own submit (e.g. a range add), else one POST of the values to {path}. */
  const create = async <V extends FieldValues>(config: AddConfig<V>, values: V): Promise<ItemResult[]> => {
    if (config.submit) {
      const results = await config.submit(values);
      await invalidate();
      return results;
    }
    const reply = await api.post<SaveReply>(path, values);
    await invalidate();
    return [{ key: String(reply.id ?? 'new'), ok: true, message: reply.message }];
  };

  const colSpan = columns.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0);
  const emptyText = list.query.isError ? MESSAGES.listFailed : list.searching ? MESSAGES.noResults : MESSAGES.noRecords;

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
        {(props.searchable ?? true) && (
          <TextField
            size="small"
            placeholder="Search"
            value={list.searchInput}
            onChange={(e) => list.setSearchInput(e.target.value)}
            slotProps={{
              htmlInput: { 'aria-label': 'Search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ minWidth: 220 }}
          />
        )}
        {filters?.map((f) => (
          <FormControl key={f.field} size="small" sx={{ minWidth: 160 }}>
            <InputLabel id={`filter-${f.field}`}>{f.label}</InputLabel>
            <Select
              labelId={`filter-${f.field}`}
              label={f.label}
              value={list.filters[f.field] === undefined ? '' : String(list.filters[f.field])}
              onChange={(e) => {
                const option = f.options.find((o) => String(o.value) === e.target.value);
                list.setFilter(f.field, option ? option.value : null);
              }}
            >
              <MenuItem value="">
                <em>All</em>
              </MenuItem>
              {f.options.map((o) => (
                <MenuItem key={String(o.value)} value={String(o.value)}>
                  {o.label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        ))}
        {/* The actions stay together, at the right (on their own line when the filters fill it). */}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end', ml: 'auto' }}>
          {mayCreate && (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              disabled={add.disabledReason !== undefined}
              onClick={() => setDialog('add')}
            >
              Add
            </Button>
          )}
          {moreAdds.map(
            (extra, i) =>
              (extra.visible ?? true) && (
                <Button
                  key={extra.button}
                  variant="outlined"
                  startIcon={<AddIcon />}
                  disabled={(add?.disabledReason ?? extra.disabledReason) !== undefined}
                  onClick={() => setDialog(i)}
                >
                  {extra.button}
                </Button>
              ),
          )}
          {mayUpdate && (
            <Button
              variant="outlined"
              startIcon={<EditIcon />}
              disabled={selected.size === 0}
              onClick={() => setDialog('edit')}
            >
              Edit{selected.size ? ` (${selected.size})` : ''}
            </Button>
          )}
          {mayDelete && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              disabled={selected.size === 0}
              onClick={() => {
                setDeleteResults(null);
                setDialog('delete');
              }}
            >
              Delete{selected.size ? ` (${selected.size})` : ''}
            </Button>
          )}
        </Box>
      </Box>
      {mayCreate && add.disabledReason !== undefined && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {add.disabledReason}
        </Alert>
      )}

      <Paper variant="outlined">
        {list.query.isFetching && <LinearProgress sx={{ height: 2 }} />}
        <TableContainer>
          <Table size="small" sx={{ '& .MuiTableCell-root': { px: 1.25 } }}>
            <TableHead>
              <TableRow>
                {selectable && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={allOnPage}
                      indeterminate={!allOnPage && records.some((r) => selected.has(r.id))}
                      onChange={() =>
                        setSelected((s) => {
                          const next = new Map(s);
                          for (const r of records) {
                            if (allOnPage) next.delete(r.id);
                            else next.set(r.id, r);
                          }
                          return next;
                        })
                      }
                      slotProps={{ input: { 'aria-label': 'Select all' } }}
                    />
                  </TableCell>
                )}
                {columns.map((c) => (
                  <TableCell key={c.field} sx={{ fontWeight: 600 }}>
                    {c.sortable === false ? (
                      c.header
                    ) : (
                      <TableSortLabel
                        active={list.sort?.field === c.field}
                        direction={list.sort?.field === c.field ? list.sort.direction : 'asc'}
                        onClick={() => list.toggleSort(c.field)}
                      >
                        {c.header}
                      </TableSortLabel>
                    )}
                  </TableCell>
                ))}
                {rowActions && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {records.length === 0 && !list.query.isPending && (
                <TableRow>
                  <TableCell colSpan={colSpan} sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }}>
                    {emptyText}
                  </TableCell>
                </TableRow>
              )}
              {records.map((row) => (
                <TableRow key={row.id} hover selected={selected.has(row.id)}>
                  {selectable && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(row.id)}
                        onChange={() => toggle(row)}
                        slotProps={{ input: { 'aria-label': `Select ${label(row)}` } }}
                      />
                    </TableCell>
                  )}
                  {columns.map((c, index) => {
                    const content = c.render ? c.render(row) : String(row[c.field] ?? '');
                    return (
                      <TableCell key={c.field}>
                        {index === 0 && rowLink ? (
                          <Link component={RouterLink} to={rowLink(row)} underline="hover">
                            {content}
                          </Link>
                        ) : (
                          content
                        )}
                      </TableCell>
                    );
                  })}
                  {rowActions && <TableCell align="right">{rowActions(row)}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={total}
          page={list.page}
          rowsPerPage={list.pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(_, p) => list.setPage(p)}
          onRowsPerPageChange={(e) => list.setPageSize(Number(e.target.value))}
        />
      </Paper>

      {[
        ...(add ? [{ config: add as AddConfig<FieldValues>, key: 'add' as const }] : []),
        ...moreAdds.map((config, i) => ({ config, key: i })),
      ].map(({ config, key }) => (
        <RecordFormDialog<FieldValues>
          key={String(key)}
          open={dialog === key}
          title={config.title}
          submitLabel="Create"
          schema={config.schema}
          defaults={config.defaults}
          fields={config.fields}
          successSummary={MESSAGES.createdSuccessfully}
          summary={config.summary}
          resetOnSuccess
          onClose={() => setDialog(null)}
          submit={(values) => create(config, values)}
        />
      ))}

      {bulkEdit && (
        <RecordFormDialog<Record<string, unknown>>
          open={dialog === 'edit'}
          title={bulkEdit.title}
          submitLabel="Save"
          schema={keepSchema(bulkEdit.schema) as never}
          defaults={keepDefaults(bulkEdit.fields)}
          fields={keepFields(bulkEdit.fields) as FieldDef<Record<string, unknown>>[]}
          successSummary={MESSAGES.editedSuccessfully}
          onClose={() => setDialog(null)}
          submit={async (values) => {
            const rows = [...selected.values()];
            // Only rows the edit really changes are saved.
            const changed = changedRows(
              rows.map((r) => ({ id: r.id, ...bulkEdit.current(r) })),
              (r) => ({ ...bulkEdit.current(selected.get(r.id) as T), ...values, id: r.id }),
            );
            const results = await runEach(
              changed,
              (r) => String(r.id),
              async (r) => {
                const { id, isChanged: _flag, ...body } = r;
                await api.put<SaveReply>(`${path}/${id}`, body);
                return { message: `${label(selected.get(id) as T)} ${MESSAGES.editedSuccessfully}` };
              },
              (r, e) => MESSAGES.rowEditRefused(`${label(selected.get(r.id) as T)}: ${errorMessage(e)}`),
            );
            // The selection holds the rows as loaded: drop it, so a further edit starts from fresh copies.
            setSelected(new Map());
            await invalidate();
            return results.length ? results : [{ key: 'none', ok: true, message: 'Nothing to change' }];
          }}
        />
      )}

      <Dialog
        open={dialog === 'delete'}
        onClose={() => setDialog(null)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="delete-title"
      >
        <DialogTitle id="delete-title">Delete</DialogTitle>
        <DialogContent>
          {deleteResults ? (
            <FeedbackList results={deleteResults} successSummary={MESSAGES.deletedSuccessfully} />
          ) : (
            <>
              <DialogContentText>Delete the following?</DialogContentText>
              <Box component="ul" sx={{ mt: 1 }}>
                {[...selected.values()].map((r) => (
                  <li key={r.id}>{label(r)}</li>
                ))}
              </Box>
              {deleting && <Alert severity="info">Deleting…</Alert>}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>Close</Button>
          {!deleteResults && (
            <Button
              color="error"
              variant="contained"
              disabled={deleting || selected.size === 0}
              onClick={() => void runDelete()}
            >
              Delete
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </Box>
  );
}
