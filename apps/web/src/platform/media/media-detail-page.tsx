/**
 * A media library item's page (spec 3 §2, §4): its facts, an audio player streaming the stored
 * file, a rename where the library has one, where it is used, and Delete when it is the account's
 * own and unused (the provider's items are read-only).
 *
 *   export default function PromptDetailPage() {
 *     return <MediaDetailPage api={prompts} area={promptsArea} />;
 *   }
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatBytes, MESSAGES, type Resource } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../api.ts';
import { type AreaDefinition, recordResource } from '../areas.ts';
import { useBreadcrumb } from '../breadcrumb.tsx';
import { FactList } from '../fact-list.tsx';
import { useChange } from '../mutation.ts';
import { DeleteDialog } from '../paged-table/delete-dialog.tsx';
import { versionOf } from '../resource.ts';
import { useSession } from '../session-context.ts';
import { UsageTable } from '../usage-table.tsx';
import { deletableMedia, type MediaApi, type MediaItem } from './media-api.ts';
import { MediaPlayer } from './media-player.tsx';

export interface MediaDetailPageProps {
  api: MediaApi;
  /** The library's area: its records' permission (musicOnHold, prompts), its list (where a deleted item's page goes back to). */
  area: AreaDefinition;
}

function Facts({ item }: { item: MediaItem }) {
  const facts: Array<[string, string]> = [
    ['Owner', item.accountNo === 0 ? 'Provider (read-only)' : 'This account'],
    ['Size', item.fileSize ? formatBytes(item.fileSize) : '—'],
    ['Uploaded', item.uploadedAt ?? '—'],
    ['Used In', String(item.count)],
  ];
  return <FactList facts={facts} />;
}

function Usage({ api, id }: { api: MediaApi; id: string }) {
  const usage = useQuery(api.usage(id));
  return (
    <UsageTable
      label="Usage"
      kindHeader="Table"
      rows={usage.data?.records.map((u) => ({ kind: u.table, name: u.name }))}
      failed={usage.isError}
      empty={MESSAGES.noItems}
    />
  );
}

/** The name, saved by the library's rename ('{name} has been updated'); the server's message under it. */
function RenameForm({ api, item }: { api: MediaApi; item: MediaItem }) {
  const [name, setName] = useState(item.name);
  const [error, setError] = useState<string | null>(null);
  const rename = api.rename;
  const save = useChange({
    mutationFn: (value: string) => (rename ? rename(item.id, value, versionOf(item)) : Promise.reject()),
    invalidates: [api.keys.all],
    success: (_reply, value) => MESSAGES.updated(value),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = name.trim();
    if (!value) return setError(MESSAGES.required);
    setError(null);
    try {
      await save.mutateAsync(value);
    } catch (e) {
      setError(e instanceof ApiError ? (e.validation.name ?? e.message) : MESSAGES.saveFallback);
    }
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        label="Name"
        size="small"
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={error !== null}
        helperText={error ?? undefined}
        sx={{ flexGrow: 1, maxWidth: 480 }}
      />
      <Button type="submit" variant="contained" disabled={save.isPending}>
        Save
      </Button>
    </Box>
  );
}

function MediaDetail({
  api,
  resource,
  item,
  id,
  onDelete,
}: {
  api: MediaApi;
  resource: Resource;
  item: MediaItem;
  id: string;
  onDelete: (m: MediaItem) => void;
}) {
  const { can } = useSession();
  const own = item.accountNo !== 0;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {item.name}
        </Typography>
        {/* Hidden when in use; the provider's items are read-only (spec 3 §4). */}
        {deletableMedia(item) && can(resource, 'delete') && (
          <Button color="error" variant="outlined" onClick={() => onDelete(item)}>
            Delete
          </Button>
        )}
      </Box>
      <Paper variant="outlined" sx={{ p: 2, mb: 3, display: 'grid', gap: 2 }}>
        {own && api.rename && can(resource, 'update') && <RenameForm key={item.name} api={api} item={item} />}
        <Facts item={item} />
        {item.fileSize > 0 && (
          <Box>
            <Typography variant="subtitle2" component="h2" gutterBottom>
              Listen
            </Typography>
            <MediaPlayer route={api.routes.audio} id={item.id} name={item.name} />
          </Box>
        )}
      </Paper>
      <Typography variant="h6" component="h2" gutterBottom>
        Usage
      </Typography>
      <Usage api={api} id={id} />
    </Box>
  );
}

export function MediaDetailPage({ api, area }: MediaDetailPageProps) {
  const resource = recordResource(area);
  const listPath = area.path;
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const item = useQuery(api.detail(id));
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  const data = item.data;
  useBreadcrumb(data ? data.name : null);

  // Kept open over the page once the item is gone, so its feedback is read; closing goes to the list.
  const dialog = deleting && (
    <DeleteDialog
      open
      onClose={() => {
        setDeleting(null);
        if (item.isError) navigate(listPath);
      }}
      rows={[deleting]}
      label={(m) => m.name}
      remove={(m) => api.remove(m.id)}
      invalidates={[api.keys.all]}
      onDeleted={() => undefined}
    />
  );
  // The dialog keeps its place in the tree whatever the page shows, so its state survives.
  return (
    <>
      {item.isPending ? (
        <CircularProgress aria-label="Loading" />
      ) : item.isError || !data ? (
        <Alert severity="error">{MESSAGES.recordNotFound}</Alert>
      ) : (
        <MediaDetail api={api} resource={resource} item={data} id={id} onDelete={setDeleting} />
      )}
      {dialog}
    </>
  );
}
