/**
 * A routing graph (POST /callflow/graph) as React Flow's nodes and edges, and as the ELK graph that
 * lays it out (layered, left to right, the edges routed and their labels placed by ELK). Pure: the
 * component, the tests and the layout bench use it.
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

/** Narrow enough for a demo number's first four layers to be read at a laptop's first sight; wide enough for its names. */
export const NODE_WIDTH = 200;
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

/** An edge label's lines: wrapped at word breaks near LABEL_CHARS characters a line. */
export const LABEL_CHARS = 16;
/** The label's font size (px) and its size as ELK reserves it: a generous average glyph width. */
export const LABEL_FONT = 12;
const LABEL_CHAR_WIDTH = 6.6;
export const LABEL_LINE_HEIGHT = 15;
const LABEL_PADDING = 4;

export function labelLines(label: string): string[] {
  const lines: string[] = [];
  for (const word of label.split(' ')) {
    const last = lines.length - 1;
    const joined = last >= 0 ? `${lines[last]} ${word}` : word;
    if (last >= 0 && joined.length <= LABEL_CHARS) lines[last] = joined;
    else lines.push(word);
  }
  return lines;
}

export const labelSize = (lines: readonly string[]) => ({
  width: Math.max(...lines.map((l) => l.length)) * LABEL_CHAR_WIDTH + 2 * LABEL_PADDING,
  height: lines.length * LABEL_LINE_HEIGHT + LABEL_PADDING,
});

export interface Point {
  x: number;
  y: number;
}
/** What an edge draws (React Flow's edge data): its route and its label's box, once ELK has laid them out. */
export interface RoutingEdgeData extends Record<string, unknown> {
  onPath: boolean;
  back: boolean;
  lines: string[];
  route?: Point[];
  labelAt?: Point & { width: number; height: number };
}
export type RoutingFlowEdge = Edge<RoutingEdgeData, 'routed'>;

const noPath: TracePath = { nodes: new Set(), edges: new Set() };

export const nodeHeight = (n: RoutingGraphNode) => HEAD_HEIGHT + LINE_HEIGHT * Math.min(MAX_LINES, n.settings.length);

/** React Flow's nodes (at the origin until laid out) and edges, the trace's path marked. */
export function toFlow(
  graph: RoutingGraph,
  path: TracePath = noPath,
): { nodes: RoutingFlowNode[]; edges: RoutingFlowEdge[] } {
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
  const edges = graph.edges.map((e): RoutingFlowEdge => {
    const onPath = path.edges.has(e.id);
    return {
      id: e.id,
      type: 'routed',
      source: e.source,
      target: e.target,
      label: e.label || undefined,
      animated: onPath,
      className: [onPath ? 'on-path' : '', e.back ? 'back' : ''].filter(Boolean).join(' ') || undefined,
      data: { onPath, back: e.back, lines: e.label ? labelLines(e.label) : [] },
      zIndex: onPath ? 1 : 0,
    };
  });
  return { nodes, edges };
}

/**
 * ELK's options: layered, left to right, the edges routed at right angles with their labels between
 * the layers (ELK makes each gap as wide as its labels need, no wider).
 */
export const ELK_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.layered.spacing.nodeNodeBetweenLayers': '24',
  'elk.layered.spacing.edgeNodeBetweenLayers': '12',
  'elk.spacing.nodeNode': '24',
  'elk.spacing.edgeLabel': '3',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST',
  'elk.edgeRouting': 'ORTHOGONAL',
};

/**
 * A large graph's cheaper layout (over LARGE_GRAPH nodes): one crossing-minimisation pass, the simple
 * node placement, straight segments, and no room made for the labels (each drawn on its route's
 * longest segment) — a 500-node routing about four times faster than the full options, whose labels
 * alone double its time (bench/call-flow-graph.bench.ts).
 */
export const LARGE_GRAPH = 150;
export const LARGE_GRAPH_OPTIONS = {
  'elk.layered.thoroughness': '1',
  'elk.layered.nodePlacement.strategy': 'SIMPLE',
  'elk.edgeRouting': 'POLYLINE',
};

/**
 * The graph as ELK lays it out: every node with its size, every edge (an IVR's invalid key looping over
 * its menu) with its label's (but in a large graph).
 */
export function elkGraphOf(graph: RoutingGraph): ElkNode {
  const large = graph.nodes.length > LARGE_GRAPH;
  return {
    id: 'root',
    layoutOptions: large ? { ...ELK_OPTIONS, ...LARGE_GRAPH_OPTIONS } : ELK_OPTIONS,
    children: graph.nodes.map((n) => ({ id: n.id, width: NODE_WIDTH, height: nodeHeight(n) })),
    edges: graph.edges.map((e) => ({
      id: e.id,
      sources: [e.source],
      targets: [e.target],
      labels: e.label && !large ? [{ id: `${e.id}:label`, text: e.label, ...labelSize(labelLines(e.label)) }] : [],
    })),
  };
}

