/**
 * /call-recording/{id} (spec 3 §2: details, playback and download): the call's date, time,
 * parties, direction, length and seat, the recording's file; its waveform player (streamed by
 * Range) and Download (the file under its name).
 */
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type CallRecording, formatBytes, MESSAGES } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useBreadcrumb } from '../../platform/breadcrumb.tsx';
import { FactList } from '../../platform/fact-list.tsx';
import { WaveformPlayer } from '../../platform/media/waveform-player.tsx';
import { recordingAudioUrl, recordingDetail } from './api.ts';

function Details({ recording: r }: { recording: CallRecording }) {
  const facts: Array<[string, string]> = [
    ['Date', r.date],
    ['Time', r.time],
    ['Origin', r.origin],
    ['Destination', r.destination],
    ['Inbound', r.inbound ? 'Yes' : 'No'],
    ['Mins', r.mins],
    ['Seat', r.seat || '—'],
    ['File Size', formatBytes(r.filesize)],
    ['File Name', r.fileName],
  ];
  return <FactList facts={facts} />;
}

function Recording({ recording }: { recording: CallRecording }) {
  const title = `${recording.origin} → ${recording.destination}`;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          href={recordingAudioUrl(recording.id, true)}
          download={recording.fileName}
        >
          Download
        </Button>
      </Box>
      <Paper variant="outlined" sx={{ p: 2, mb: 3, display: 'grid', gap: 3 }}>
        <Box>
          <Typography variant="subtitle2" component="h2" gutterBottom>
            Listen
          </Typography>
          <WaveformPlayer url={recordingAudioUrl(recording.id)} name={`the call from ${recording.origin}`} />
        </Box>
        <Box>
          <Typography variant="subtitle2" component="h2" gutterBottom>
            Details
          </Typography>
          <Details recording={recording} />
        </Box>
      </Paper>
    </Box>
  );
}

export default function CallRecordingDetailPage() {
  const { id = '' } = useParams();
  const recording = useQuery(recordingDetail(id));
  const data = recording.data;
  useBreadcrumb(data ? `${data.date} ${data.time}` : null);
  if (recording.isPending) return <CircularProgress aria-label="Loading" />;
  if (recording.isError || !data) return <Alert severity="error">{MESSAGES.recordNotFound}</Alert>;
  return <Recording recording={data} />;
}
