/**
 * routeCall(estate, call): the ordered steps a call takes through an account's routing objects. The
 * walk follows each object's rule to the next object; what depends on the call itself is listed as
 * alternatives, each traced in turn. It always ends: an object met again on the same path is a
 * 'loop' step, and a path longer than MAX_DEPTH or a trace of more than MAX_STEPS steps ends with
 * a 'limit' step.
 */
import { CONFERENCING_DESTINATION, parseDestination } from '../features/destinations.ts';
import { londonClock } from '../london-clock.ts';
import { callGroupVisit } from './call-group.ts';
import { queueVisit } from './call-queue.ts';
import {
  conferenceVisit,
  conferencingVisit,
  missingVisit,
  ntsVisit,
  numberVisit,
  outsideVisit,
  trunkVisit,
} from './endpoints.ts';
import { type Estate, extensionValue, type IndexedEstate, indexEstate, nationalNumber } from './estate.ts';
import { ivrVisit } from './ivr.ts';
import { missingRef, type Ref } from './refs.ts';
import { seatVisit, voicemailVisit } from './seat.ts';
import type { RouteStep } from './steps.ts';
import { timeProfileVisit } from './time-profile-visit.ts';
import { type Target, targetRef, telTarget, type Visit, type Walk } from './visit.ts';

/** The most objects one path passes before the trace stops it. */
export const MAX_DEPTH = 40;
/** The most steps one trace holds, alternatives included. */
export const MAX_STEPS = 500;

export interface Call {
  /** A number of the account, an extension, a destination value ('ivr:370') or an outside number. */
  dialled: string;
  /** The caller's number ('' or 'anonymous' when withheld); leave it out to see the screening as alternatives. */
  caller?: string | undefined;
  at: Date;
  /** The keys the caller presses at the menus met on the way, in order ('Timeout' for none). */
  keys?: readonly string[] | undefined;
}

/** The visit of the object a target names (one object alone: the lint reads it). */
export function visit(w: Walk, ref: Ref, keys: readonly string[]): Visit {
  const { index } = w;
  const { type, value } = ref.object;
  let key = index.keys.get(value);
  if (key === undefined) {
    key = parseDestination(value)?.key ?? '';
    index.keys.set(value, key);
  }
  const found = <T>(item: T | undefined): T => item as T;
  switch (type) {
    case 'number':
      return numberVisit(w, found(index.numbers.get(nationalNumber(value))));
    case 'timeprofile':
      return timeProfileVisit(w, found(index.timeprofile.get(key)));
    case 'ivr':
      return ivrVisit(w, found(index.ivr.get(key)), keys);
    case 'callgroup':
      return callGroupVisit(w, found(index.callgroup.get(key)));
    case 'queue':
      return queueVisit(w, found(index.queue.get(key)));
    case 'seat':
      return seatVisit(w, found(index.seat.get(key)));
    case 'voicemail':
      return voicemailVisit(w, found(index.seat.get(key)));
    case 'nts':
      return ntsVisit(w, found(index.nts.get(key)));
    case 'conference':
      return conferenceVisit(found(index.conference.get(key)));
    case 'conferencing':
      return conferencingVisit();
    case 'trunk':
      return trunkVisit(w, found(index.trunk.get(key)));
    case 'outside':
      return outsideVisit(ref);
    case 'missing':
      return missingVisit(ref);
  }
}

const stop = (ref: Ref, kind: 'loop' | 'limit', text: string): RouteStep => ({
  object: ref.object,
  rule: { kind, text, data: {} },
  next: null,
  alternatives: [],
});

/** The steps from `target` on, along one path (`path`: the objects it has passed). */
function follow(w: Walk, target: Target, path: ReadonlySet<string>, keys: readonly string[]): RouteStep[] {
  const ref = targetRef(w.index, target);
  const id = `${ref.object.type}:${ref.object.id ?? ref.object.value}`;
  if (path.has(id)) {
    const text = `The call comes back to ${ref.phrase}, which it has already passed: from here it goes round the same way again (a loop)`;
    return [stop(ref, 'loop', text)];
  }
  if (path.size >= MAX_DEPTH || w.budget <= 0) {
    return [stop(ref, 'limit', `The trace stops at ${ref.phrase}: the route is longer than a trace follows`)];
  }
  w.budget--;
  const v = visit(w, ref, keys);
  const inner = new Set(path).add(id);
  // The path first, then the alternatives: a large estate's budget is spent on the path first.
  const rest = v.onward === null ? [] : follow(w, v.onward, v.replay ? path : inner, v.keys ?? keys);
  const step: RouteStep = {
    object: ref.object,
    rule: { kind: v.kind, text: v.text, data: v.data },
    next: v.onward === null ? null : targetRef(w.index, v.onward).object,
    alternatives: v.alternatives.map((a) => ({
      condition: a.condition,
      key: a.key ?? '',
      text: a.text,
      steps: a.target === null ? [] : follow(w, a.target, inner, []),
    })),
  };
  return [step, ...rest];
}

/** What a dialled value names: a destination, one of the account's numbers, an extension, or an outside number. */
export function dialledTarget(index: IndexedEstate, dialled: string): Target {
  const value = dialled.trim();
  if (value === CONFERENCING_DESTINATION || parseDestination(value)) return value;
  if (index.numbers.has(nationalNumber(value))) return telTarget(value);
  if (/^\d{1,5}$/.test(value)) return extensionValue(index, value) ?? `missing:${value}`;
  if (/^\+?[\d\s-]{5,20}$/.test(value)) return telTarget(value);
  return `missing:${value}`;
}

/** The steps a call takes (see the module's comment). `estate` may be indexed once for many calls. */
export function routeCall(estate: Estate | IndexedEstate, call: Call): RouteStep[] {
  const index = 'estate' in estate ? estate : indexEstate(estate);
  const clock = londonClock(call.at);
  const walk: Walk = {
    index,
    clock,
    gmtMinutes: call.at.getUTCHours() * 60 + call.at.getUTCMinutes(),
    caller: call.caller,
    budget: MAX_STEPS,
    words: true,
  };
  const target = dialledTarget(index, call.dialled);
  if (target.startsWith('missing:')) {
    const ref = missingRef(call.dialled.trim(), 'which is neither a number nor an extension of this account');
    const text = `Nothing answers ${ref.phrase}`;
    return [
      {
        object: ref.object,
        rule: { kind: 'missing', text, data: { value: ref.object.value } },
        next: null,
        alternatives: [],
      },
    ];
  }
  return follow(walk, target, new Set(), call.keys ?? []);
}
