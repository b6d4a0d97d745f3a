/** The routing drawn as a graph: every branch the engine can take, labelled; loops as back edges. */
import { describe, expect, it } from 'vitest';
import { routeCall } from './engine.ts';
import { acme, group, ivr, member, number, profile, queue, seat } from './estate.fixture.ts';
import type { Estate } from './estate.ts';
import { graphNodeId, MAX_GRAPH_NODES, type RoutingGraph, routingGraph } from './graph.ts';

const AT = new Date('2026-11-24T10:00:00Z');
const graph = (estate: Estate, start: string) => routingGraph(estate, start, AT);
/** 'source -label-> target' of every edge, by the objects' values. */
function arrows(g: RoutingGraph): string[] {
  const value = new Map(g.nodes.map((n) => [n.id, n.object.value]));
  return g.edges.map((e) => `${value.get(e.source)} -${e.label}-> ${value.get(e.target)}${e.back ? ' (back)' : ''}`);
}
const node = (g: RoutingGraph, value: string) => g.nodes.find((n) => n.object.value === value);
const with_ = (o: Partial<Estate>): Estate => ({ ...acme(), ...o });

describe('routingGraph', () => {
  it('draws the demo main number’s whole routing: both sides, the calendar entry, every key, the fallovers', () => {
    const g = graph(acme(), '01214960000');
    expect(g.start).toBe(graphNodeId(node(g, '01214960000')?.object ?? { type: 'number', id: 0, name: '', value: '' }));
    expect(arrows(g)).toEqual([
      '01214960000 --> timeprofile:300',
      'timeprofile:300 -open-> ivr:370',
      'timeprofile:300 -closed-> timeprofile:301',
      'timeprofile:300 -Christmas shutdown-> seat:205',
      'ivr:370 -key 1-> callgroup:350',
      'ivr:370 -key 2, timeout-> queue:360',
      'ivr:370 -key 0-> seat:201',
      'ivr:370 -invalid-> ivr:370 (back)',
      'timeprofile:301 -open-> seat:205',
      'timeprofile:301 -closed-> nts:1',
      'seat:205 -busy, no answer, unavailable-> voicemail:205',
      // The queue has no fallover: when full it goes nowhere, so no edge.
      'callgroup:350 -no answer-> seat:201',
      'seat:201 -busy, no answer, unavailable-> voicemail:201',
    ]);
    expect(g.truncated).toBe(false);
    expect(g.nodes.map((n) => n.object.type).sort()).toEqual(
      [
        'callgroup',
        'ivr',
        'nts',
        'number',
        'queue',
        'seat',
        'seat',
        'timeprofile',
        'timeprofile',
        'voicemail',
        'voicemail',
      ].sort(),
    );
  });

  it('gives each node its key settings in short lines', () => {
    const g = graph(acme(), '01214960000');
    expect(node(g, 'timeprofile:300')?.settings).toEqual([
      'Mon–Fri 09:00–17:30',
      'Closed on bank holidays (England & Wales)',
      '1 calendar entry',
    ]);
    expect(node(g, 'ivr:370')?.settings).toEqual(["Greeting 'Acme main greeting'", 'Keys 1 2 0']);
    expect(node(g, 'callgroup:350')?.settings).toEqual([
      'Ring All, 20 seconds',
      'Members: 209 - Estimating, 212 - Training',
    ]);
    expect(node(g, 'queue:360')?.settings).toEqual(['Round Robin with Memory', 'Members: 210 - Van 1, 211 - Van 2']);
    expect(node(g, 'seat:205')?.settings).toEqual(['Voicemail: basic']);
    expect(node(g, 'nts:1')?.settings).toEqual(['Forwards to 07700900999']);
  });

  it('holds every object of the path the engine traces, whatever the instant', () => {
    const estate = acme();
    const g = graph(estate, '01214960000');
    const ids = new Set(g.nodes.map((n) => n.id));
    const edges = new Set(g.edges.map((e) => `${e.source}>${e.target}`));
    for (const at of ['2026-11-28T10:00:00Z', '2026-11-28T20:00:00Z', '2026-12-25T10:00:00Z', '2026-11-24T10:00:00Z']) {
      for (const keys of [[], ['1'], ['2'], ['0'], ['Timeout'], ['5', '1']]) {
        const steps = routeCall(estate, { dialled: '01214960000', at: new Date(at), keys });
        const path = steps.map((s) => graphNodeId(s.object));
        for (const id of path) expect(ids).toContain(id);
        for (let i = 1; i < path.length; i++) expect(edges).toContain(`${path[i - 1]}>${path[i]}`);
      }
    }
  });

  it('draws a forced mode’s one side only', () => {
    const estate = with_({
      timeProfiles: [profile(300, 'Office hours', { mode: 2, inDestination: 'seat:201', outDestination: 'seat:202' })],
    });
    expect(arrows(graph(estate, '01214960000')).slice(0, 2)).toEqual([
      '01214960000 --> timeprofile:300',
      'timeprofile:300 -always closed-> seat:202',
    ]);
    expect(node(graph(estate, '01214960000'), 'timeprofile:300')?.settings[0]).toBe('Always closed');
  });

  it('draws a loop as an edge back, never endlessly (IVR → group → IVR)', () => {
    const estate = with_({
      numbers: [number('01214960000', 'ivr:370')],
      ivrs: [ivr(370, 'Main menu', { option1: 'callgroup:350' })],
      callGroups: [group(350, 'Sales', { falloverLocation: 'ivr:370', members: [member('seat:201')] })],
    });
    expect(arrows(graph(estate, '01214960000'))).toEqual([
      '01214960000 --> ivr:370',
      'ivr:370 -key 1-> callgroup:350',
      'ivr:370 -invalid-> ivr:370 (back)',
      'callgroup:350 -no answer-> ivr:370 (back)',
    ]);
  });

  it('follows diverts to the account’s numbers and outside, and a seat diverting to itself is a loop', () => {
    const estate = with_({
      numbers: [number('01214960000', 'seat:201'), number('01214960001', 'seat:202')],
      seats: [
        seat(201, { cfwdAll: '01214960001' }),
        seat(202, { vmMode: 0, cfwdBusy: '07700900123', cfwdNoAnswer: '01214960000' }),
      ],
    });
    expect(arrows(graph(estate, '201'))).toEqual([
      'seat:201 -divert all-> 01214960001',
      '01214960001 --> seat:202',
      'seat:202 -busy-> 07700900123',
      'seat:202 -no answer-> 01214960000',
      '01214960000 --> seat:201 (back)',
    ]);
    expect(node(graph(estate, '201'), '07700900123')?.object.type).toBe('outside');
  });

  it('draws a destination that is not there as a missing node, and a start that is nothing alone', () => {
    const estate = with_({ numbers: [number('01214960000', 'queue:999')] });
    expect(arrows(graph(estate, '01214960000'))).toEqual(['01214960000 --> queue:999']);
    expect(node(graph(estate, '01214960000'), 'queue:999')).toMatchObject({
      kind: 'missing',
      settings: ['Does not exist'],
    });
    const nothing = graph(estate, 'hello');
    expect(nothing.nodes.map((n) => n.object.type)).toEqual(['missing']);
    expect(nothing.edges).toEqual([]);
  });

  it('labels a queue’s exits and its empty fallover', () => {
    const estate = with_({
      numbers: [number('01214960000', 'queue:360')],
      queues: [
        queue(360, 'Support', {
          joinEmpty: false,
          falloverLocation: 'seat:201',
          falloverLocationEmpty: 'seat:202',
          queueTime: 300,
          exitSwitch: true,
          exitTime: '18:00',
          members: [{ memberName: 'seat:210', penalty: 0 }],
        }),
      ],
    });
    const g = graph(estate, '01214960000');
    expect(arrows(g).slice(1, 3)).toEqual([
      'queue:360 -empty-> seat:202',
      'queue:360 -full, max wait, exit time-> seat:201',
    ]);
    expect(node(g, 'queue:360')?.settings).toEqual([
      'Ring All',
      'Members: 210 - Van 1',
      'Max wait 5 minutes',
      'Exit at 18:00 GMT',
    ]);
  });

  it('stays linear on a long chain and is cut at its limit, saying so', () => {
    const seats = Array.from({ length: MAX_GRAPH_NODES + 10 }, (_, i) =>
      seat(1000 + i, { cfwdAll: i < MAX_GRAPH_NODES + 9 ? `${1001 + i}` : '' }),
    );
    // A divert dials a number: extensions as numbers are outside; chain through the account's numbers instead.
    const numbers = seats.map((s) => number(`0121496${String(s.extension).padStart(4, '0')}`, `seat:${s.extension}`));
    for (const [i, s] of seats.entries())
      s.cfwdAll = i < seats.length - 1 ? (numbers[i + 1]?.telephoneNumber ?? '') : '';
    const g = routingGraph(with_({ seats, numbers }), '01214961000', AT);
    expect(g.nodes.length).toBe(MAX_GRAPH_NODES);
    expect(g.truncated).toBe(true);
    expect(g.edges.every((e) => !e.back)).toBe(true);
  });
});
