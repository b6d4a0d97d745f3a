/**
 * The call flow of a number or destination as a graph (POST /callflow/graph), the steps of a trace
 * highlighted when given. Loaded on demand (React Flow and ELK stay out of the pages' first load).
 */
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { callFlowRoutes, type RouteStep } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { errorMessage } from '../api.ts';
import { call } from '../client.ts';
import { tracePath } from './graph-elements.ts';
import { layoutWorker } from './graph-layout.ts';
import { RoutingGraphView } from './routing-graph-view.tsx';

export interface CallFlowGraphProps {
  /** A number, an extension or a destination value ('ivr:370'). */
  destination: string;
  /** A trace's steps: its path is highlighted. */
  steps?: readonly RouteStep[] | undefined;
}

export default function CallFlowGraph({ destination, steps }: CallFlowGraphProps) {
  const graph = useQuery({
    queryKey: ['call-flow', 'graph', destination],
    queryFn: () => call(callFlowRoutes.graph, { body: { destination } }),
  });
  const path = useMemo(() => (steps ? tracePath(steps) : undefined), [steps]);
  // The layout's worker starts while the graph is fetched.
  useEffect(() => void layoutWorker(), []);
  if (graph.isPending) return <CircularProgress aria-label="Loading the call flow" />;
  if (graph.isError) return <Alert severity="error">{errorMessage(graph.error)}</Alert>;
  const n = graph.data.nodes.length;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Everywhere a call can go from here: {n} {n === 1 ? 'object' : 'objects'}. Click an object to open it
        {steps ? '; the traced call’s path is highlighted' : ''}.
        {graph.data.truncated
          ? ' The routing is too large to draw whole: the objects nearest the start are shown.'
          : ''}
      </Typography>
      <RoutingGraphView graph={graph.data} {...(path ? { path } : {})} label="Call flow graph" />
    </>
  );
}
