/** Strongly connected parts of a small directed graph, and one cycle through a part. */

/** The parts with a cycle (two nodes or more, or one node pointing at itself), each its node keys. */
export function cyclicParts(nodes: readonly string[], next: (key: string) => readonly string[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const parts: string[][] = [];
  let counter = 0;
  const inGraph = new Set(nodes);
  // Tarjan's algorithm, iteratively (a long chain never overflows the call stack).
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: Array<{ key: string; edges: readonly string[]; i: number }> = [];
    const enter = (key: string) => {
      index.set(key, counter);
      low.set(key, counter++);
      stack.push(key);
      onStack.add(key);
      work.push({ key, edges: next(key).filter((k) => inGraph.has(k)), i: 0 });
    };
    enter(root);
    while (work.length > 0) {
      const top = work[work.length - 1] as (typeof work)[number];
      if (top.i < top.edges.length) {
        const to = top.edges[top.i++] as string;
        if (!index.has(to)) enter(to);
        else if (onStack.has(to)) low.set(top.key, Math.min(low.get(top.key) ?? 0, index.get(to) ?? 0));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.key, Math.min(low.get(parent.key) ?? 0, low.get(top.key) ?? 0));
      if (low.get(top.key) !== index.get(top.key)) continue;
      const part: string[] = [];
      let key: string | undefined;
      do {
        key = stack.pop() as string;
        onStack.delete(key);
        part.push(key);
      } while (key !== top.key);
      if (part.length > 1 || next(top.key).includes(top.key)) parts.push(part);
    }
  }
  return parts;
}

/** The shortest cycle from `start` back to it within `part` (its keys, `start` at both ends). */
export function cycleThrough(start: string, part: readonly string[], next: (key: string) => readonly string[]) {
  const inPart = new Set(part);
  const from = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const key = queue[i] as string;
    for (const to of next(key)) {
      if (!inPart.has(to)) continue;
      if (to === start) {
        const path = [start];
        for (let k: string | undefined = key; k !== undefined && k !== start; k = from.get(k)) path.splice(1, 0, k);
        return [...path, start];
      }
      if (!from.has(to)) {
        from.set(to, key);
        queue.push(to);
      }
    }
  }
  return [start, start];
}
