import type { RouteStep, RoutingGraph, RoutingObject } from '@switchboard/domain';
import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import {
  ELK_OPTIONS,
  elkGraphOf,
  LABEL_CHARS,
  LARGE_GRAPH_OPTIONS,
  labelLines,
  labelSize,
  MAX_LINES,
  NODE_WIDTH,
  placed,
  roundedPath,
  routed,
  toFlow,
  tracePath,
  warmUpGraph,
} from './graph-elements.ts';

const object = (type: RoutingObject['type'], id: number | null, name: string, value: string): RoutingObject => ({
  type,
  id,
  name,
  value,
});
const NUMBER = object('number', 1, '01214960000 (Main line)', '01214960000');
const PROFILE = object('timeprofile', 7, '300 - Office hours', 'timeprofile:300');
const MENU = object('ivr', 9, '370 - Main menu', 'ivr:370');
const COVER = object('seat', 12, '205 - Site engineer', 'seat:205');
const OUTSIDE = object('outside', null, '07700900999', '07700900999');

const graph: RoutingGraph = {
  start: 'number:1',
  truncated: false,
  nodes: [
    { id: 'number:1', object: NUMBER, kind: 'number', settings: [] },
    {
      id: 'timeprofile:7',
      object: PROFILE,
      kind: 'timeProfile',
      settings: ['Mon–Fri 09:00–17:30', 'Closed on bank holidays (England & Wales)', '1 calendar entry', 'a', 'b'],
    },
    { id: 'ivr:9', object: MENU, kind: 'ivr', settings: ['Keys 1 2'] },
    { id: 'seat:12', object: COVER, kind: 'seat', settings: ['Voicemail: basic'] },
    { id: 'outside:07700900999', object: OUTSIDE, kind: 'outside', settings: ['Outside the network'] },
  ],
  edges: [
    { id: 'number:1->timeprofile:7', source: 'number:1', target: 'timeprofile:7', label: '', back: false },
    { id: 'timeprofile:7->ivr:9', source: 'timeprofile:7', target: 'ivr:9', label: 'open', back: false },
    { id: 'timeprofile:7->seat:12', source: 'timeprofile:7', target: 'seat:12', label: 'closed', back: false },
    { id: 'ivr:9->ivr:9', source: 'ivr:9', target: 'ivr:9', label: 'invalid', back: true },
    {
      id: 'seat:12->outside:07700900999',
      source: 'seat:12',
      target: 'outside:07700900999',
      label: 'busy',
      back: false,
    },
  ],
};

const step = (o: RoutingObject, kind: RouteStep['rule']['kind']): RouteStep => ({
  object: o,
  rule: { kind, text: '', data: {} },
  next: null,
  alternatives: [],
});

