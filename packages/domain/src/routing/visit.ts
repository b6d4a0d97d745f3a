/** What the engine decides at one object (a visit), and what every object's rule reads. */
import type { IndexedEstate } from './estate.ts';
import { dialledNumberRef, keptRef, type Ref, refOf } from './refs.ts';
import type { Condition, RuleFact, RuleKind } from './steps.ts';
import type { Clock } from './words.ts';

/** Where a call goes: a destination value ('seat:201'), or a number it is sent to ('tel:07700900123'). */
export type Target = string;

export const telTarget = (number: string): Target => `tel:${number}`;

/** The call being traced, as every rule sees it. */
export interface Walk {
  index: IndexedEstate;
  /** The instant on the UK clock. */
  clock: Clock;
  /** The minute of the day in GMT (queue exit times are GMT). */
  gmtMinutes: number;
  /** The caller's number; undefined when not given (screening is then shown as alternatives). */
  caller: string | undefined;
  /** Steps left before the trace stops (it never runs away on a large estate). */
  budget: number;
  /**
   * Whether the visits say what they decide in words: the lint reads only the decisions at every
   * instant (and words its findings itself), so its walk builds no text ('' instead).
   */
  words: boolean;
}

export interface AlternativeVisit {
  condition: Condition;
  key?: string;
  text: string;
  target: Target | null;
}

export interface Visit {
  kind: RuleKind;
  text: string;
  data: Record<string, RuleFact>;
  /** Where the call goes next on this path (null: it stays here or ends). */
  onward: Target | null;
  alternatives: AlternativeVisit[];
  /** The keys left for what follows (an IVR takes the first). */
  keys?: readonly string[];
  /** The continuation replays this same object (an IVR after an invalid key): no loop. */
  replay?: boolean;
}

/** The reference of a target. */
export function targetRef(index: IndexedEstate, target: Target): Ref {
  if (!target.startsWith('tel:')) return refOf(index, target);
  return keptRef(index, target, () => dialledNumberRef(index, target.slice(4)));
}

/** What a visit says (`text()`), when its walk speaks in words; otherwise '' (nothing is built). */
export const say = (w: Walk, text: () => string): string => (w.words ? text() : '');

/** A destination field's value as a target: '' is none. */
export const destinationTarget = (value: string): Target | null => (value === '' ? null : value);

/**
 * " → IVR 370 'Main menu'" (with its leading space), or how the call ends when there is nowhere to
 * go (`otherwise`, e.g. ': the call ends').
 */
export function goesTo(index: IndexedEstate, target: Target | null, otherwise: string): string {
  return target === null ? otherwise : ` → ${targetRef(index, target).phrase}`;
}
