/**
 * routingGraph(estate, start): a number's (or any destination's) whole routing as a directed graph —
 * a node per object any branch reaches, an edge per way the call can go from one to the next,
 * labelled with what decides it (open / closed, key 1 … #, timeout, invalid, no answer, busy…).
 *
 * Every edge is the engine's own answer: each object is visited with the engine's visit (engine.ts),
 * its onward target and its alternatives becoming the edges; a time profile is asked once per side
 * it can take (forced open, forced closed, inside each calendar entry), which is how the engine
 * itself decides. Each object is visited once, so a loop is an edge back to an object already drawn
 * (marked `back`), never an endless walk; the graph is cut at MAX_GRAPH_NODES nodes.
 */
import { z } from 'zod';
import { calendarKey } from '../features/time-profiles.ts';
import { londonClock, londonInstant } from '../london-clock.ts';
import { dialledTarget, visit } from './engine.ts';
import { type Estate, type EstateTimeProfile, type IndexedEstate, indexEstate } from './estate.ts';
import { nodeSettings } from './graph-settings.ts';
import { missingRef, type Ref } from './refs.ts';
import { type Condition, type RoutingObject, type RuleKind, routingObject } from './steps.ts';
import { timeProfileVisit } from './time-profile-visit.ts';
import { type Target, targetRef, type Visit, type Walk } from './visit.ts';

/** The most nodes a graph holds (a larger routing is cut, and says so). */
export const MAX_GRAPH_NODES = 2000;

export const routingGraphNode = z.object({
  /** The object's key in the graph: '{type}:{id}' (or '{type}:{value}' when it has no record). */
  id: z.string(),
  object: routingObject,
  /** What the engine decided there, as the graph was drawn (e.g. 'seatDivertAll', 'missing'). */
  kind: z.string(),
  /** Its key settings in a few short lines ('Mon–Fri 09:00–17:30', 'Ring All, 20 seconds'…). */
  settings: z.array(z.string()),
});
export type RoutingGraphNode = z.infer<typeof routingGraphNode>;

export const routingGraphEdge = z.object({
  id: z.string(),
  source: z.string(),
  target: z.string(),
  /** What sends the call this way, in short words ('closed', 'key 1', 'busy, no answer'). */
  label: z.string(),
  /** An edge back to an object met earlier on the way from the start: a loop. */
  back: z.boolean(),
});
export type RoutingGraphEdge = z.infer<typeof routingGraphEdge>;

export const routingGraphSchema = z.object({
  /** The node the call arrives at. */
  start: z.string(),
  nodes: z.array(routingGraphNode),
  edges: z.array(routingGraphEdge),
  /** The routing had more than MAX_GRAPH_NODES objects: the rest is not drawn. */
  truncated: z.boolean(),
});
export type RoutingGraph = z.infer<typeof routingGraphSchema>;

/** The graph's key of an object: the same identity the engine uses to find loops. */
export const graphNodeId = (o: RoutingObject) => `${o.type}:${o.id ?? o.value}`;

const CONDITION_LABELS: Record<Condition, string> = {
  key: 'key',
  timeout: 'timeout',
  invalid: 'invalid',
  noAnswer: 'no answer',
  busy: 'busy',
  // Do-not-disturb is treated as busy (the same divert): one label.
  dnd: 'busy',
  unregistered: 'unavailable',
  empty: 'empty',
  full: 'full',
  maxWait: 'max wait',
  exit: 'exit time',
  anonymous: 'withheld',
  unavailable: 'unavailable caller',
  screened: 'screened',
};

/** The label of a visit's onward edge, by what the engine decided. */
const ONWARD_LABELS: Partial<Record<RuleKind, string>> = {
  seatDivertAll: 'divert all',
  voicemailAdvanced: 'after the prompt',
  callGroupNoMember: 'fallover',
  queueClosed: 'exit time',
  queueEmpty: 'empty',
  ivrInvalid: 'invalid',
};

interface Branch {
  label: string;
  /** The next object; null: the branch stays at the object (an invalid key replays the menu). */
  target: Target | null;
}

/** A visit's ways on: its onward target, then each alternative that goes somewhere. */
function branchesOf(v: Visit): Branch[] {
  const out: Branch[] = [];
  if (v.onward !== null) out.push({ label: ONWARD_LABELS[v.kind] ?? '', target: v.onward });
  for (const a of v.alternatives) {
    const label = a.condition === 'key' ? `key ${a.key}` : CONDITION_LABELS[a.condition];
    // An invalid key plays its prompt and the menu starts again: an edge back to the menu itself.
    if (a.target !== null || a.condition === 'invalid') out.push({ label, target: a.target });
  }
  return out;
}

