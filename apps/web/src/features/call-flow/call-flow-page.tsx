/**
 * /call-flow (ours, issue 29): "What happens when {number} is called at {date, time}?" — pick a
 * number or any destination and an instant in UK time (now by default; quick picks: now, tonight
 * 20:00, Saturday 10:00, the next bank holiday), press Trace, and read the steps in plain words.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CALL_FLOW_MESSAGES, type CallFlowTraceBody, dateAtTime, londonClock } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { errorMessage } from '../../platform/api.ts';
import { ServerPicker } from '../../platform/fields/server-picker.tsx';
import { useWhenIdle } from '../../platform/idle.ts';
import { prepareGraph } from '../../platform/routing-graph/call-flow-tab.tsx';
import { instantOf, quickPicks, trace, traceableSource } from './api.ts';
import { TraceGraph } from './trace-graph.tsx';
import { TraceSteps } from './trace-steps.tsx';

/** The UK wall clock as the date-and-time field holds it ('YYYY-MM-DDTHH:mm'). */
const fieldValue = (key: string) => key.replace(' ', 'T');

function TraceResult({ request }: { request: CallFlowTraceBody }) {
  const result = useQuery({ queryKey: ['call-flow', 'trace', request], queryFn: () => trace(request) });
  if (result.isPending) return <CircularProgress aria-label="Tracing" />;
  if (result.isError) return <Alert severity="error">{errorMessage(result.error)}</Alert>;
  return <TraceSteps steps={result.data.steps} />;
}

export default function CallFlowPage() {
  // The graph's layout worker started and warmed while a number is still to be picked.
  useWhenIdle(prepareGraph);
  const picks = useMemo(() => quickPicks(new Date()), []);
  const [dialled, setDialled] = useState<string[]>([]);
  const [label, setLabel] = useState('');
  const [local, setLocal] = useState(() => fieldValue(picks[0]?.key ?? ''));
  const [request, setRequest] = useState<CallFlowTraceBody | null>(null);
  const at = instantOf(local);
  const chosen = dialled[0];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen && at) setRequest({ dialled: chosen, at: at.toISOString() });
  };
  const when = at ? dateAtTime(londonClock(at)) : '…';
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 960 }}>
      <Typography variant="h5" component="h1">
        Call Flow
      </Typography>
      <Paper
        variant="outlined"
        component="form"
        onSubmit={submit}
        aria-label="Trace a call"
        sx={{ p: 2, display: 'grid', gap: 2 }}
      >
        <Typography component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
          What happens when {label || 'a number'} is called on {when}?
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
          <ServerPicker
            source={traceableSource}
            label="Number or destination"
            value={dialled}
            onChange={(values, options) => {
              setDialled(values);
              setLabel(options[0]?.label ?? '');
            }}
            required
          />
          <TextField
            label="Date and time (UK)"
            type="datetime-local"
            value={local}
            onChange={(e) => setLocal(e.target.value)}
            error={!at}
            helperText={at ? ' ' : CALL_FLOW_MESSAGES.instant}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="group" aria-label="Quick picks">
          {picks.map((p) => (
            <Chip key={p.label} label={p.label} onClick={() => setLocal(fieldValue(p.key))} variant="outlined" />
          ))}
        </Box>
        <Box>
          <Button type="submit" variant="contained" disabled={!chosen || !at}>
            Trace
          </Button>
        </Box>
      </Paper>
      {request && (
        <Box component="section" aria-label="Trace">
          <TraceResult request={request} />
        </Box>
      )}
      {chosen && <TraceGraph destination={chosen} request={request} />}
    </Box>
  );
}
