/**
 * /voicemail/{mailbox}/{id} (spec 3 §2): one message — who left it and when, its waveform player,
 * download and delete (asked first). Opening a new message files it as old.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatBytes, MESSAGES, VOICEMAIL_MESSAGES, type VoicemailMessage } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useBreadcrumb } from '../../platform/breadcrumb.tsx';
import { useConfirm } from '../../platform/confirm.tsx';
import { FactList } from '../../platform/fact-list.tsx';
import { WaveformPlayer } from '../../platform/media/waveform-player.tsx';
import { useChange } from '../../platform/mutation.ts';
import { useSession } from '../../platform/session-context.ts';
import { voicemail, voicemailKeys } from './api.ts';
import { callerOf, lengthOf, useMarkOld } from './voicemail-shared.ts';

function Facts({ message: m }: { message: VoicemailMessage }) {
  const facts: Array<[string, string]> = [
    ['Caller ID Name', m.callerIdName || '—'],
    ['Caller ID Number', m.callerIdNumber || '—'],
    ['Date', m.date],
    ['Length', lengthOf(m.duration)],
    ['Size', formatBytes(m.fileSize)],
    ['Status', m.folder === 'new' ? 'New' : 'Old'],
  ];
  return <FactList facts={facts} />;
}

function MessageDetail({ mailbox, message }: { mailbox: string; message: VoicemailMessage }) {
  const { can } = useSession();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const remove = useChange({
    mutationFn: () => voicemail.remove(mailbox, [message.id]),
    invalidates: [voicemailKeys.all],
    success: (reply) => reply.message,
    failure: (error) => error.message,
  });
  const ask = async () => {
    const ok = await confirm.ask({
      title: 'Delete Voicemail',
      text: VOICEMAIL_MESSAGES.confirmDelete,
      action: 'Delete',
    });
    if (!ok) return;
    await remove.mutateAsync();
    navigate(`/voicemail?mailbox=${encodeURIComponent(mailbox)}`);
  };
  const name = `message from ${callerOf(message)}`;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Voicemail from {callerOf(message)}
        </Typography>
        <Button href={voicemail.audioUrl(mailbox, message.id, true)} startIcon={<DownloadIcon />}>
          Download
        </Button>
        {can('voicemail', 'delete') && (
          <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={ask}>
            Delete
          </Button>
        )}
      </Box>
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 3 }}>
        <WaveformPlayer url={voicemail.audioUrl(mailbox, message.id)} name={name} />
        <Facts message={message} />
      </Paper>
      {confirm.dialog}
    </Box>
  );
}

export default function VoicemailMessagePage() {
  const { mailbox = '', id = '' } = useParams();
  const message = useQuery(voicemail.message(mailbox, Number(id)));
  const markOld = useMarkOld(mailbox);
  const opened = useRef(false);
  const data = message.data;
  useBreadcrumb(data ? `${mailbox.split('*')[1] ?? mailbox} / ${data.date}` : null);
  // Opened: a new message is filed as old (once per visit).
  useEffect(() => {
    if (!data || opened.current) return;
    opened.current = true;
    if (data.folder === 'new') markOld.mutate(data);
  }, [data, markOld]);
  if (message.isPending) return <CircularProgress aria-label="Loading" />;
  if (message.isError || !data) return <Alert severity="error">{MESSAGES.recordNotFound}</Alert>;
  return <MessageDetail mailbox={mailbox} message={data} />;
}