describe('the routing graph as React Flow nodes and edges', () => {
  it('maps each node with its type, page, settings (at most four lines) and the start', () => {
    const { nodes } = toFlow(graph);
    expect(nodes.map((n) => [n.id, n.data.typeLabel, n.data.page])).toEqual([
      ['number:1', 'Number', '/telephone-numbers/1'],
      ['timeprofile:7', 'Time Profile', '/time-profiles/7'],
      ['ivr:9', 'IVR', '/ivrs/9'],
      ['seat:12', 'Seat', '/seats/12'],
      ['outside:07700900999', 'Outside number', null],
    ]);
    expect(nodes[1]?.data.lines).toHaveLength(MAX_LINES);
    expect(nodes.filter((n) => n.data.start).map((n) => n.id)).toEqual(['number:1']);
    expect(nodes.every((n) => n.type === 'routing' && n.width === NODE_WIDTH && !n.data.onPath)).toBe(true);
    // Taller with more lines.
    expect(nodes[1]?.height).toBeGreaterThan(nodes[2]?.height ?? 0);
  });

  it('labels the edges and marks loops; an empty label is none', () => {
    const { edges } = toFlow(graph);
    expect(edges.map((e) => [e.id, e.label ?? null, e.data?.lines, e.className ?? null])).toEqual([
      ['number:1->timeprofile:7', null, [], null],
      ['timeprofile:7->ivr:9', 'open', ['open'], null],
      ['timeprofile:7->seat:12', 'closed', ['closed'], null],
      ['ivr:9->ivr:9', 'invalid', ['invalid'], 'back'],
      ['seat:12->outside:07700900999', 'busy', ['busy'], null],
    ]);
    expect(edges.every((e) => e.type === 'routed' && e.data?.route === undefined)).toBe(true);
  });

  it('wraps a long label at its word breaks, and sizes it for ELK by its longest line', () => {
    expect(labelLines('busy, no answer, unavailable')).toEqual(['busy, no answer,', 'unavailable']);
    expect(labelLines('key 2, timeout')).toEqual(['key 2, timeout']);
    // A word longer than a line is a line of its own, never cut.
    expect(labelLines('a Christmas-and-New-Year shutdown')).toEqual(['a', 'Christmas-and-New-Year', 'shutdown']);
    expect(labelLines('busy, no answer, unavailable').every((l) => l.length <= LABEL_CHARS)).toBe(true);
    const one = labelSize(['open']);
    const two = labelSize(['busy, no answer,', 'unavailable']);
    expect(two.width).toBeGreaterThan(one.width);
    expect(two.height).toBeGreaterThan(one.height);
  });

  it('highlights the trace’s path: its objects and the edges between consecutive steps only', () => {
    const path = tracePath([step(NUMBER, 'number'), step(PROFILE, 'timeProfile'), step(COVER, 'seat')]);
    const { nodes, edges } = toFlow(graph, path);
    expect(nodes.filter((n) => n.data.onPath).map((n) => n.id)).toEqual(['number:1', 'timeprofile:7', 'seat:12']);
    expect(edges.filter((e) => e.data?.onPath).map((e) => e.id)).toEqual([
      'number:1->timeprofile:7',
      'timeprofile:7->seat:12',
    ]);
    expect(edges.find((e) => e.id === 'timeprofile:7->seat:12')?.className).toBe('on-path');
    expect(edges.find((e) => e.id === 'timeprofile:7->seat:12')?.animated).toBe(true);
  });

  it('an invalid key replaying the menu highlights the menu’s own loop', () => {
    const path = tracePath([step(MENU, 'ivrInvalid'), step(MENU, 'ivr')]);
    expect([...path.edges]).toEqual(['ivr:9->ivr:9']);
    expect(toFlow(graph, path).edges.find((e) => e.id === 'ivr:9->ivr:9')?.className).toBe('on-path back');
  });

  it('gives ELK every node with its size and every edge with its label, then places the nodes where ELK put them', () => {
    const elk = elkGraphOf(graph);
    expect(elk.layoutOptions?.['elk.algorithm']).toBe('layered');
    expect(elk.layoutOptions?.['elk.direction']).toBe('RIGHT');
    expect(elk.layoutOptions?.['elk.layered.thoroughness']).toBeUndefined();
    expect(elk.children?.map((c) => c.id)).toEqual(graph.nodes.map((n) => n.id));
    expect(elk.edges?.map((e) => e.id)).toEqual(graph.edges.map((e) => e.id));
    expect(elk.edges?.map((e) => e.labels?.map((l) => l.text) ?? [])).toEqual([
      [],
      ['open'],
      ['closed'],
      ['invalid'],
      ['busy'],
    ]);
    expect(elk.edges?.[1]?.labels?.[0]).toMatchObject(labelSize(['open']));
    const many = Array.from({ length: 151 }, (_, i) => ({ id: `ivr:${i}`, object: MENU, kind: 'ivr', settings: [] }));
    const large = elkGraphOf({ ...graph, nodes: many });
    expect(large.layoutOptions?.['elk.layered.nodePlacement.strategy']).toBe('SIMPLE');
    expect(large.layoutOptions?.['elk.edgeRouting']).toBe('POLYLINE');
    // Its labels take no room in the layout (they would double its time): drawn on their routes.
    expect(large.edges?.every((e) => e.labels?.length === 0)).toBe(true);
    const at = placed(toFlow(graph).nodes, { id: 'root', children: [{ id: 'ivr:9', x: 350, y: 40 }] });
    expect(at.find((n) => n.id === 'ivr:9')?.position).toEqual({ x: 350, y: 40 });
    expect(at.find((n) => n.id === 'seat:12')?.position).toEqual({ x: 0, y: 0 });
  });

  it('ELK routes every edge (the menu’s loop over it) and keeps each label clear of every node', async () => {
    const laid = await new ELK().layout(elkGraphOf(graph));
    const nodes = placed(toFlow(graph).nodes, laid);
    const edges = routed(toFlow(graph).edges, laid);
    expect(edges.every((e) => (e.data?.route?.length ?? 0) >= 2)).toBe(true);
    const boxes = nodes.map((n) => ({ x: n.position.x, y: n.position.y, width: n.width ?? 0, height: n.height ?? 0 }));
    const overlap = (a: (typeof boxes)[number], b: (typeof boxes)[number]) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    const labels = edges.flatMap((e) => (e.data?.labelAt ? [e.data.labelAt] : []));
    expect(labels).toHaveLength(4);
    for (const label of labels) expect(boxes.some((b) => overlap(label, b))).toBe(false);
    // Each route starts on its source's right side and ends on its target (ELK's ports).
    const open = edges.find((e) => e.id === 'timeprofile:7->ivr:9')?.data?.route ?? [];
    const profile = nodes.find((n) => n.id === 'timeprofile:7');
    expect(open[0]?.x).toBe((profile?.position.x ?? 0) + NODE_WIDTH);
    expect(open.at(-1)?.x).toBe(nodes.find((n) => n.id === 'ivr:9')?.position.x);
  });

  it('a label ELK did not place sits centred on its route’s longest segment', () => {
    const [busy] = toFlow(graph).edges.filter((e) => e.label === 'busy');
    const section = {
      id: 's',
      startPoint: { x: 0, y: 0 },
      bendPoints: [
        { x: 10, y: 0 },
        { x: 10, y: 100 },
      ],
      endPoint: { x: 20, y: 100 },
    };
    const [edge] = routed(busy ? [busy] : [], {
      id: 'root',
      edges: [{ id: busy?.id ?? '', sources: [], targets: [], sections: [section] }],
    });
    const size = labelSize(['busy']);
    expect(edge?.data?.route).toEqual([
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 100 },
      { x: 20, y: 100 },
    ]);
    expect(edge?.data?.labelAt).toEqual({ x: 10 - size.width / 2, y: 50 - size.height / 2, ...size });
  });

  it.each([
    ['no point', [], ''],
    [
      'a straight leg',
      [
        [0, 0],
        [50, 0],
      ],
      'M 0 0 L 50 0',
    ],
    [
      'a corner',
      [
        [0, 0],
        [50, 0],
        [50, 40],
      ],
      'M 0 0 L 42 0 Q 50 0 50 8 L 50 40',
    ],
    [
      'a short leg between two corners',
      [
        [0, 0],
        [50, 0],
        [50, 6],
        [90, 6],
      ],
      'M 0 0 L 47 0 Q 50 0 50 3 L 50 3 Q 50 6 53 6 L 90 6',
    ],
  ] as const)('draws a route with its corners rounded, by less on a short leg: %s', (_case, points, path) => {
    expect(roundedPath(points.map(([x, y]) => ({ x, y })))).toBe(path);
  });
});

describe('warmUpGraph', () => {
  it('is a made-up large routing laid out as a large graph is: every edge between its nodes, fallovers back to menus', async () => {
    const graph = warmUpGraph();
    const ids = new Set(graph.children?.map((c) => c.id));
    expect(ids.size).toBe(60);
    expect(graph.layoutOptions).toEqual({ ...ELK_OPTIONS, ...LARGE_GRAPH_OPTIONS });
    for (const e of graph.edges ?? []) {
      expect(ids.has(e.sources[0] ?? '')).toBe(true);
      expect(ids.has(e.targets[0] ?? '')).toBe(true);
    }
    expect(graph.edges?.some((e) => e.sources[0]?.startsWith('group:') && e.targets[0]?.startsWith('menu:'))).toBe(
      true,
    );
    const laid = await new ELK().layout(graph);
    expect(laid.children?.every((c) => c.x !== undefined && c.y !== undefined)).toBe(true);
  });
});
