/**
 * Where a laid-out routing graph opens: whole when it fits its box at a readable zoom, else at that
 * readable zoom on its focus (the traced path, or the start and where it leads), never leaving an
 * empty band where more of the graph could show. The fit-view button and the minimap give the whole.
 */
import type { RoutingGraph } from '@switchboard/domain';
import type { RoutingFlowNode, TracePath } from './graph-elements.ts';

/** The smallest zoom a graph opens at: its 12 px captions at about 10 px, read without zooming. */
export const READABLE_ZOOM = 0.8;
/** Room (px on screen) kept between the graph and its box's edges. */
export const VIEW_PADDING = 16;

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}
interface Extent {
  lo: number;
  hi: number;
}

/** What a graph opens on: the traced path's nodes, else the start and the objects it leads to. */
export function focusOf(graph: RoutingGraph, path: TracePath | undefined): Set<string> {
  if (path && path.nodes.size > 0) return new Set(path.nodes);
  return new Set([graph.start, ...graph.edges.filter((e) => e.source === graph.start).map((e) => e.target)]);
}

function extents(nodes: readonly RoutingFlowNode[]): { x: Extent; y: Extent } | null {
  if (nodes.length === 0) return null;
  const xs = nodes.flatMap((n) => [n.position.x, n.position.x + (n.width ?? 0)]);
  const ys = nodes.flatMap((n) => [n.position.y, n.position.y + (n.height ?? 0)]);
  return { x: { lo: Math.min(...xs), hi: Math.max(...xs) }, y: { lo: Math.min(...ys), hi: Math.max(...ys) } };
}

/** The viewport's offset on one axis: the graph centred when it fits, else its focus, kept within the graph. */
function offset(graph: Extent, focus: Extent, size: number, zoom: number): number {
  const room = size - 2 * VIEW_PADDING;
  const centred = (e: Extent) => size / 2 - ((e.lo + e.hi) / 2) * zoom;
  if ((graph.hi - graph.lo) * zoom <= room) return centred(graph);
  const wanted = (focus.hi - focus.lo) * zoom <= room ? centred(focus) : VIEW_PADDING - focus.lo * zoom;
  return Math.min(VIEW_PADDING - graph.lo * zoom, Math.max(size - VIEW_PADDING - graph.hi * zoom, wanted));
}

/** The viewport a graph of placed nodes opens at in a box of `width` × `height` px. */
export function initialViewport(
  nodes: readonly RoutingFlowNode[],
  focus: ReadonlySet<string>,
  box: { width: number; height: number },
): Viewport {
  const all = extents(nodes);
  if (!all) return { x: 0, y: 0, zoom: 1 };
  const fit = Math.min(
    (box.width - 2 * VIEW_PADDING) / (all.x.hi - all.x.lo || 1),
    (box.height - 2 * VIEW_PADDING) / (all.y.hi - all.y.lo || 1),
  );
  const zoom = Math.min(1, Math.max(READABLE_ZOOM, fit));
  const on = extents(nodes.filter((n) => focus.has(n.id))) ?? all;
  return { x: offset(all.x, on.x, box.width, zoom), y: offset(all.y, on.y, box.height, zoom), zoom };
}