/** A time profile's sides, each as the engine decides it: forced open, forced closed, each calendar entry. */
function timeProfileBranches(w: Walk, p: EstateTimeProfile): Branch[] {
  if (p.mode !== 0) {
    const v = timeProfileVisit(w, p);
    return v.onward === null ? [] : [{ label: v.data.open ? 'always open' : 'always closed', target: v.onward }];
  }
  const sides = [
    { label: 'open', v: timeProfileVisit(w, { ...p, mode: 1 }) },
    { label: 'closed', v: timeProfileVisit(w, { ...p, mode: 2 }) },
    ...p.calendars
      .filter((entry) => calendarKey(entry.start) !== '')
      .map((entry) => {
        const clock = londonClock(londonInstant(calendarKey(entry.start)));
        return { label: entry.description, v: timeProfileVisit({ ...w, clock }, { ...p, calendars: [entry] }) };
      }),
  ];
  return sides.flatMap(({ label, v }) => (v.onward === null ? [] : [{ label, target: v.onward }]));
}

interface Drawn {
  node: RoutingGraphNode;
  branches: Array<{ label: string; to: string }>;
}

/** An object drawn: the engine's visit, its branches (their targets' references queued) and its settings. */
function draw(w: Walk, ref: Ref, queue: (ref: Ref) => string): Drawn {
  const id = graphNodeId(ref.object);
  const v = visit(w, ref, []);
  const profile = ref.object.type === 'timeprofile' ? w.index.timeprofile.get(ref.object.value.slice(12)) : undefined;
  const branches = (profile ? timeProfileBranches(w, profile) : branchesOf(v)).map((b) => ({
    label: b.label,
    to: b.target === null ? id : queue(targetRef(w.index, b.target)),
  }));
  return { node: { id, object: ref.object, kind: v.kind, settings: nodeSettings(w.index, ref.object, v) }, branches };
}

/** The edges of the drawn nodes: one per pair of objects, its labels joined; back edges found depth-first. */
function edgesOf(start: string, drawn: Map<string, Drawn>): RoutingGraphEdge[] {
  const merged = new Map<string, RoutingGraphEdge>();
  for (const [source, d] of drawn) {
    for (const b of d.branches) {
      if (!drawn.has(b.to)) continue;
      const key = `${source}->${b.to}`;
      const edge = merged.get(key);
      if (!edge) merged.set(key, { id: key, source, target: b.to, label: b.label, back: false });
      else if (b.label && !edge.label.split(', ').includes(b.label))
        edge.label = edge.label ? `${edge.label}, ${b.label}` : b.label;
    }
  }
  const out = new Map<string, RoutingGraphEdge[]>();
  for (const e of merged.values()) out.set(e.source, [...(out.get(e.source) ?? []), e]);
  // Depth-first from the start (iteratively): an edge to an object still on the way is a loop.
  const state = new Map<string, 'open' | 'done'>();
  const stack: Array<{ id: string; next: number }> = [{ id: start, next: 0 }];
  state.set(start, 'open');
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { id: string; next: number };
    const edge = out.get(top.id)?.[top.next++];
    if (!edge) {
      state.set(top.id, 'done');
      stack.pop();
    } else if (state.get(edge.target) === 'open') edge.back = true;
    else if (!state.has(edge.target)) {
      state.set(edge.target, 'open');
      stack.push({ id: edge.target, next: 0 });
    }
  }
  return [...merged.values()];
}

/** The whole routing from `start` (a number, an extension or a destination value; see the module's comment). */
export function routingGraph(estate: Estate | IndexedEstate, start: string, at: Date = new Date()): RoutingGraph {
  const index = 'estate' in estate ? estate : indexEstate(estate);
  const clock = londonClock(at);
  const gmtMinutes = at.getUTCHours() * 60 + at.getUTCMinutes();
  const w: Walk = { index, clock, gmtMinutes, caller: undefined, budget: Number.POSITIVE_INFINITY, words: true };
  const first = dialledTarget(index, start);
  const startRef = first.startsWith('missing:')
    ? missingRef(start.trim(), 'which is neither a number nor an extension of this account')
    : targetRef(index, first);
  const pending: Ref[] = [];
  const seen = new Set<string>();
  const queue = (ref: Ref) => {
    const id = graphNodeId(ref.object);
    if (!seen.has(id)) {
      seen.add(id);
      pending.push(ref);
    }
    return id;
  };
  const startId = queue(startRef);
  const drawn = new Map<string, Drawn>();
  // Breadth-first: the objects nearest the start are drawn first when a large routing is cut.
  for (let i = 0; i < pending.length && drawn.size < MAX_GRAPH_NODES; i++) {
    const ref = pending[i] as Ref;
    drawn.set(graphNodeId(ref.object), draw(w, ref, queue));
  }
  return {
    start: startId,
    nodes: [...drawn.values()].map((d) => d.node),
    edges: edgesOf(startId, drawn),
    truncated: pending.length > drawn.size,
  };
}
