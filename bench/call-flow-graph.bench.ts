/**
 * Benchmark: the routing graph's layout (issue 29: "a graph of 500 nodes lays out in under a
 * second in the browser"). A generated 500-node routing graph (see generated()) is laid out by elkjs
 * with the web's own options (apps/web platform/routing-graph elkGraphOf) twice over, in turns: under
 * Node (elk.bundled.js), and as the panel runs it — elkjs's elk-api with elk-worker.min.js in a Web
 * Worker — in Debian's Chromium, timed in the page (performance.now() around the layout; a tiny page
 * served from here with the elkjs files of node_modules, the worker's script uncached). A first
 * layout on a fresh ELK (in the browser: a fresh worker, from its creation) three times, then warm;
 * prints each side's median and worst and the Chromium / Node ratio. Not a test: it asserts nothing.
 *   node bench/call-flow-graph.bench.ts   (BENCH_NODES, BENCH_RUNS)
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import type { RoutingGraph, RoutingGraphEdge, RoutingGraphNode, RoutingObject } from '@switchboard/domain';
import elk from 'elkjs/lib/elk.bundled.js';
import type { ElkNode } from 'elkjs/lib/elk-api.js';
import { elkGraphOf, LARGE_GRAPH, warmUpGraph } from '../apps/web/src/platform/routing-graph/graph-elements.ts';
import { CHROMIUM_LAUNCH } from '../e2e/chromium.ts';
import { median } from './timing.ts';

// A CommonJS module whose typings say `export default`: its default is the constructor under Node.
const ELK = elk.default;
const NODES = Number(process.env.BENCH_NODES ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const FRESH_RUNS = Math.min(3, RUNS);

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

/** The page: elkjs's elk-api (a UMD script: window.ELK) and a function timing one layout in the page. */
const PAGE = `<!doctype html><title>ELK layout</title><script src="/elk-api.js"></script><script>
const Elk = window.ELK.default ?? window.ELK;
const workerUrl = '/elk-worker.min.js';
const one = { id: 'root', children: [{ id: 'a', width: 10, height: 10 }], edges: [] };
let warm = null;
window.layoutIn = async (mode) => {
  const input = structuredClone(window.graph);
  const created = performance.now();
  const fresh = mode !== 'warm';
  const elk = fresh ? new Elk({ workerUrl }) : (warm ??= new Elk({ workerUrl }));
  if (fresh) await elk.layout(mode === 'prepared' ? structuredClone(window.warmUp) : one);
  const started = performance.now();
  const laid = await elk.layout(input);
  const ms = performance.now() - started;
  if (fresh) elk.terminateWorker();
  return { start: started - created, ms, width: laid.width, height: laid.height };
};
</script>`;

