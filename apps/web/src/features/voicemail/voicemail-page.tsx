/**
 * /voicemail (spec 3 §2): pick a mailbox (the account's seats with voicemail on), its messages new
 * and old, newest first; play one with its waveform (playing a new one files it as old), download,
 * open its page, delete one or many (asked first). The mailbox and folder are in the URL.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import SettingsIcon from '@mui/icons-material/Settings';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  VOICEMAIL_MESSAGES,
  type VoicemailFolder,
  type VoicemailMailbox,
  type VoicemailMessage,
} from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useConfirm } from '../../platform/confirm.tsx';
import { WaveformPlayer } from '../../platform/media/waveform-player.tsx';
import { useChange } from '../../platform/mutation.ts';
import { useSession } from '../../platform/session-context.ts';
import { voicemail, voicemailKeys } from './api.ts';
import { callerOf, lengthOf, useMarkOld } from './voicemail-shared.ts';

const mailboxLabel = (b: VoicemailMailbox) =>
  `${b.extension}${b.nickname ? ` - ${b.nickname}` : ''}${b.newCount ? ` (${b.newCount} new)` : ''}`;

function MailboxBar({ boxes, mailbox, folder }: { boxes: VoicemailMailbox[]; mailbox: string; folder: string }) {
  const [, setSearch] = useSearchParams();
  const choose = (next: Record<string, string>) => setSearch({ mailbox, folder, ...next }, { replace: true });
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
      <TextField
        select
        size="small"
        label="Mailbox"
        value={mailbox}
        onChange={(e) => choose({ mailbox: e.target.value })}
        sx={{ minWidth: 240, flexGrow: { xs: 1, sm: 0 } }}
      >
        {boxes.map((b) => (
          <MenuItem key={b.mailbox} value={b.mailbox}>
            {mailboxLabel(b)}
          </MenuItem>
        ))}
      </TextField>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={folder}
        onChange={(_e, value: string | null) => value && choose({ folder: value })}
        aria-label="Folder"
      >
        <ToggleButton value="all">All</ToggleButton>
        <ToggleButton value="new">New</ToggleButton>
        <ToggleButton value="old">Old</ToggleButton>
      </ToggleButtonGroup>
      <Button
        component={RouterLink}
        to={`/voicemail/settings/${encodeURIComponent(mailbox)}`}
        startIcon={<SettingsIcon />}
        sx={{ ml: { sm: 'auto' } }}
      >
        Mailbox Settings
      </Button>
    </Box>
  );
}

export default function VoicemailPage() {
  const [search] = useSearchParams();
  const boxes = useQuery(voicemail.mailboxes());
  const records = boxes.data?.records ?? [];
  const wanted = search.get('mailbox');
  const mailbox = records.find((b) => b.mailbox === wanted)?.mailbox ?? records[0]?.mailbox;
  const folder =
    search.get('folder') === 'new' || search.get('folder') === 'old' ? (search.get('folder') as string) : 'all';
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Voicemail
      </Typography>
      {boxes.isPending ? (
        <CircularProgress aria-label="Loading" />
      ) : boxes.isError ? (
        <Alert severity="error">{boxes.error.message}</Alert>
      ) : !mailbox ? (
        <Alert severity="info">{VOICEMAIL_MESSAGES.noMailboxes}</Alert>
      ) : (
        <>
          <MailboxBar boxes={records} mailbox={mailbox} folder={folder} />
          <Messages
            key={`${mailbox}/${folder}`}
            mailbox={mailbox}
            folder={folder === 'all' ? undefined : (folder as VoicemailFolder)}
          />
        </>
      )}
    </Box>
  );
}

/** The delete of messages, asked first; answers the selection left. */
function useDeleteMessages(mailbox: string) {
  const confirm = useConfirm();
  const remove = useChange({
    mutationFn: (ids: number[]) => voicemail.remove(mailbox, ids),
    invalidates: [voicemailKeys.all],
    success: (reply) => reply.message,
    failure: (error) => error.message,
  });
  const ask = async (ids: number[]) => {
    const title = ids.length === 1 ? 'Delete Voicemail' : `Delete ${ids.length} Voicemails`;
    if (!(await confirm.ask({ title, text: VOICEMAIL_MESSAGES.confirmDelete, action: 'Delete' }))) return false;
    await remove.mutateAsync(ids).catch(() => undefined);
    return true;
  };
  return { ask, dialog: confirm.dialog };
}

