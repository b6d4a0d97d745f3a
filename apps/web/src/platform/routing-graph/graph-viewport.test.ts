import type { RoutingGraph } from '@switchboard/domain';
import { describe, expect, it } from 'vitest';
import type { RoutingFlowNode } from './graph-elements.ts';
import { focusOf, initialViewport, READABLE_ZOOM, VIEW_PADDING } from './graph-viewport.ts';

/** A node of 180 × 60 at (x, y). */
const at = (id: string, x: number, y: number): RoutingFlowNode => ({
  id,
  type: 'routing',
  position: { x, y },
  width: 180,
  height: 60,
  data: {
    id,
    object: { type: 'seat', id: 1, name: id, value: id },
    kind: 'seat',
    settings: [],
    typeLabel: 'Seat',
    page: null,
    lines: [],
    onPath: false,
    start: false,
  },
});
/** Six layers 300 px apart (1,680 px wide), the start in the middle of three rows. */
const wide = [
  at('start', 0, 200),
  at('a', 300, 0),
  at('b', 300, 400),
  at('c', 600, 0),
  at('d', 900, 400),
  at('e', 1200, 200),
  at('f', 1500, 200),
];
const laptop = { width: 960, height: 600 };
const phone = { width: 356, height: 460 };

describe('the view a routing graph opens at', () => {
  it('a graph that fits at a readable zoom opens whole and centred, never above 100 %', () => {
    const small = [at('start', 0, 0), at('a', 300, 0)];
    expect(initialViewport(small, new Set(['start']), laptop)).toEqual({
      x: (960 - 480) / 2,
      y: (600 - 60) / 2,
      zoom: 1,
    });
    const v = initialViewport(wide.slice(0, 4), new Set(['start']), laptop);
    // 780 × 460 in 928 × 568: fitted at 1 at most.
    expect(v.zoom).toBe(1);
  });

  it('a wider graph opens at the readable zoom with its start at the left edge, centred top to bottom', () => {
    const v = initialViewport(wide, new Set(['start', 'a', 'b']), laptop);
    expect(v.zoom).toBe(READABLE_ZOOM);
    expect(v.x).toBe(VIEW_PADDING);
    // 460 px tall at 0.8 fits the 600 px box: centred.
    expect(v.y).toBeCloseTo(300 - 230 * READABLE_ZOOM);
  });

  it('opens on the traced path: centred on it when it fits, never leaving an empty band past the graph', () => {
    // The path d → e → f at the right end: pushed left until the graph's right edge meets the box's.
    const end = initialViewport(wide, new Set(['d', 'e', 'f']), laptop);
    expect(end.x).toBeCloseTo(960 - VIEW_PADDING - 1680 * READABLE_ZOOM);
    // A path in the middle (c → d) is centred; one near the start (a → c) keeps the graph's left edge.
    const middle = initialViewport(wide, new Set(['c', 'd']), laptop);
    expect(middle.x).toBeCloseTo(480 - ((600 + 1080) / 2) * READABLE_ZOOM);
    expect(initialViewport(wide, new Set(['a', 'c']), laptop).x).toBe(VIEW_PADDING);
  });

  it('on a phone: readable, the focus’s start at the left when the focus is wider than the box', () => {
    const v = initialViewport(wide, new Set(['start', 'a', 'c']), phone);
    expect(v.zoom).toBe(READABLE_ZOOM);
    expect(v.x).toBe(VIEW_PADDING);
    const focusOnC = initialViewport(wide, new Set(['c', 'd']), phone);
    expect(focusOnC.x).toBeCloseTo(VIEW_PADDING - 600 * READABLE_ZOOM);
    // 460 px tall at 0.8 is 368: it fits 460 - 32, centred.
    expect(v.y).toBeCloseTo(230 - 230 * READABLE_ZOOM);
  });

  it('focuses the traced path, else the start and the objects it leads to', () => {
    const graph: RoutingGraph = {
      start: 'n',
      truncated: false,
      nodes: [],
      edges: [
        { id: 'n->t', source: 'n', target: 't', label: '', back: false },
        { id: 't->s', source: 't', target: 's', label: 'open', back: false },
      ],
    };
    expect([...focusOf(graph, undefined)]).toEqual(['n', 't']);
    expect([...focusOf(graph, { nodes: new Set(), edges: new Set() })]).toEqual(['n', 't']);
    expect([...focusOf(graph, { nodes: new Set(['t', 's']), edges: new Set(['t->s']) })]).toEqual(['t', 's']);
  });
});
