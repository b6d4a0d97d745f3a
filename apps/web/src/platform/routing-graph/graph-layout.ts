/**
 * The routing graph's layout by ELK (layered, left to right) in a Web Worker (elkjs's own
 * elk-worker.min.js), so that a large graph never blocks the page; one worker for the session,
 * started as soon as a graph is asked for (its 1.6 MB script loads while the graph's request is out:
 * about 0.4 s in Chromium on a 2-core machine, bench/call-flow-graph.bench.ts).
 */
import type { ElkNode } from 'elkjs/lib/elk-api.js';
import ELK from 'elkjs/lib/elk-api.js';
import workerUrl from 'elkjs/lib/elk-worker.min.js?url';
import { warmUpGraph } from './graph-elements.ts';

let elk: InstanceType<typeof ELK> | null = null;

/** The session's ELK, its worker started on first use. */
export function layoutWorker(): InstanceType<typeof ELK> {
  elk ??= new ELK({ workerUrl });
  return elk;
}

let prepared: Promise<unknown> | null = null;

/**
 * The worker started and warmed once for the session (a made-up 60-object routing laid out,
 * warmUpGraph): asked for where a graph is about to be wanted (/call-flow as it opens, a Call Flow
 * tab as it is pointed at), so that a
 * large routing's first layout runs at the warm speed (bench/call-flow-graph.bench.ts: a fresh
 * worker's first 500-node layout about twice its warm time).
 */
export function prepareLayout(): Promise<unknown> {
  prepared ??= layoutWorker()
    .layout(warmUpGraph())
    .catch(() => undefined);
  return prepared;
}

export function layout(graph: ElkNode): Promise<ElkNode> {
  return layoutWorker().layout(graph);
}
