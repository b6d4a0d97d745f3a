/**
 * The routing graph's layout by ELK (layered, left to right) in a Web Worker (elkjs's own
 * elk-worker.min.js), so that a large graph never blocks the page; one worker for the session.
 */
import type { ElkNode } from 'elkjs/lib/elk-api.js';
import ELK from 'elkjs/lib/elk-api.js';
import workerUrl from 'elkjs/lib/elk-worker.min.js?url';

let elk: InstanceType<typeof ELK> | null = null;

export function layout(graph: ElkNode): Promise<ElkNode> {
  elk ??= new ELK({ workerUrl });
  return elk.layout(graph);
}
