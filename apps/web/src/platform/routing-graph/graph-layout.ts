/**
 * The routing graph's layout by ELK (layered, left to right) in a Web Worker (elkjs's own
 * elk-worker.min.js), so that a large graph never blocks the page; one worker for the session,
 * started as soon as a graph is asked for (its 1.6 MB script loads while the graph's request is out:
 * about 0.4 s in Chromium on a 2-core machine, bench/call-flow-graph.bench.ts).
 */
import type { ElkNode } from 'elkjs/lib/elk-api.js';
import ELK from 'elkjs/lib/elk-api.js';
import workerUrl from 'elkjs/lib/elk-worker.min.js?url';

let elk: InstanceType<typeof ELK> | null = null;

/** The session's ELK, its worker started on first use. */
export function layoutWorker(): InstanceType<typeof ELK> {
  elk ??= new ELK({ workerUrl });
  return elk;
}

export function layout(graph: ElkNode): Promise<ElkNode> {
  return layoutWorker().layout(graph);
}
