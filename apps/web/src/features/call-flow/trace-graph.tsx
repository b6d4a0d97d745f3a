/**
 * Under the trace on /call-flow: the picked number's (or destination's) whole routing as a graph,
 * the traced call's path highlighted once Trace has answered for it.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CallFlowTraceBody } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { CallFlowPanel } from '../../platform/routing-graph/call-flow-tab.tsx';
import { trace } from './api.ts';

export function TraceGraph({ destination, request }: { destination: string; request: CallFlowTraceBody | null }) {
  const traced = request?.dialled === destination ? request : null;
  // The trace the page shows (the same query: answered from its cache).
  const result = useQuery({
    queryKey: ['call-flow', 'trace', traced],
    queryFn: () => trace(traced ?? { dialled: destination }),
    enabled: traced !== null,
  });
  return (
    <Box component="section" aria-labelledby="call-flow-graph-heading" sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography variant="h6" component="h2" id="call-flow-graph-heading">
        Call flow graph
      </Typography>
      <CallFlowPanel destination={destination} steps={traced ? result.data?.steps : undefined} />
    </Box>
  );
}
