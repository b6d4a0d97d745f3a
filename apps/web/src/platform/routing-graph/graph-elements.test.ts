import type { RouteStep, RoutingGraph, RoutingObject } from '@switchboard/domain';
import { describe, expect, it } from 'vitest';
import { elkGraphOf, MAX_LINES, NODE_WIDTH, placed, toFlow, tracePath } from './graph-elements.ts';

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
    expect(edges.map((e) => [e.id, e.label ?? null, e.className ?? null])).toEqual([
      ['number:1->timeprofile:7', null, null],
      ['timeprofile:7->ivr:9', 'open', null],
      ['timeprofile:7->seat:12', 'closed', null],
      ['ivr:9->ivr:9', 'invalid', 'back'],
      ['seat:12->outside:07700900999', 'busy', null],
    ]);
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

  it('gives ELK every node with its size and every edge but a self-loop, then places the nodes where ELK put them', () => {
    const elk = elkGraphOf(graph);
    expect(elk.layoutOptions?.['elk.algorithm']).toBe('layered');
    expect(elk.layoutOptions?.['elk.direction']).toBe('RIGHT');
    expect(elk.layoutOptions?.['elk.layered.thoroughness']).toBeUndefined();
    expect(elk.children?.map((c) => c.id)).toEqual(graph.nodes.map((n) => n.id));
    expect(elk.edges?.map((e) => e.id)).not.toContain('ivr:9->ivr:9');
    expect(elk.edges).toHaveLength(4);
    const many = Array.from({ length: 151 }, (_, i) => ({ id: `ivr:${i}`, object: MENU, kind: 'ivr', settings: [] }));
    expect(elkGraphOf({ ...graph, nodes: many }).layoutOptions?.['elk.layered.nodePlacement.strategy']).toBe('SIMPLE');
    const at = placed(toFlow(graph).nodes, { id: 'root', children: [{ id: 'ivr:9', x: 350, y: 40 }] });
    expect(at.find((n) => n.id === 'ivr:9')?.position).toEqual({ x: 350, y: 40 });
    expect(at.find((n) => n.id === 'seat:12')?.position).toEqual({ x: 0, y: 0 });
  });
});
