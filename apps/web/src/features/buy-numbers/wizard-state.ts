/**
 * The add-number wizard's choices (spec 3 §4): type, country (geographic), region, and the numbers.
 * Changing the type, the country or the region resets what depends on them: the range to 1, the
 * numbers to none, the amount to 1 (and the choices below them).
 */
import type { GeoCountry, NumberType } from '@switchboard/domain';

export type PickMode = 'range' | 'pick';

export interface Selection {
  type: NumberType | null;
  country: GeoCountry | null;
  /** The stock range (area) chosen: its numberRangeId. */
  region: number | null;
  /** The range slider (consecutive numbers wanted), 1..100. */
  range: number;
  numbers: string[];
  /** How many numbers the purchase holds. */
  amount: number;
  mode: PickMode;
  /** Vanity classes shown (1 Platinum .. 4 Bronze) and the digits filter. */
  classes: readonly number[];
  filter: string;
}

export const INITIAL_SELECTION: Selection = {
  type: null,
  country: null,
  region: null,
  range: 1,
  numbers: [],
  amount: 1,
  mode: 'range',
  classes: [1, 2, 3, 4],
  filter: '',
};

export type SelectionChange =
  | { kind: 'type'; type: NumberType }
  | { kind: 'country'; country: GeoCountry }
  | { kind: 'region'; region: number }
  | { kind: 'range'; range: number }
  | { kind: 'mode'; mode: PickMode }
  | { kind: 'numbers'; numbers: string[] }
  | { kind: 'classes'; classes: readonly number[] }
  | { kind: 'filter'; filter: string }
  | { kind: 'reset' };

const RESET_NUMBERS: Pick<Selection, 'range' | 'numbers' | 'amount'> = { range: 1, numbers: [], amount: 1 };

export function selectionReducer(s: Selection, change: SelectionChange): Selection {
  switch (change.kind) {
    case 'type':
      return change.type === s.type ? s : { ...s, ...RESET_NUMBERS, type: change.type, country: null, region: null };
    case 'country':
      return change.country === s.country ? s : { ...s, ...RESET_NUMBERS, country: change.country, region: null };
    case 'region':
      return change.region === s.region ? s : { ...s, ...RESET_NUMBERS, region: change.region };
    case 'range':
      return { ...s, range: Math.min(100, Math.max(1, change.range)), numbers: [], amount: 1 };
    case 'mode':
      return { ...s, ...RESET_NUMBERS, mode: change.mode };
    case 'numbers':
      return { ...s, numbers: change.numbers, amount: Math.max(1, change.numbers.length) };
    case 'classes':
      return { ...s, classes: change.classes, numbers: [], amount: 1 };
    case 'filter':
      return { ...s, filter: change.filter, numbers: [], amount: 1 };
    case 'reset':
      return INITIAL_SELECTION;
  }
}

/** `n` consecutive numbers from `start` (same width: leading zeros kept). */
export function consecutive(start: string, n: number): string[] {
  const first = BigInt(start);
  return Array.from({ length: n }, (_, i) => (first + BigInt(i)).toString().padStart(start.length, '0'));
}

/** Whether the numbers are one run of consecutive numbers (bought as a range item). */
export function isRun(numbers: readonly string[]): boolean {
  return numbers.every((n, i) => i === 0 || BigInt(n) === BigInt(numbers[i - 1] ?? n) + 1n);
}

/** The purchase's body: a run as one range item, anything else number by number. */
export function orderOf(s: Selection) {
  const [first] = s.numbers;
  const last = s.numbers[s.numbers.length - 1];
  if (s.mode === 'range' && s.numbers.length > 1 && first && last && isRun(s.numbers)) {
    return { telephoneNumberRanges: [{ start: first, end: last }], telephoneNumbers: [] };
  }
  return { telephoneNumberRanges: [], telephoneNumbers: [...s.numbers] };
}
