/**
 * A routing graph drawn with React Flow: a node per object (its type, name and key settings; its
 * name a link to its page, the node clickable too), labelled edges (loops dashed), the trace's
 * path highlighted; zoom, fit view and a minimap (hidden on phones). Laid out by ELK in a worker.
 */
import '@xyflow/react/dist/style.css';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { RoutingGraph } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import {
  Background,
  Controls,
  type Edge,
  Handle,
  MarkerType,
  MiniMap,
  type NodeProps,
  Position,
  ReactFlow,
} from '@xyflow/react';
import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { elkGraphOf, NODE_WIDTH, placed, type RoutingFlowNode, type TracePath, toFlow } from './graph-elements.ts';
import { layout } from './graph-layout.ts';

const hidden = { opacity: 0, pointerEvents: 'none' } as const;

function RoutingNode({ data }: NodeProps<RoutingFlowNode>) {
  const stop = data.object.type === 'missing' || data.kind === 'nowhere';
  return (
    <Box
      data-testid="graph-node"
      data-on-path={data.onPath ? 'true' : undefined}
      sx={{
        width: NODE_WIDTH,
        height: '100%',
        boxSizing: 'border-box',
        px: 1.25,
        py: 0.75,
        borderRadius: 1,
        background: (t) => (data.onPath ? `${t.palette.primary.main}14` : t.palette.background.paper),
        border: data.onPath ? 3 : 1,
        borderColor: data.onPath ? 'primary.main' : stop ? 'warning.dark' : 'grey.500',
        cursor: data.page ? 'pointer' : 'default',
        overflow: 'hidden',
      }}
    >
      <Handle type="target" position={Position.Left} isConnectable={false} style={hidden} />
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary', lineHeight: 1.4 }}>
        {data.typeLabel}
        {data.start ? ' · start' : ''}
      </Typography>
      <Typography variant="body2" component="div" noWrap sx={{ fontWeight: 600 }}>
        {data.page ? (
          <Link component={RouterLink} to={data.page} underline="hover" className="nodrag">
            {data.object.name}
          </Link>
        ) : (
          data.object.name
        )}
      </Typography>
      {data.lines.map((line) => (
        <Typography key={line} variant="caption" component="div" noWrap sx={{ color: 'text.secondary' }} title={line}>
          {line}
        </Typography>
      ))}
      <Handle type="source" position={Position.Right} isConnectable={false} style={hidden} />
    </Box>
  );
}

const nodeTypes = { routing: RoutingNode };

/** What a phone shows first: the traced path's nodes, else the start and the objects it leads to. */
function phoneFocus(graph: RoutingGraph, path: TracePath | undefined): Array<{ id: string }> {
  if (path && path.nodes.size > 0) return [...path.nodes].map((id) => ({ id }));
  const next = graph.edges.filter((e) => e.source === graph.start).map((e) => e.target);
  return [graph.start, ...next].map((id) => ({ id }));
}

/** The edges styled: the path thick in the primary colour, loops dashed, labels on a white ground. */
function styled(edges: Edge[], primary: string, grey: string): Edge[] {
  return edges.map((e) => {
    const onPath = e.data?.onPath === true;
    const color = onPath ? primary : grey;
    return {
      ...e,
      markerEnd: { type: MarkerType.ArrowClosed, color },
      style: { stroke: color, strokeWidth: onPath ? 3 : 1.5, ...(e.data?.back ? { strokeDasharray: '6 4' } : {}) },
      labelStyle: { fill: onPath ? primary : '#333', fontWeight: onPath ? 700 : 400, fontSize: 12 },
      labelBgStyle: { fill: '#fff' },
      labelBgPadding: [4, 2] as [number, number],
    };
  });
}

export function RoutingGraphView({ graph, path, label }: { graph: RoutingGraph; path?: TracePath; label: string }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const laidOut = useQuery({
    queryKey: ['call-flow', 'layout', graph],
    queryFn: () => layout(elkGraphOf(graph)),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const flow = useMemo(() => toFlow(graph, path), [graph, path]);
  const nodes = useMemo(() => (laidOut.data ? placed(flow.nodes, laidOut.data) : []), [flow, laidOut.data]);
  const edges = useMemo(
    () => styled(flow.edges, theme.palette.primary.main, theme.palette.grey[600]),
    [flow, theme.palette.primary.main, theme.palette.grey],
  );
  if (laidOut.isError) return <Alert severity="error">The call flow could not be drawn.</Alert>;
  return (
    <Box
      component="figure"
      aria-label={label}
      sx={{ m: 0, height: phone ? 460 : 600, border: 1, borderColor: 'divider', borderRadius: 1, position: 'relative' }}
    >
      {laidOut.isPending ? (
        <CircularProgress aria-label="Drawing the call flow" sx={{ m: 2 }} />
      ) : (
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          // A phone fits the traced path (or the start and where it leads) and is panned from there.
          key={phone ? `phone-${path?.nodes.size ?? 0}` : 'wide'}
          fitView
          fitViewOptions={
            phone ? { padding: 0.1, maxZoom: 1, nodes: phoneFocus(graph, path) } : { padding: 0.05, maxZoom: 1 }
          }
          minZoom={0.05}
          nodesDraggable={false}
          nodesConnectable={false}
          edgesFocusable={false}
          onNodeClick={(_, node) => {
            if (node.data.page) navigate(node.data.page);
          }}
        >
          <Background />
          <Controls showInteractive={false} />
          {!phone && <MiniMap pannable zoomable ariaLabel="Minimap of the call flow" />}
        </ReactFlow>
      )}
    </Box>
  );
}
