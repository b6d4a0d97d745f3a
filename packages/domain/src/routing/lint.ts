/**
 * lintEstate(estate): what is wrong in an account's routing, each finding naming the object to fix,
 * the objects involved and, in plain words, what happens and why. Loops, diverts and members that
 * never ring are read from the engine's own decisions (transitions.ts) at every instant where the
 * routing can differ; the rest are the objects' settings as they stand.
 */
import { z } from 'zod';
import { DESTINATION_TYPE_LABELS } from '../features/destinations.ts';
import { IVR_KEYS } from '../features/ivrs.ts';
import { DAYS, timeToMinutes } from '../time-of-day.ts';
import { cycleThrough, cyclicParts } from './cycles.ts';
import { type Estate, type IndexedEstate, indexEstate } from './estate.ts';
import { numberRef, refOf } from './refs.ts';
import { type RoutingObject, routingObject } from './steps.ts';
import { timeProfileDecision } from './time-profile.ts';
import {
  estateTargets,
  instantOn,
  lintInstants,
  nodeKey,
  nodeOf,
  type RoutingNode,
  TIMED_TYPES,
  type Transitions,
  transitionsAt,
  walkAt,
  walkedAt,
} from './transitions.ts';
import type { Walk } from './visit.ts';
import { listWords } from './words.ts';

export const LINT_KINDS = [
  'dangling',
  'loop',
  'numberNowhere',
  'sameOpenClosed',
  'groupNoMembers',
  'queueNoMembers',
  'divertSelf',
  'divertCycle',
  'ivrKeysUnset',
  'memberNeverRings',
] as const;
export type LintKind = (typeof LINT_KINDS)[number];

export const lintFinding = z.object({
  kind: z.enum(LINT_KINDS),
  /** The object to fix. */
  object: routingObject,
  /** What is wrong, what it does to a call, and what to change, in plain words. */
  message: z.string(),
  /** Every object involved (the object to fix first). */
  objects: z.array(routingObject),
});
export type LintFinding = z.infer<typeof lintFinding>;

const TYPE_LABELS: Record<RoutingObject['type'], string> = {
  ...DESTINATION_TYPE_LABELS,
  number: 'Number',
  conferencing: 'Conferencing',
  outside: 'Outside number',
  missing: 'Missing destination',
};

/** An object as a finding names it: 'IVR 370 Main menu', 'Call Group 350 Sales team'. */
export function objectWords(o: RoutingObject): string {
  const name = o.type === 'voicemail' ? o.name.replace(/^Voicemail /, '') : o.name;
  return `${TYPE_LABELS[o.type]} ${name.replace(' - ', ' ')}`;
}

const finding = (kind: LintKind, object: RoutingObject, message: string, others: RoutingObject[] = []) => ({
  kind,
  object,
  message,
  objects: [object, ...others.filter((o) => nodeKey(o) !== nodeKey(object))],
});

/** Every destination field of every object: the object, the field in words, its value. */
function destinationFields(index: IndexedEstate) {
  const { estate } = index;
  const out: Array<{ owner: RoutingObject; field: string; value: string }> = [];
  const add = (owner: RoutingObject, field: string, value: string) => {
    if (value !== '') out.push({ owner, field, value });
  };
  for (const n of estate.numbers) add(numberRef(n).object, 'its destination', n.destination);
  for (const p of estate.timeProfiles) {
    const owner = refOf(index, `timeprofile:${p.extension}`).object;
    add(owner, 'the open destination', p.inDestination);
    add(owner, 'the closed destination', p.outDestination);
    for (const c of p.calendars) add(owner, `the calendar entry '${c.description}'`, c.destination);
  }
  for (const i of estate.ivrs) {
    const owner = refOf(index, `ivr:${i.name}`).object;
    for (const k of IVR_KEYS) add(owner, k.key === 'Timeout' ? 'the timeout' : `key ${k.key}`, i[k.field]);
  }
  for (const g of estate.callGroups) {
    const owner = refOf(index, `callgroup:${g.groupNo}`).object;
    add(owner, 'the fallover', g.falloverLocation);
    for (const m of g.members) add(owner, 'a member', m.name);
  }
  for (const q of estate.queues) {
    const owner = refOf(index, `queue:${q.displayName}`).object;
    add(owner, 'the fallover', q.falloverLocation);
    add(owner, 'the empty-queue fallover', q.falloverLocationEmpty);
    for (const m of q.members) add(owner, 'a member', m.memberName);
  }
  for (const s of estate.seats) {
    add(refOf(index, `seat:${s.extension}`).object, 'the advanced voicemail destination', s.vmAdvancedDest);
  }
  for (const t of estate.trunks) add(refOf(index, `trunk:${t.id}`).object, 'the failover', t.trunkFailOver);
  return out;
}

