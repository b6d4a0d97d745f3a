/**
 * /audit: who changed what in the account, when, acting as whom, and each field before → after.
 * Newest first; filter by area and action, search by user or record.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AREA_NAMES, type AuditRecord, areaName } from '@switchboard/domain';
import dayjs from 'dayjs';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import { auditLog } from './api.ts';
import { changeText, fieldName } from './shown-values.ts';

/** Bookkeeping fields every record has: not changes a person made. */
const BOOKKEEPING = new Set(['id', 'version']);

/** The fields a change touched, one line each: 'Field: before → after' (the id and row version left out). */
function Changes({ entry }: { entry: AuditRecord }) {
  const lines = Object.entries(entry.changes).filter(([field]) => !BOOKKEEPING.has(field));
  if (lines.length === 0) return <>—</>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {lines.map(([field, { from, to }]) => (
        <Typography key={field} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <strong>{fieldName(field)}</strong>: {changeText({ from, to }, entry.labels, entry.action === 'create')}
        </Typography>
      ))}
    </Box>
  );
}

export default function AuditPage() {
  return (
    <ListPage
      title="Audit Log"
      intro={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Every change made in this account and every sign-in, newest first, with the fields each change set.
        </Typography>
      }
      source={auditLog}
      resource="account"
      selectable={false}
      label={(e) => `${e.action} ${e.record || e.recordId || ''}`.trim()}
      columns={[
        { field: 'at', header: 'When', sortable: true, render: (e) => dayjs(e.at).format('DD/MM/YYYY HH:mm:ss') },
        { field: 'user', header: 'User', sortable: true },
        { field: 'actingAs', header: 'Acting As', render: (e) => e.actingAs || '—' },
        { field: 'area', header: 'Area', sortable: true, render: (e) => areaName(e.area) },
        { field: 'action', header: 'Action', sortable: true },
        {
          field: 'record',
          header: 'Record',
          sortable: true,
          render: (e) => e.record || (e.recordId === null ? '—' : `#${e.recordId}`),
        },
        { field: 'changes', header: 'Changes', render: (e) => <Changes entry={e} /> },
      ]}
      filters={[
        {
          field: 'area',
          label: 'Area',
          options: Object.entries(AREA_NAMES)
            .sort(([, a], [, b]) => a.localeCompare(b))
            .map(([value, label]) => ({ value, label })),
        },
        {
          field: 'action',
          label: 'Action',
          options: [
            { value: 'create', label: 'Create' },
            { value: 'update', label: 'Update' },
            { value: 'delete', label: 'Delete' },
            { value: 'login', label: 'Sign in' },
            { value: 'logout', label: 'Sign out' },
          ],
        },
      ]}
    />
  );
}