function Messages({ mailbox, folder }: { mailbox: string; folder: VoicemailFolder | undefined }) {
  const { can } = useSession();
  const list = useQuery(voicemail.messages(mailbox, folder));
  const [selected, setSelected] = useState<number[]>([]);
  const [playing, setPlaying] = useState<number | null>(null);
  const removal = useDeleteMessages(mailbox);
  const mayDelete = can('voicemail', 'delete');
  if (list.isPending) return <CircularProgress aria-label="Loading" />;
  if (list.isError) return <Alert severity="error">{list.error.message}</Alert>;
  const rows = list.data.records;
  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const removeSome = async (ids: number[]) => {
    if (await removal.ask(ids)) setSelected((s) => s.filter((id) => !ids.includes(id)));
  };
  return (
    <Paper variant="outlined">
      {mayDelete && selected.length > 0 && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 1, pl: 2, bgcolor: 'action.selected' }}>
          <Typography sx={{ flexGrow: 1 }}>{selected.length} selected</Typography>
          <Button color="error" startIcon={<DeleteIcon />} onClick={() => removeSome(selected)}>
            Delete
          </Button>
        </Box>
      )}
      {rows.length === 0 ? (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {MESSAGES.noItems}
        </Typography>
      ) : (
        <MessageTable
          mailbox={mailbox}
          rows={rows}
          selection={mayDelete ? { selected, toggle, all: (ids) => setSelected(ids) } : undefined}
          playing={playing}
          onPlay={setPlaying}
          onDelete={mayDelete ? (id) => removeSome([id]) : undefined}
        />
      )}
      {removal.dialog}
    </Paper>
  );
}

interface MessageTableProps {
  mailbox: string;
  rows: VoicemailMessage[];
  selection: { selected: number[]; toggle: (id: number) => void; all: (ids: number[]) => void } | undefined;
  playing: number | null;
  onPlay: (id: number | null) => void;
  onDelete: ((id: number) => void) | undefined;
}

const wide = { display: { xs: 'none', sm: 'table-cell' } };

function MessageTable({ mailbox, rows, selection, playing, onPlay, onDelete }: MessageTableProps) {
  const ids = rows.map((m) => m.id);
  const every = selection !== undefined && ids.every((id) => selection.selected.includes(id));
  return (
    <Table size="small" aria-label="Voicemail messages">
      <TableHead>
        <TableRow>
          {selection && (
            <TableCell padding="checkbox">
              <Checkbox
                checked={every}
                indeterminate={!every && selection.selected.length > 0}
                onChange={() => selection.all(every ? [] : ids)}
                slotProps={{ input: { 'aria-label': 'Select all messages' } }}
              />
            </TableCell>
          )}
          <TableCell sx={wide}>Status</TableCell>
          <TableCell>From</TableCell>
          <TableCell sx={wide}>Date</TableCell>
          <TableCell sx={wide}>Length</TableCell>
          <TableCell align="right">Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((m) => (
          <MessageRow
            key={m.id}
            mailbox={mailbox}
            message={m}
            columns={selection ? 6 : 5}
            selection={selection}
            open={playing === m.id}
            onPlay={() => onPlay(playing === m.id ? null : m.id)}
            onDelete={onDelete}
          />
        ))}
      </TableBody>
    </Table>
  );
}

function FolderChip({ message: m }: { message: VoicemailMessage }) {
  return (
    <Chip size="small" label={m.folder === 'new' ? 'New' : 'Old'} color={m.folder === 'new' ? 'primary' : 'default'} />
  );
}

function MessageRow(props: {
  mailbox: string;
  message: VoicemailMessage;
  columns: number;
  selection: MessageTableProps['selection'];
  open: boolean;
  onPlay: () => void;
  onDelete: ((id: number) => void) | undefined;
}) {
  const { mailbox, message: m, selection, open } = props;
  const markOld = useMarkOld(mailbox);
  const label = `message from ${callerOf(m)} at ${m.date}`;
  return (
    <>
      <TableRow hover selected={selection?.selected.includes(m.id) ?? false}>
        {selection && (
          <TableCell padding="checkbox">
            <Checkbox
              checked={selection.selected.includes(m.id)}
              onChange={() => selection.toggle(m.id)}
              slotProps={{ input: { 'aria-label': `Select ${label}` } }}
            />
          </TableCell>
        )}
        <TableCell sx={wide}>
          <FolderChip message={m} />
        </TableCell>
        <TableCell>
          <Link component={RouterLink} to={`/voicemail/${encodeURIComponent(mailbox)}/${m.id}`}>
            {callerOf(m)}
          </Link>
          {/* A narrow screen shows the status and date here, their columns left out. */}
          <Box sx={{ display: { xs: 'flex', sm: 'none' }, gap: 1, alignItems: 'center', mt: 0.5 }}>
            <FolderChip message={m} />
            <Typography variant="body2" color="text.secondary">
              {m.date}
            </Typography>
          </Box>
        </TableCell>
        <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }}>{m.date}</TableCell>
        <TableCell sx={wide}>{lengthOf(m.duration)}</TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          <Button
            size="small"
            onClick={props.onPlay}
            aria-expanded={open}
            aria-label={`${open ? 'Hide player of' : 'Listen to'} ${label}`}
          >
            {open ? 'Hide' : 'Listen'}
          </Button>
          <IconButton size="small" href={voicemail.audioUrl(mailbox, m.id, true)} aria-label={`Download ${label}`}>
            <DownloadIcon fontSize="small" />
          </IconButton>
          {props.onDelete && (
            <IconButton size="small" onClick={() => props.onDelete?.(m.id)} aria-label={`Delete ${label}`}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          )}
        </TableCell>
      </TableRow>
      {open && (
        <TableRow>
          <TableCell colSpan={props.columns}>
            <WaveformPlayer url={voicemail.audioUrl(mailbox, m.id)} name={label} onPlay={() => markOld.mutate(m)} />
          </TableCell>
        </TableRow>
      )}
    </>
  );
}
