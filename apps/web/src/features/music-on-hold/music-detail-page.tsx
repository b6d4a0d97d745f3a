/** /music-on-hold/{id}: the music, where it is used, and Delete when it is the account's and unused. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatBytes, MESSAGES, type MusicOnHold, musicOnHoldRoutes } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useBreadcrumb } from '../../platform/breadcrumb.tsx';
import { MediaPlayer } from '../../platform/media-player.tsx';
import { DeleteDialog } from '../../platform/paged-table/delete-dialog.tsx';
import { useSession } from '../../platform/session-context.ts';
import { deletable, music } from './api.ts';

function Facts({ item }: { item: MusicOnHold }) {
  const facts: Array<[string, string]> = [
    ['Owner', item.accountNo === 0 ? 'Provider (read-only)' : 'This account'],
    ['Size', item.fileSize ? formatBytes(item.fileSize) : '—'],
    ['Uploaded', item.uploadedAt ?? '—'],
    ['Used In', String(item.count)],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Usage({ id }: { id: string }) {
  const usage = useQuery(music.usage(id));
  const rows = usage.data?.records ?? [];
  return (
    <Paper variant="outlined">
      <Table size="small" aria-label="Usage">
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>Table</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>Name</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(usage.isError || (usage.isSuccess && rows.length === 0)) && (
            <TableRow>
              <TableCell colSpan={2} sx={{ textAlign: 'center', py: 3, color: 'text.secondary' }}>
                {usage.isError ? MESSAGES.fetchFailed : MESSAGES.noItems}
              </TableCell>
            </TableRow>
          )}
          {rows.map((u) => (
            <TableRow key={`${u.table}:${u.name}`}>
              <TableCell>{u.table}</TableCell>
              <TableCell>{u.name}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

export default function MusicDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const item = useQuery(music.detail(id));
  const [deleting, setDeleting] = useState<MusicOnHold | null>(null);
  useBreadcrumb(item.data ? item.data.name : null);

  // Kept open over the page once the music is gone, so its feedback is read; closing goes to the list.
  const dialog = deleting && (
    <DeleteDialog
      open
      onClose={() => {
        setDeleting(null);
        if (item.isError) navigate('/music-on-hold');
      }}
      rows={[deleting]}
      label={(m) => m.name}
      remove={(m) => music.remove(m.id)}
      invalidates={[music.keys.all]}
      onDeleted={() => undefined}
    />
  );
  // The dialog keeps its place in the tree whatever the page shows, so its state survives.
  return (
    <>
      {item.isPending ? (
        <CircularProgress aria-label="Loading" />
      ) : item.isError ? (
        <Alert severity="error">{MESSAGES.recordNotFound}</Alert>
      ) : (
        <MusicDetail item={item.data} id={id} onDelete={setDeleting} />
      )}
      {dialog}
    </>
  );
}

function MusicDetail({
  item: data,
  id,
  onDelete,
}: {
  item: MusicOnHold;
  id: string;
  onDelete: (m: MusicOnHold) => void;
}) {
  const { can } = useSession();
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {data.name}
        </Typography>
        {/* Hidden when in use; the provider's music is read-only (spec 3 §4). */}
        {deletable(data) && can('musicOnHold', 'delete') && (
          <Button color="error" variant="outlined" onClick={() => onDelete(data)}>
            Delete
          </Button>
        )}
      </Box>
      <Paper variant="outlined" sx={{ p: 2, mb: 3, display: 'grid', gap: 2 }}>
        <Facts item={data} />
        <MediaPlayer route={musicOnHoldRoutes.audio} id={data.id} name={data.name} />
      </Paper>
      <Typography variant="h6" component="h2" gutterBottom>
        Usage
      </Typography>
      <Usage id={id} />
    </Box>
  );
}