/** Destinations pointing at nothing, or at something disabled. */
function danglingFindings(index: IndexedEstate): LintFinding[] {
  return destinationFields(index).flatMap(({ owner, field, value }) => {
    const ref = refOf(index, value);
    if (ref.object.type !== 'missing') return [];
    const message = `${objectWords(owner)}: ${field} is ${ref.phrase}, so calls sent there end. Choose a destination that exists.`;
    return [finding('dangling', owner, message, [ref.object])];
  });
}

/** Numbers routed nowhere; time profiles whose two sides are one; IVRs with a greeting and no key. */
function settingFindings(index: IndexedEstate): LintFinding[] {
  const { estate } = index;
  const out: LintFinding[] = [];
  for (const n of estate.numbers) {
    if (n.destination !== '') continue;
    const o = numberRef(n).object;
    out.push(
      finding('numberNowhere', o, `${objectWords(o)} is routed nowhere: callers hear the number-unobtainable tone.`),
    );
  }
  for (const p of estate.timeProfiles) {
    if (p.inDestination !== p.outDestination) continue;
    const o = refOf(index, `timeprofile:${p.extension}`).object;
    const message =
      p.inDestination === ''
        ? `${objectWords(o)} has neither an open nor a closed destination: every call it takes ends.`
        : `${objectWords(o)} sends calls to ${objectWords(refOf(index, p.inDestination).object)} whether open or closed: its schedule changes nothing.`;
    out.push(finding('sameOpenClosed', o, message));
  }
  for (const i of estate.ivrs) {
    if (!(i.greetingId > 0) || IVR_KEYS.some((k) => k.key !== 'Timeout' && i[k.field] !== '')) continue;
    const o = refOf(index, `ivr:${i.name}`).object;
    const message = `${objectWords(o)} plays its greeting but no key has a destination: whatever the caller presses, the menu starts again.`;
    out.push(finding('ivrKeysUnset', o, message));
  }
  return out;
}

/** Call groups with no members; queues with no members and no fallover. */
function memberFindings(index: IndexedEstate): LintFinding[] {
  const { estate } = index;
  const out: LintFinding[] = [];
  for (const g of estate.callGroups) {
    if (g.members.length > 0) continue;
    const o = refOf(index, `callgroup:${g.groupNo}`).object;
    const then = g.falloverLocation
      ? `every call goes straight to its fallover, ${objectWords(refOf(index, g.falloverLocation).object)}`
      : 'every call it takes ends (it has no fallover either)';
    out.push(finding('groupNoMembers', o, `${objectWords(o)} has no members: ${then}. Add a member.`));
  }
  for (const q of estate.queues) {
    if (q.members.length > 0 || q.falloverLocation !== '' || q.falloverLocationEmpty !== '') continue;
    const o = refOf(index, `queue:${q.displayName}`).object;
    const message = `${objectWords(o)} has no members and no fallover: nobody can answer its callers and they have nowhere to go. Add a member or a fallover.`;
    out.push(finding('queueNoMembers', o, message));
  }
  return out;
}

/** The engine's transitions at each instant where the routing can differ, each distinct one once. */
export function distinctTransitions(index: IndexedEstate): Transitions[] {
  const targets = estateTargets(index.estate);
  const instants = lintInstants(index.estate);
  const first = transitionsAt(index, instants[0] ?? instantOn(0, 0), targets);
  const base: Transitions = new Map([...first].filter(([, n]) => !TIMED_TYPES.has(n.object.type)));
  const timed = targets.filter((t) => TIMED_TYPES.has(t.slice(0, t.indexOf(':'))));
  const out = [first];
  const seen = new Set([signature(first)]);
  for (const at of instants.slice(1)) {
    const walked = walkedAt(index, at, timed, base);
    const s = signature(walked);
    if (seen.has(s)) continue;
    seen.add(s);
    out.push(new Map([...base, ...walked]));
  }
  return out;
}

