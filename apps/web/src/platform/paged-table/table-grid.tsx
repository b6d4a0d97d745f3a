/**
 * The paged table's grid: the header (select all on the page, sort labels cycling ascending →
 * descending → none), the rows (selection, a link on the first cell, row actions), the spec's
 * empty texts, and the pagination.
 */
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { MESSAGES, PAGE_SIZES } from '@switchboard/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { PagedList } from './use-paged-list.ts';
import type { Selection } from './use-selection.ts';

export interface Column<T> {
  field: keyof T & string;
  header: string;
  sortable?: boolean;
  render?: (row: T) => ReactNode;
  /** A secondary column left out on a phone's width (below 600 px), so the ones that matter fit. */
  phoneHidden?: boolean;
}

/** A column's cells on a phone: hidden when the column is secondary. */
const cellSx = (c: { phoneHidden?: boolean }) => (c.phoneHidden ? { display: { xs: 'none', sm: 'table-cell' } } : {});

export interface TableGridProps<T extends { id: number }> {
  list: PagedList<T>;
  columns: Column<T>[];
  label: (row: T) => string;
  rowLink?: (row: T) => string;
  rowActions?: (row: T) => ReactNode;
  /** Absent when the rows cannot be selected. */
  selection?: Selection<T>;
  /** Rows that may be selected (e.g. not the provider's read-only rows); all by default. */
  canSelect?: (row: T) => boolean;
}

export function TableGrid<T extends { id: number }>(props: TableGridProps<T>) {
  const { list, columns, rowActions, selection, canSelect = () => true } = props;
  const records = list.query.data?.records ?? [];
  const total = list.query.data?.totalRecords ?? 0;
  // A page past the end (a stale link, the last row deleted) shows as the last page.
  const page = list.query.data ? Math.min(list.page, Math.max(0, Math.ceil(total / list.pageSize) - 1)) : list.page;
  const colSpan = columns.length + (selection ? 1 : 0) + (rowActions ? 1 : 0);
  const emptyText = list.query.isError ? MESSAGES.listFailed : list.searching ? MESSAGES.noResults : MESSAGES.noRecords;

  return (
    <Paper variant="outlined">
      {list.query.isFetching && <LinearProgress aria-label={MESSAGES.listLoading} sx={{ height: 2 }} />}
      <TableContainer>
        <Table size="small" sx={{ '& .MuiTableCell-root': { px: 1.25 } }}>
          <GridHead {...props} choosable={records.filter(canSelect)} />
          <TableBody>
            {records.length === 0 && !list.query.isPending && (
              <TableRow>
                <TableCell colSpan={colSpan} sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }}>
                  {emptyText}
                </TableCell>
              </TableRow>
            )}
            {records.map((row) => (
              <GridRow key={row.id} {...props} row={row} selectable={canSelect(row)} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={list.pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_, p) => list.setPage(p)}
        onRowsPerPageChange={(e) => list.setPageSize(Number(e.target.value))}
      />
    </Paper>
  );
}

/** The header: select all of the page's `choosable` rows, and each column's sort label. */
function GridHead<T extends { id: number }>({
  list,
  columns,
  rowActions,
  selection,
  choosable,
}: TableGridProps<T> & { choosable: T[] }) {
  const allOnPage = selection !== undefined && choosable.length > 0 && choosable.every((r) => selection.has(r));
  const sortOf = (field: string) => (list.sort?.field === field ? list.sort.direction : undefined);
  return (
    <TableHead>
      <TableRow>
        {selection && (
          <TableCell padding="checkbox">
            <Checkbox
              checked={allOnPage}
              indeterminate={!allOnPage && choosable.some((r) => selection.has(r))}
              disabled={choosable.length === 0}
              onChange={() => selection.togglePage(choosable)}
              slotProps={{ input: { 'aria-label': 'Select all' } }}
            />
          </TableCell>
        )}
        {columns.map((c) => (
          <TableCell
            key={c.field}
            sx={{ fontWeight: 600, ...cellSx(c) }}
            aria-sort={sortOf(c.field) && (sortOf(c.field) === 'asc' ? 'ascending' : 'descending')}
          >
            {c.sortable === false ? (
              c.header
            ) : (
              <TableSortLabel
                active={sortOf(c.field) !== undefined}
                direction={sortOf(c.field) ?? 'asc'}
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
  );
}

/** A row: its checkbox (disabled unless `selectable`), its cells (the first linking to the record) and actions. */
function GridRow<T extends { id: number }>(props: TableGridProps<T> & { row: T; selectable: boolean }) {
  const { row, selectable, columns, label, rowLink, rowActions, selection } = props;
  return (
    <TableRow hover selected={selection?.has(row) ?? false}>
      {selection && (
        <TableCell padding="checkbox">
          <Checkbox
            checked={selection.has(row)}
            disabled={!selectable}
            onChange={() => selection.toggle(row)}
            slotProps={{ input: { 'aria-label': `Select ${label(row)}` } }}
          />
        </TableCell>
      )}
      {columns.map((c, index) => {
        const content = c.render ? c.render(row) : String(row[c.field] ?? '');
        return (
          <TableCell key={c.field} sx={cellSx(c)}>
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
  );
}
