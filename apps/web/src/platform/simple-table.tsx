/**
 * A small table shown whole — no paging, sorting or selection (a seat's devices, an invoice's
 * lines): each column a header and what its cell shows, under the table's accessible name.
 *
 *   <SimpleTable label="Devices" rows={devices} columns={[{ header: 'Device', cell: (d) => d.model }]} />
 */
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

export interface SimpleColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** The column's cells' own style (e.g. a monospace MAC address). */
  sx?: SxProps<Theme>;
}

export function SimpleTable<T extends { id: number | string }>(props: {
  label: string;
  columns: SimpleColumn<T>[];
  rows: T[];
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label={props.label}>
        <TableHead>
          <TableRow>
            {props.columns.map((c) => (
              <TableCell key={c.header} align={c.align}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {props.rows.map((row) => (
            <TableRow key={row.id}>
              {props.columns.map((c) => (
                <TableCell key={c.header} align={c.align} sx={c.sx}>
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
