/**
 * A routing graph (POST /callflow/graph) as React Flow's nodes and edges, and as the ELK graph that
 * lays it out (layered, left to right). Pure: the component, the tests and the layout bench use it.
 */

import {
  graphNodeId,
  type RouteStep,
  type RoutingGraph,
  type RoutingGraphNode,
  type RoutingObject,
  routingObjectPage,
} from '@switchboard/domain';
import type { Edge, Node } from '@xyflow/react';
import type { ElkNode } from 'elkjs/lib/elk-api.js';

export const NODE_WIDTH = 210;
const HEAD_HEIGHT = 52;
const LINE_HEIGHT = 18;
/** The most settings lines a node shows. */
export const MAX_LINES = 4;

export const TYPE_LABELS: Record<RoutingObject['type'], string> = {
  number: 'Number',
  seat: 'Seat',
  trunk: 'SIP Trunk',
  timeprofile: 'Time Profile',
  callgroup: 'Call Group',
  queue: 'Call Queue',
  ivr: 'IVR',
  nts: 'NTS',
  voicemail: 'Voicemail',
  conference: 'Conference',
  conferencing: 'Conferencing',
  outside: 'Outside number',
  missing: 'Missing',
};

/** The page of a routing object, when it has one (the domain's one map of them). */
export const pageOf = (object: RoutingObject): string | null => routingObjectPage(object);

/** What a node shows (React Flow's node data). */
export type RoutingNodeData = RoutingGraphNode & {
  typeLabel: string;
  page: string | null;
  lines: string[];
  onPath: boolean;
  start: boolean;
};
export type RoutingFlowNode = Node<RoutingNodeData, 'routing'>;

/** The nodes and edges of a trace's path (its steps, not their alternatives) in the graph's ids. */
export interface TracePath {
  nodes: Set<string>;
  edges: Set<string>;
}

export function tracePath(steps: readonly RouteStep[]): TracePath {
  const ids = steps.filter((s) => s.rule.kind !== 'limit').map((s) => graphNodeId(s.object));
  const edges = new Set<string>();
  for (let i = 1; i < ids.length; i++) edges.add(`${ids[i - 1]}->${ids[i]}`);
  return { nodes: new Set(ids), edges };
}

const noPath: TracePath = { nodes: new Set(), edges: new Set() };

export const nodeHeight = (n: RoutingGraphNode) => HEAD_HEIGHT + LINE_HEIGHT * Math.min(MAX_LINES, n.settings.length);

/** React Flow's nodes (at the origin until laid out) and edges, the trace's path marked. */
export function toFlow(graph: RoutingGraph, path: TracePath = noPath): { nodes: RoutingFlowNode[]; edges: Edge[] } {
  const nodes = graph.nodes.map(
    (n): RoutingFlowNode => ({
      id: n.id,
      type: 'routing',
      position: { x: 0, y: 0 },
      width: NODE_WIDTH,
      height: nodeHeight(n),
      data: {
        ...n,
        typeLabel: TYPE_LABELS[n.object.type],
        page: pageOf(n.object),
        lines: n.settings.slice(0, MAX_LINES),
        onPath: path.nodes.has(n.id),
        start: n.id === graph.start,
      },
    }),
  );
  const edges = graph.edges.map((e): Edge => {
    const onPath = path.edges.has(e.id);
    return {
      id: e.id,
      source: e.source,
      target: e.target,
      label: e.label || undefined,
      animated: onPath,
      className: [onPath ? 'on-path' : '', e.back ? 'back' : ''].filter(Boolean).join(' ') || undefined,
      data: { onPath, back: e.back },
      zIndex: onPath ? 1 : 0,
    };
  });
  return { nodes, edges };
}

/** ELK's options: layered, left to right, room between the layers for the edges' labels. */
export const ELK_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.layered.spacing.nodeNodeBetweenLayers': '100',
  'elk.spacing.nodeNode': '30',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST',
  'elk.edgeRouting': 'POLYLINE',
};

/**
 * A large graph's cheaper layout (over LARGE_GRAPH nodes): one crossing-minimisation pass and the
 * simple node placement — a 500-node routing about four times faster (bench/call-flow-graph.bench.ts).
 */
export const LARGE_GRAPH = 150;
export const LARGE_GRAPH_OPTIONS = {
  'elk.layered.thoroughness': '1',
  'elk.layered.nodePlacement.strategy': 'SIMPLE',
};

/** The graph as ELK lays it out (a self-edge, an IVR's invalid key, is drawn but not laid out). */
export function elkGraphOf(graph: RoutingGraph): ElkNode {
  return {
    id: 'root',
    layoutOptions: graph.nodes.length > LARGE_GRAPH ? { ...ELK_OPTIONS, ...LARGE_GRAPH_OPTIONS } : ELK_OPTIONS,
    children: graph.nodes.map((n) => ({ id: n.id, width: NODE_WIDTH, height: nodeHeight(n) })),
    edges: graph.edges
      .filter((e) => e.source !== e.target)
      .map((e) => ({ id: e.id, sources: [e.source], targets: [e.target] })),
  };
}

/** The nodes placed where ELK put them. */
export function placed(nodes: RoutingFlowNode[], layout: ElkNode): RoutingFlowNode[] {
  const at = new Map((layout.children ?? []).map((c) => [c.id, { x: c.x ?? 0, y: c.y ?? 0 }]));
  return nodes.map((n) => ({ ...n, position: at.get(n.id) ?? n.position }));
}