function signature(t: Transitions): string {
  const parts: string[] = [];
  for (const [key, n] of t) {
    if (TIMED_TYPES.has(n.object.type)) parts.push(`${key}>${n.exit ? 1 : 0}${n.to.join(',')}|${n.ringing.join(',')}`);
  }
  return parts.join(';');
}

export interface RoutingLoop {
  /** The loop's node keys, sorted (one loop whichever object it is entered by). */
  key: string;
  /** The objects round the loop, the first again at the end. */
  cycle: RoutingObject[];
}

/**
 * Loops with no way out: objects the call can only go round, none of which can answer or end the
 * call (nobody rings, no menu's timeout ends it). `start`: the destination value ('ivr:370') a loop
 * through it is named from.
 */
export function routingLoops(estate: Estate | IndexedEstate, start?: string): RoutingLoop[] {
  const index = 'estate' in estate ? estate : indexEstate(estate);
  const loops = new Map<string, RoutingLoop>();
  const startKey = start === undefined ? undefined : nodeKey(refOf(index, start).object);
  for (const t of distinctTransitions(index)) {
    for (const loop of loopsAt(t, startKey)) if (!loops.has(loop.key)) loops.set(loop.key, loop);
  }
  return [...loops.values()];
}

function loopsAt(t: Transitions, start: string | undefined): RoutingLoop[] {
  // The nodes from which the call can reach one where it stops: walked back from those.
  const from = new Map<string, string[]>();
  for (const [key, n] of t) for (const to of n.to) from.set(to, [...(from.get(to) ?? []), key]);
  const free = new Set<string>();
  const queue = [...t].filter(([, n]) => n.exit).map(([key]) => key);
  for (const key of queue) free.add(key);
  for (let i = 0; i < queue.length; i++) {
    for (const k of from.get(queue[i] as string) ?? []) {
      if (free.has(k)) continue;
      free.add(k);
      queue.push(k);
    }
  }
  const trapped = [...t.keys()].filter((k) => !free.has(k));
  const next = (k: string) => t.get(k)?.to ?? [];
  return cyclicParts(trapped, next).map((part) => {
    const sorted = [...part].sort();
    const first = start && part.includes(start) ? start : (sorted[0] as string);
    const cycle = cycleThrough(first, part, next).map((k) => (t.get(k) as RoutingNode).object);
    return { key: sorted.join(' '), cycle };
  });
}

export const loopWords = (cycle: readonly RoutingObject[]) => cycle.map(objectWords).join(' → ');

function loopFindings(transitions: Transitions[]): LintFinding[] {
  const seen = new Set<string>();
  const out: LintFinding[] = [];
  for (const t of transitions) {
    for (const loop of loopsAt(t, undefined)) {
      if (seen.has(loop.key)) continue;
      seen.add(loop.key);
      const [first] = loop.cycle as [RoutingObject];
      const message = `A loop with no way out: ${loopWords(loop.cycle)}. A call that reaches it goes round for ever, as nothing on it can answer or end the call: send one of them somewhere outside the loop.`;
      out.push(finding('loop', first, message, loop.cycle.slice(1, -1)));
    }
  }
  return out;
}