/**
 * A made-up routing of 60 objects laid out with the large-graph options to warm a fresh layout
 * worker (graph-layout.ts prepareLayout): ELK's code runs some times slower until the worker's
 * JavaScript engine has seen it run. Numbers → time profiles → menus → groups → seats, some
 * fallovers back to a menu (cycles to break), as a large account's routing is made.
 */
export function warmUpGraph(): ElkNode {
  const tiers = [
    ['number', 8],
    ['profile', 8],
    ['menu', 12],
    ['group', 12],
    ['seat', 20],
  ] as const;
  const ids = tiers.map(([name, count]) => Array.from({ length: count }, (_, i) => `${name}:${i}`));
  const edges = ids
    .slice(1)
    .flatMap((targets, t) =>
      (ids[t] ?? []).flatMap((source, i) =>
        [i, i * 3 + 1, i * 7 + 2]
          .slice(0, t === 0 ? 1 : 3)
          .map((k) => ({ source, target: targets[k % targets.length] ?? '' })),
      ),
    );
  const back = (ids[3] ?? []).map((source, i) => ({ source, target: ids[2]?.[(i + 5) % 12] ?? '' }));
  return {
    id: 'root',
    layoutOptions: { ...ELK_OPTIONS, ...LARGE_GRAPH_OPTIONS },
    children: ids.flat().map((id) => ({ id, width: NODE_WIDTH, height: HEAD_HEIGHT + 2 * LINE_HEIGHT })),
    edges: [...edges, ...back].map((e, i) => ({ id: `w${i}`, sources: [e.source], targets: [e.target] })),
  };
}

/** A label's box centred on its route's longest segment (for a label ELK did not place). */
function onLongestSegment(route: readonly Point[], lines: readonly string[]): RoutingEdgeData['labelAt'] {
  let mid = route[0] ?? { x: 0, y: 0 };
  let longest = -1;
  for (const [i, p] of route.slice(1).entries()) {
    const q = route[i] ?? p;
    const length = Math.hypot(p.x - q.x, p.y - q.y);
    if (length > longest) [longest, mid] = [length, { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 }];
  }
  const size = labelSize(lines);
  return { x: mid.x - size.width / 2, y: mid.y - size.height / 2, ...size };
}

/** The nodes placed where ELK put them. */
export function placed(nodes: RoutingFlowNode[], layout: ElkNode): RoutingFlowNode[] {
  const at = new Map((layout.children ?? []).map((c) => [c.id, { x: c.x ?? 0, y: c.y ?? 0 }]));
  return nodes.map((n) => ({ ...n, position: at.get(n.id) ?? n.position }));
}

/**
 * The edges routed where ELK routed them (their points in order, their label's box where ELK put it,
 * else on the route); an edge ELK left out keeps none.
 */
export function routed(edges: RoutingFlowEdge[], layout: ElkNode): RoutingFlowEdge[] {
  const laid = new Map((layout.edges ?? []).map((e) => [e.id, e]));
  return edges.map((edge) => {
    const e = laid.get(edge.id);
    const section = e?.sections?.[0];
    if (!edge.data || !section) return edge;
    const route = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map(({ x, y }) => ({ x, y }));
    const label = e?.labels?.[0];
    const lines = edge.data.lines;
    const labelAt =
      label?.x !== undefined && label.y !== undefined
        ? { x: label.x, y: label.y, width: label.width ?? 0, height: label.height ?? 0 }
        : lines.length > 0
          ? onLongestSegment(route, lines)
          : undefined;
    return { ...edge, data: { ...edge.data, route, ...(labelAt ? { labelAt } : {}) } };
  });
}

/** An SVG path along a route's points, its corners rounded (radius at most `radius`, less on a short leg). */
export function roundedPath(points: readonly Point[], radius = 8): string {
  const [first, ...rest] = points;
  if (!first) return '';
  let d = `M ${first.x} ${first.y}`;
  for (const [i, p] of rest.entries()) {
    const prev = points[i] ?? first;
    const next = rest[i + 1];
    if (!next) {
      d += ` L ${p.x} ${p.y}`;
      break;
    }
    const r = Math.min(radius, Math.hypot(p.x - prev.x, p.y - prev.y) / 2, Math.hypot(next.x - p.x, next.y - p.y) / 2);
    const toward = (q: Point) => {
      const len = Math.hypot(q.x - p.x, q.y - p.y) || 1;
      return { x: p.x + ((q.x - p.x) / len) * r, y: p.y + ((q.y - p.y) / len) * r };
    };
    const a = toward(prev);
    const b = toward(next);
    d += ` L ${a.x} ${a.y} Q ${p.x} ${p.y} ${b.x} ${b.y}`;
  }
  return d;
}
