/**
 * Benchmark: the routing graph's layout (issue 29: "a graph of 500 nodes lays out in under a
 * second in the browser"). A generated 500-node routing graph (see generated()) is laid out by elkjs with the web's own options (apps/web platform/routing-graph elkGraphOf), as the
 * browser's worker runs it; each run on a fresh ELK, then warm. Prints the median and the worst.
 * Not a test: it asserts nothing.
 *   node bench/call-flow-graph.bench.ts   (BENCH_NODES, BENCH_RUNS)
 */
import { performance } from 'node:perf_hooks';
import type { RoutingGraph, RoutingGraphEdge, RoutingGraphNode, RoutingObject } from '@switchboard/domain';
import elk from 'elkjs/lib/elk.bundled.js';
import { elkGraphOf } from '../apps/web/src/platform/routing-graph/graph-elements.ts';

// A CommonJS module whose typings say `export default`: its default is the constructor under Node.
const ELK = elk.default;
const NODES = Number(process.env.BENCH_NODES ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);

/** How many of the 500 nodes each type has (scaled to BENCH_NODES), in routing order. */
const SHARE: Array<[RoutingObject['type'], number]> = [
  ['number', 40],
  ['timeprofile', 40],
  ['ivr', 60],
  ['callgroup', 60],
  ['queue', 40],
  ['seat', 180],
  ['voicemail', 80],
];

/** A deterministic pseudo-random sequence (the same graph every run). */
function lcg(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

/**
 * A large account's routing: numbers → time profiles (open, closed, a calendar entry) → IVRs (up to
 * six keys and a timeout) → call groups and queues (a fallover) → seats (busy / no answer) → voicemail;
 * every tenth fallover goes back to a menu (a loop).
 */
function generated(n: number): RoutingGraph {
  const random = lcg(29);
  const byType = new Map<RoutingObject['type'], RoutingGraphNode[]>();
  const nodes: RoutingGraphNode[] = [];
  for (const [type, share] of SHARE) {
    const count = Math.max(1, Math.round((share * n) / 500));
    const these = Array.from({ length: count }, (_, k): RoutingGraphNode => {
      const id = nodes.length + k;
      return {
        id: `${type}:${id}`,
        object: { type, id, name: `${id} - ${type} ${k}`, value: `${type}:${id}` },
        kind: type,
        settings: ['Mon–Fri 09:00–17:30', 'Keys 1 2 3 0', 'Members: 201, 202 + 3 more'].slice(0, 1 + (k % 3)),
      };
    });
    byType.set(type, these);
    nodes.push(...these);
  }
  const pick = (...types: RoutingObject['type'][]) => {
    const pool = types.flatMap((t) => byType.get(t) ?? []);
    return pool[Math.floor(random() * pool.length)] as RoutingGraphNode;
  };
  const edges = new Map<string, RoutingGraphEdge>();
  const add = (s: RoutingGraphNode, t: RoutingGraphNode, label: string, back = false) => {
    const id = `${s.id}->${t.id}`;
    if (s.id !== t.id && !edges.has(id)) edges.set(id, { id, source: s.id, target: t.id, label, back });
  };
  const outs: Record<string, (s: RoutingGraphNode, i: number) => void> = {
    number: (s) => add(s, pick('timeprofile'), ''),
    timeprofile: (s) => {
      add(s, pick('ivr'), 'open');
      add(s, pick('seat', 'voicemail'), 'closed');
      if (random() < 0.3) add(s, pick('seat'), 'Christmas');
    },
    ivr: (s) => {
      for (let k = 1; k <= 1 + Math.floor(random() * 6); k++) add(s, pick('callgroup', 'queue', 'seat'), `key ${k}`);
      add(s, pick('queue'), 'timeout');
    },
    callgroup: (s, i) => add(s, i % 10 === 0 ? pick('ivr') : pick('seat'), 'no answer', i % 10 === 0),
    queue: (s, i) => add(s, i % 10 === 0 ? pick('ivr') : pick('seat', 'voicemail'), 'full, max wait', i % 10 === 0),
    seat: (s) => add(s, pick('voicemail'), 'busy, no answer, unavailable'),
  };
  for (const [i, s] of nodes.entries()) outs[s.object.type]?.(s, i);
  return { start: nodes[0]?.id ?? '', nodes, edges: [...edges.values()], truncated: false };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main(): Promise<void> {
  const graph = generated(NODES);
  console.log(`routing graph: ${graph.nodes.length} nodes, ${graph.edges.length} edges, elkjs layered (left → right)`);
  const cold: number[] = [];
  for (let r = 0; r < Math.min(3, RUNS); r++) {
    const started = performance.now();
    await new ELK().layout(elkGraphOf(graph));
    cold.push(performance.now() - started);
  }
  const warmElk = new ELK();
  const warm: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const started = performance.now();
    const laid = await warmElk.layout(elkGraphOf(graph));
    warm.push(performance.now() - started);
    if (r === 0) console.log(`  laid out: ${laid.width?.toFixed(0)} × ${laid.height?.toFixed(0)} px`);
  }
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  console.log(`  first layouts (fresh ELK): ${cold.map(ms).join(', ')}`);
  console.log(`  warm: median ${ms(median(warm))}, worst ${ms(Math.max(...warm))} over ${RUNS} runs`);
}

await main();