/** Seats whose diverts come back to themselves, or go round other seats' diverts. */
function divertFindings(transitions: Transitions[]): LintFinding[] {
  const edges = new Map<string, Set<string>>();
  const objects = new Map<string, RoutingObject>();
  for (const t of transitions) {
    for (const [key, n] of t) {
      if (n.object.type !== 'seat') continue;
      objects.set(key, n.object);
      for (const to of n.to) {
        if (t.get(to)?.object.type !== 'number') continue;
        const seat = seatReached(t, to);
        if (seat) edges.set(key, (edges.get(key) ?? new Set()).add(seat));
      }
    }
  }
  const next = (k: string) => [...(edges.get(k) ?? [])];
  const out: LintFinding[] = [];
  for (const part of cyclicParts([...edges.keys()], next)) {
    const sorted = [...part].sort();
    const cycle = cycleThrough(sorted[0] as string, part, next).map((k) => objects.get(k) as RoutingObject);
    const [first] = cycle as [RoutingObject];
    if (part.length === 1) {
      const message = `${objectWords(first)} diverts calls to a number that rings it again: the divert can never reach anyone else. Change the divert.`;
      out.push(finding('divertSelf', first, message));
    } else {
      const message = `${listWords(cycle.slice(0, -1).map(objectWords))} divert to each other in a circle (${cycle.map((o) => o.name).join(' → ')}): a call can go round their diverts without end. Change one of the diverts.`;
      out.push(finding('divertCycle', first, message, cycle.slice(1, -1)));
    }
  }
  return out;
}

/** The seat a call sent to `key` rings first, following where it goes on (not its alternatives). */
function seatReached(t: Transitions, key: string): string | null {
  let k: string | null = key;
  for (let i = 0; k !== null && i < 50; i++) {
    const n = t.get(k);
    if (!n) return null;
    if (n.object.type === 'seat') return k;
    k = n.onward;
  }
  return null;
}

/** Group members that never ring: their days and hours never meet the times the group is called. */
function neverRingFindings(index: IndexedEstate): LintFinding[] {
  const out: LintFinding[] = [];
  // One walk per instant (day × 1,440 + minute), whichever groups are visited at it.
  const walks = new Map<number, { at: Date; walk: Walk }>();
  const walkOn = (day: number, minute: number) => {
    let w = walks.get(day * 1440 + minute);
    if (!w) {
      const at = instantOn(day, minute);
      w = { at, walk: walkAt(index, at) };
      walks.set(day * 1440 + minute, w);
    }
    return w;
  };
  for (const g of index.estate.callGroups) {
    if (g.members.length === 0) continue;
    const value = `callgroup:${g.groupNo}`;
    const profiles = index.estate.timeProfiles.filter((p) => p.inDestination === value);
    const minutes = new Set<number>([0]);
    for (const m of g.members) minutes.add(timeToMinutes(m.start));
    for (const p of profiles) for (const d of Object.values(p.days)) minutes.add(timeToMinutes(d.start));
    const rang = new Set<string>();
    for (let day = 0; day < 7; day++) {
      for (const m of minutes) {
        const w = walkOn(day, m);
        if (profiles.length > 0 && !profiles.some((p) => timeProfileDecision(p, [], w.at).open)) continue;
        // The group's own visit (not everything it reaches): who rings at the instant.
        for (const r of nodeOf(w.walk, value).node.ringing) rang.add(r);
      }
    }
    const group = refOf(index, value).object;
    const when = profiles.length > 0 ? ` (the open hours of ${listWords(profiles.map((p) => `'${p.name}'`))})` : '';
    for (const m of g.members) {
      if (rang.has(m.name) || refOf(index, m.name).object.type === 'missing') continue;
      const member = refOf(index, m.name).object;
      const days = DAYS.filter((d) => m.days[d]).map((d) => `${d[0]?.toUpperCase()}${d.slice(1, 3)}`);
      const hours = `${days.length > 0 ? days.join(', ') : 'no day'} ${m.start}–${m.end}`;
      const message = `${objectWords(member)} never rings in ${objectWords(group)}: its days and hours (${hours}) never meet the times the group is called${when}, or its delay is not shorter than the ring time. Change its days or hours.`;
      out.push(finding('memberNeverRings', group, message, [member]));
    }
  }
  return out;
}

/** What is wrong in the estate's routing (see the module's comment); none for a sound estate. */
export function lintEstate(estate: Estate | IndexedEstate): LintFinding[] {
  const index = 'estate' in estate ? estate : indexEstate(estate);
  const transitions = distinctTransitions(index);
  return [
    ...danglingFindings(index),
    ...loopFindings(transitions),
    ...settingFindings(index),
    ...memberFindings(index),
    ...divertFindings(transitions),
    ...neverRingFindings(index),
  ];
}
