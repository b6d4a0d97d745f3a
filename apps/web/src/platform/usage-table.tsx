/**
 * What uses a record, as a two-column table (a kind and a name): the Used By tab of destinations
 * and the usage of a media item. One row says the load failed, or that nothing uses it.
 */
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { MESSAGES } from '@switchboard/domain';
import type { ReactNode } from 'react';

export interface UsageRow {
  kind: string;
  name: string;
  /** The name as shown (e.g. a link to the user's page); the name unless given. */
  shown?: ReactNode;
}

export function UsageTable(props: {
  /** The table's accessible name. */
  label: string;
  /** The first column's heading (e.g. 'Type'). */
  kindHeader: string;
  /** Undefined while loading. */
  rows: UsageRow[] | undefined;
  failed: boolean;
  /** Said when nothing uses the record. */
  empty: string;
}) {
  const rows = props.rows ?? [];
  const note = props.failed ? MESSAGES.fetchFailed : props.rows && rows.length === 0 ? props.empty : null;
  return (
    <Paper variant="outlined">
      <Table size="small" aria-label={props.label}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>{props.kindHeader}</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>Name</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {note !== null && (
            <TableRow>
              <TableCell colSpan={2} sx={{ textAlign: 'center', py: 3, color: 'text.secondary' }}>
                {note}
              </TableCell>
            </TableRow>
          )}
          {rows.map((u) => (
            <TableRow key={`${u.kind}:${u.name}`}>
              <TableCell>{u.kind}</TableCell>
              <TableCell>{u.shown ?? u.name}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
