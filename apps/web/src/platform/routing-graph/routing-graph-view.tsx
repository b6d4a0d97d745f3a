/**
 * A routing graph drawn with React Flow: a node per object (its type, name and key settings; its
 * name a link to its page, the node clickable too), edges along ELK's routes with their labels where
 * ELK placed them (loops dashed), the trace's path highlighted; it opens readable (graph-viewport.ts),
 * with zoom, fit view and a minimap (hidden on phones). Laid out by ELK in a worker.
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
  BaseEdge,
  Controls,
  type EdgeProps,
  Handle,
  MarkerType,
  MiniMap,
  type NodeProps,
  Position,
  ReactFlow,
} from '@xyflow/react';
import { useMemo, useRef } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  elkGraphOf,
  LABEL_FONT,
  LABEL_LINE_HEIGHT,
  NODE_WIDTH,
  placed,
  type RoutingFlowEdge,
  type RoutingFlowNode,
  roundedPath,
  routed,
  type TracePath,
  toFlow,
} from './graph-elements.ts';
import { layout } from './graph-layout.ts';
import { focusOf, initialViewport } from './graph-viewport.ts';

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
        px: 1,
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
      <Typography variant="body2" component="div" noWrap sx={{ fontWeight: 600 }} title={data.object.name}>
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

/** An edge along ELK's route (a straight line until laid out), its label's lines in the box ELK kept for it. */
function RoutedEdge({ id, data, sourceX, sourceY, targetX, targetY, markerEnd, style }: EdgeProps<RoutingFlowEdge>) {
  const theme = useTheme();
  const route = data?.route ?? [
    { x: sourceX, y: sourceY },
    { x: targetX, y: targetY },
  ];
  const at = data?.labelAt;
  return (
    <>
      <BaseEdge id={id} path={roundedPath(route)} {...(markerEnd ? { markerEnd } : {})} {...(style ? { style } : {})} />
      {at && data.lines.length > 0 && (
        <g className="routing-edge-label">
          <rect x={at.x} y={at.y} width={at.width} height={at.height} rx={3} fill={theme.palette.background.paper} />
          <text
            x={at.x + at.width / 2}
            y={at.y + 2}
            textAnchor="middle"
            dominantBaseline="hanging"
            fontSize={LABEL_FONT}
            fontWeight={data.onPath ? 700 : 400}
            fill={data.onPath ? theme.palette.primary.main : theme.palette.text.primary}
          >
            {data.lines.map((line, i) => (
              <tspan key={line} x={at.x + at.width / 2} dy={i === 0 ? 0 : LABEL_LINE_HEIGHT}>
                {line}
              </tspan>
            ))}
          </text>
        </g>
      )}
    </>
  );
}

const nodeTypes = { routing: RoutingNode };
const edgeTypes = { routed: RoutedEdge };

/** The edges styled: the path thick in the primary colour, loops dashed. */
function styled(edges: RoutingFlowEdge[], primary: string, grey: string): RoutingFlowEdge[] {
  return edges.map((e) => {
    const onPath = e.data?.onPath === true;
    const color = onPath ? primary : grey;
    return {
      ...e,
      markerEnd: { type: MarkerType.ArrowClosed, color },
      style: { stroke: color, strokeWidth: onPath ? 3 : 1.5, ...(e.data?.back ? { strokeDasharray: '6 4' } : {}) },
    };
  });
}

export function RoutingGraphView({ graph, path, label }: { graph: RoutingGraph; path?: TracePath; label: string }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const box = useRef<HTMLElement>(null);
  const laidOut = useQuery({
    queryKey: ['call-flow', 'layout', graph],
    queryFn: () => layout(elkGraphOf(graph)),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const flow = useMemo(() => toFlow(graph, path), [graph, path]);
  const nodes = useMemo(() => (laidOut.data ? placed(flow.nodes, laidOut.data) : []), [flow, laidOut.data]);
  const edges = useMemo(
    () =>
      styled(laidOut.data ? routed(flow.edges, laidOut.data) : [], theme.palette.primary.main, theme.palette.grey[600]),
    [flow, laidOut.data, theme.palette.primary.main, theme.palette.grey],
  );
  const focus = useMemo(() => focusOf(graph, path), [graph, path]);
  if (laidOut.isError) return <Alert severity="error">The call flow could not be drawn.</Alert>;
  return (
    <Box
      component="figure"
      ref={box}
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
          edgeTypes={edgeTypes}
          // Opens readable on the traced path (or the start and where it leads), again for a new trace or width.
          key={`${phone ? 'phone' : 'wide'}-${path?.nodes.size ?? 0}`}
          onInit={(instance) => {
            const size = { width: box.current?.clientWidth ?? 0, height: box.current?.clientHeight ?? 0 };
            void instance.setViewport(initialViewport(nodes, focus, size));
          }}
          minZoom={0.05}
          nodesDraggable={false}
          nodesConnectable={false}
          edgesFocusable={false}
          onNodeClick={(_, node) => {
            if (node.data.page) navigate(node.data.page);
          }}
        >
          <Background />
          <Controls showInteractive={false} fitViewOptions={{ padding: 0.05, maxZoom: 1 }} />
          {!phone && (
            <MiniMap pannable zoomable ariaLabel="Minimap of the call flow" style={{ width: 160, height: 110 }} />
          )}
        </ReactFlow>
      )}
    </Box>
  );
}
