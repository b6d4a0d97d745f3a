/**
 * The routing as the engine decides it, one object at a time: at an instant, every object of the
 * estate (and everything they send calls to) visited once by the engine's own visit, giving where
 * the call goes on (onward), where it may go instead (the alternatives' targets), and whether the
 * call can stop there (answered, ringing, or ended). The lint reads loops, diverts and members
 * from these transitions: no routing rule is restated here.
 */
import { londonClock, londonInstant } from '../london-clock.ts';
import { timeToMinutes } from '../time-of-day.ts';
import { MAX_STEPS, visit } from './engine.ts';
import type { Estate, IndexedEstate } from './estate.ts';
import type { RoutingObject } from './steps.ts';
import { type Target, targetRef, telTarget, type Walk } from './visit.ts';

/** An object's key in the transitions, as the engine's trace keys its path. */
export const nodeKey = (o: RoutingObject) => `${o.type}:${o.id ?? o.value}`;

export interface RoutingNode {
  object: RoutingObject;
  kind: string;
  /** The call can stop here: it rings someone, is answered, or ends (a menu waiting for a key does not). */
  exit: boolean;
  /** Where the call goes on, whatever happens (a node key), or null. */
  onward: string | null;
  /** Every node the call may go to from here: the onward one and the alternatives'. */
  to: string[];
  /** The members ringing (a call group). */
  ringing: readonly string[];
}

export type Transitions = Map<string, RoutingNode>;

/**
 * Every object of the estate that sends calls on as a target, numbers first: a seat without a
 * divert (nor an advanced voicemail's destination) only rings, and is visited when something
 * sends a call to it.
 */
export function estateTargets(estate: Estate): Target[] {
  const diverting = estate.seats.filter((s) => s.cfwdAll || s.cfwdBusy || s.cfwdNoAnswer || s.cfwdUnavail);
  return [
    ...estate.numbers.map((n) => telTarget(n.telephoneNumber)),
    ...estate.timeProfiles.map((p) => `timeprofile:${p.extension}`),
    ...estate.ivrs.map((i) => `ivr:${i.name}`),
    ...estate.callGroups.map((g) => `callgroup:${g.groupNo}`),
    ...estate.queues.map((q) => `queue:${q.displayName}`),
    ...diverting.map((s) => `seat:${s.extension}`),
    ...estate.seats.filter((s) => s.vmMode === 2 && s.vmAdvancedDest).map((s) => `voicemail:${s.extension}`),
    ...estate.nts.map((n) => `nts:${n.id}`),
    ...estate.conferences.map((c) => `conference:${c.confNumber}`),
    ...estate.trunks.map((t) => `trunk:${t.id}`),
  ];
}

export const walkAt = (index: IndexedEstate, at: Date): Walk => ({
  index,
  clock: londonClock(at),
  gmtMinutes: at.getUTCHours() * 60 + at.getUTCMinutes(),
  caller: undefined,
  budget: MAX_STEPS,
  words: false,
});

/** The node key of a target, worked out once per estate (a target names the same object at every instant). */
export function targetKey(index: IndexedEstate, target: Target): string {
  let key = index.nodeKeys.get(target);
  if (key === undefined) {
    key = nodeKey(targetRef(index, target).object);
    index.nodeKeys.set(target, key);
  }
  return key;
}

/** The node of one target at the walk's instant (its visit by the engine). */
export function nodeOf(w: Walk, target: Target): { node: RoutingNode; targets: Target[] } {
  const ref = targetRef(w.index, target);
  const v = visit(w, ref, []);
  const targets: Target[] = v.onward === null ? [] : [v.onward];
  const to: string[] = [];
  let exit = v.onward === null && v.kind !== 'ivr';
  for (const a of v.alternatives) {
    if (a.target !== null) targets.push(a.target);
    else if (a.condition !== 'invalid') exit = true;
  }
  for (const t of targets) {
    const key = targetKey(w.index, t);
    if (!to.includes(key)) to.push(key);
  }
  const ringing = v.kind === 'callGroup' ? (v.data.ringing as string[]) : [];
  const onward = v.onward === null ? null : targetKey(w.index, v.onward);
  return { node: { object: ref.object, kind: v.kind, exit, onward, to, ringing }, targets };
}

/**
 * The transitions at an instant from `targets` (and all they reach). `base` holds nodes that do
 * not depend on the instant (seats, numbers...), taken as they are: `targets` need then only be
 * the objects whose visit depends on the instant.
 */
export function transitionsAt(
  index: IndexedEstate,
  at: Date,
  targets: readonly Target[],
  base?: Transitions,
): Transitions {
  const found = walkedAt(index, at, targets, base);
  return base ? new Map([...base, ...found]) : found;
}

/** As transitionsAt, only the nodes not in `base` (those the walk visited). */
export function walkedAt(index: IndexedEstate, at: Date, targets: readonly Target[], base?: Transitions): Transitions {
  const w = walkAt(index, at);
  const out: Transitions = new Map();
  const stack = [...targets];
  while (stack.length > 0) {
    const target = stack.pop() as Target;
    const key = targetKey(index, target);
    if (out.has(key) || base?.has(key)) continue;
    const { node, targets: next } = nodeOf(w, target);
    out.set(key, node);
    stack.push(...next);
  }
  return out;
}

/** The kinds of object whose visit depends on the instant. */
export const TIMED_TYPES = new Set(['timeprofile', 'callgroup', 'queue']);

/** A week without a bank holiday (Monday 8 June 2026 on): the lint's instants fall in it. */
const WEEK = ['2026-06-08', '2026-06-09', '2026-06-10', '2026-06-11', '2026-06-12', '2026-06-13', '2026-06-14'];

/** Each (day, minute) of the week's instant, worked out once (at most 7 × 1,440). */
const instants = new Map<number, Date>();

/** The instant of `day` (0 = Monday) of the week at the minute of the day `minutes`, in UK time. */
export function instantOn(day: number, minutes: number): Date {
  const key = day * 1440 + minutes;
  let at = instants.get(key);
  if (at === undefined) {
    at = londonInstant(
      `${WEEK[day]} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
    );
    instants.set(key, at);
  }
  // A copy: a Date can be changed, the one kept never is.
  return new Date(at.getTime());
}

/**
 * The instants at which the routing can differ: each day of a week at midnight and at every time a
 * schedule of the estate starts or ends (time profiles' days, members' hours, queues' exit times,
 * in UK summer time), and the start of every calendar entry.
 */
export function lintInstants(estate: Estate): Date[] {
  const minutes = new Set<number>([0]);
  const add = (time: string) => {
    const m = timeToMinutes(time);
    if (Number.isFinite(m)) minutes.add(m % 1440);
  };
  for (const p of estate.timeProfiles) {
    for (const day of Object.values(p.days)) {
      add(day.start);
      add(day.end);
    }
  }
  for (const g of estate.callGroups) {
    for (const m of g.members) {
      add(m.start);
      add(m.end);
    }
  }
  for (const q of estate.queues) if (q.exitSwitch) minutes.add((timeToMinutes(q.exitTime) + 60) % 1440);
  const out: Date[] = [];
  for (let day = 0; day < 7; day++) for (const m of minutes) out.push(instantOn(day, m));
  for (const p of estate.timeProfiles) {
    for (const c of p.calendars) {
      const [d = '', time = '00:00'] = c.start.split(' ');
      const [dd, mm, yyyy] = d.split('/');
      const at = londonInstant(`${yyyy}-${mm}-${dd} ${time}`);
      if (!Number.isNaN(at.getTime())) out.push(at);
    }
  }
  return out;
}
