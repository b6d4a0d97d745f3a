/**
 * /routing-health (ours, issue 29): every finding of the routing engine's lint of the account's
 * routing, in plain words, each with a link to the object to fix (and the other objects involved);
 * an empty state when there is nothing to fix.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  type LintFinding,
  type LintKind,
  objectWords,
  ROUTING_HEALTH_TEXTS,
  routingHealthRoutes,
  routingObjectPage,
} from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { ROUTING_HEALTH_KEY } from './keys.ts';

/** Each kind of finding as a short heading. */
const KIND_LABELS: Record<LintKind, string> = {
  dangling: 'Destination missing',
  loop: 'Loop with no way out',
  numberNowhere: 'Number routed nowhere',
  sameOpenClosed: 'Open and closed the same',
  groupNoMembers: 'Call group with no members',
  queueNoMembers: 'Queue with no members or fallover',
  divertSelf: 'Seat diverting to itself',
  divertCycle: 'Seats diverting in a circle',
  ivrKeysUnset: 'IVR with no keys set',
  memberNeverRings: 'Member that never rings',
};

function Finding({ finding }: { finding: LintFinding }) {
  const page = routingObjectPage(finding.object);
  const others = finding.objects.slice(1).filter((o) => routingObjectPage(o) !== null);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'grid', gap: 1, listStyle: 'none' }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" color="warning" label={KIND_LABELS[finding.kind]} />
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {objectWords(finding.object)}
        </Typography>
      </Box>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{finding.message}</Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        {page && (
          <Button
            component={RouterLink}
            to={page}
            variant="contained"
            size="small"
            aria-label={`${ROUTING_HEALTH_TEXTS.fix}: ${objectWords(finding.object)}`}
          >
            {ROUTING_HEALTH_TEXTS.fix}
          </Button>
        )}
        {others.map((o) => (
          <Link key={`${o.type}:${o.id}`} component={RouterLink} to={routingObjectPage(o) ?? ''}>
            {objectWords(o)}
          </Link>
        ))}
      </Box>
    </Paper>
  );
}

export default function RoutingHealthPage() {
  const result = useQuery({ queryKey: ROUTING_HEALTH_KEY, queryFn: () => call(routingHealthRoutes.findings, {}) });
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 960 }}>
      <Typography variant="h5" component="h1">
        {ROUTING_HEALTH_TEXTS.title}
      </Typography>
      <Typography color="text.secondary">{ROUTING_HEALTH_TEXTS.intro}</Typography>
      {result.isPending ? (
        <CircularProgress aria-label="Checking the routing" />
      ) : result.isError ? (
        <Alert severity="error">{errorMessage(result.error)}</Alert>
      ) : result.data.records.length === 0 ? (
        <Alert severity="success">{ROUTING_HEALTH_TEXTS.empty}</Alert>
      ) : (
        <Box component="ul" aria-label="Findings" sx={{ display: 'grid', gap: 2, m: 0, p: 0 }}>
          {result.data.records.map((f) => (
            <Finding key={`${f.kind}:${f.message}`} finding={f} />
          ))}
        </Box>
      )}
    </Box>
  );
}