/** Serves the page and elkjs's two files (uncached: a fresh worker fetches and compiles its script). */
function serve(): Promise<http.Server> {
  const file = (name: string) => fileURLToPath(import.meta.resolve(`elkjs/lib/${name}`));
  const files: Record<string, () => string | Buffer> = {
    '/': () => PAGE,
    '/elk-api.js': () => fs.readFileSync(file('elk-api.js')),
    '/elk-worker.min.js': () => fs.readFileSync(file('elk-worker.min.js')),
  };
  const server = http.createServer((req, res) => {
    const body = files[req.url ?? '']?.();
    if (body === undefined) return void res.writeHead(404).end();
    const type = req.url === '/' ? 'text/html' : 'text/javascript';
    res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' }).end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** A layout's time; `start`: a fresh ELK's (worker's) from its creation to a 1-node layout's end, before it. */
interface Laid {
  start: number;
  ms: number;
  width: number;
  height: number;
}

/** One layout under Node, timed: on a fresh ELK, or on the one kept warm. */
const warmElk = new ELK();
const ONE: ElkNode = { id: 'root', children: [{ id: 'a', width: 10, height: 10 }], edges: [] };
async function inNode(input: ElkNode, fresh: boolean): Promise<Laid> {
  const created = performance.now();
  const elk = fresh ? new ELK() : warmElk;
  if (fresh) await elk.layout(structuredClone(ONE));
  const started = performance.now();
  const laid = await elk.layout(structuredClone(input));
  const ms = performance.now() - started;
  return { start: started - created, ms, width: laid.width ?? 0, height: laid.height ?? 0 };
}

/** One layout in the page, timed there. */
const inBrowser = (page: Page, mode: 'warm' | 'fresh' | 'prepared') => page.evaluate<Laid>(`layoutIn('${mode}')`);

/** Node's and Chromium's times, in turns (a load that comes and goes weighs on both alike). */
async function measure(page: Page, input: ElkNode) {
  const fresh = { node: [] as Laid[], browser: [] as Laid[], prepared: [] as Laid[] };
  const warm = { node: [] as number[], browser: [] as number[] };
  // The warm ELKs' first layouts (not counted): their sizes.
  const sizes = { node: await inNode(input, false), browser: await inBrowser(page, 'warm') };
  for (let r = 0; r < FRESH_RUNS; r++) {
    fresh.node.push(await inNode(input, true));
    fresh.browser.push(await inBrowser(page, 'fresh'));
    fresh.prepared.push(await inBrowser(page, 'prepared'));
  }
  for (let r = 0; r < RUNS; r++) {
    warm.node.push((await inNode(input, false)).ms);
    warm.browser.push((await inBrowser(page, 'warm')).ms);
  }
  return { fresh, warm, sizes };
}

const ms = (x: number) => `${x.toFixed(0)} ms`;
const ratio = (browser: number, node: number) => `${(browser / node).toFixed(2)}×`;
const row = (name: string, node: string, browser: string, r: string) =>
  console.log(`  ${name.padEnd(36)}${node.padEnd(26)}${browser.padEnd(26)}${r}`);
/** A row of figures for each side, and the ratio of `summary` (a median, a worst) of each. */
/** Figures as a list: '812, 955, 1021 ms' (one: '812 ms'). */
const list = (xs: number[]) => (xs.length > 1 ? `${xs.map((x) => x.toFixed(0)).join(', ')} ms` : ms(xs[0] ?? 0));
function figures(name: string, node: number[], browser: number[], summary: (xs: number[]) => number): void {
  row(name, list(node), list(browser), ratio(summary(browser), summary(node)));
}

function report({ fresh, warm, sizes }: Awaited<ReturnType<typeof measure>>): void {
  const size = (l: Laid) => `${l.width.toFixed(0)} × ${l.height.toFixed(0)} px`;
  console.log(`  laid out: ${size(sizes.node)} under Node, ${size(sizes.browser)} in Chromium`);
  row('', 'Node', 'Chromium (Web Worker)', 'Chromium / Node');
  const start = (l: Laid) => l.start;
  const layout = (l: Laid) => l.ms;
  const total = (l: Laid) => l.start + l.ms;
  figures('fresh ELK: start (a 1-node layout)', fresh.node.map(start), fresh.browser.map(start), median);
  figures('  then the graph', fresh.node.map(layout), fresh.browser.map(layout), median);
  figures('  first layout in all', fresh.node.map(total), fresh.browser.map(total), median);
  row('prepared worker (as /call-flow opens):', '', '', '');
  row('  start, warmed (warmUpGraph)', '—', list(fresh.prepared.map(start)), '');
  row('  then the graph', '—', list(fresh.prepared.map(layout)), '');
  figures(`warm: median of ${RUNS}`, [median(warm.node)], [median(warm.browser)], median);
  figures('  worst', [Math.max(...warm.node)], [Math.max(...warm.browser)], median);
}

async function main(): Promise<void> {
  const graph = generated(NODES);
  const input = elkGraphOf(graph);
  const large = graph.nodes.length > LARGE_GRAPH ? ', the large-graph options' : '';
  console.log(
    `routing graph: ${graph.nodes.length} nodes, ${graph.edges.length} edges, elkjs layered (left → right)${large}`,
  );
  const server = await serve();
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const page = await browser.newPage();
    const address = server.address();
    await page.goto(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`);
    await page.evaluate(([g, w]) => void Object.assign(window, { graph: g, warmUp: w }), [input, warmUpGraph()]);
    report(await measure(page, input));
  } finally {
    await browser.close();
    server.close();
  }
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(`(${new Date().toISOString()}, ${os.cpus().length} cores, load average ${load})`);
}

await main();
