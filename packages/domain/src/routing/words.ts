/** The plain words of the engine's steps: instants, schedules, durations, and each object's phrase. */
import { MONTH_NAMES } from '../features/account-billing.ts';
import { DAY_LABELS, DAYS, type Day } from '../time-of-day.ts';
import type { IndexedEstate } from './estate.ts';

export interface Clock {
  /** 'YYYY-MM-DD' in UK time. */
  date: string;
  /** 'YYYY-MM-DD HH:mm' in UK time. */
  key: string;
  /** 0 = Monday ... 6 = Sunday. */
  weekday: number;
  /** Minute of the UK day. */
  minutes: number;
}

const dayName = (clock: Clock) => DAY_LABELS[DAYS[clock.weekday] ?? 'monday'];

/** 'Saturday 10:00'. */
export const dayAndTime = (clock: Clock) => `${dayName(clock)} ${clock.key.slice(11)}`;

/** 'Friday 25 December 2026'. */
export function fullDate(clock: Clock): string {
  const [y, m, d] = clock.date.split('-').map(Number);
  return `${dayName(clock)} ${d} ${MONTH_NAMES[(m ?? 1) - 1]} ${y}`;
}

/** 'Friday 25 December 2026 at 10:00'. */
export const dateAtTime = (clock: Clock) => `${fullDate(clock)} at ${clock.key.slice(11)}`;

/** 'Friday 25 December 2026 10:00'. */
export const fullDateAndTime = (clock: Clock) => `${fullDate(clock)} ${clock.key.slice(11)}`;

const short = (day: Day) => DAY_LABELS[day].slice(0, 3);

/**
 * A week's schedule in few words: consecutive days with the same hours together ('Mon–Fri
 * 09:00–17:30, Sat 08:00–16:00'); 'closed every day' when no day is open.
 */
export function scheduleWords(days: Record<Day, { enabled: boolean; start: string; end: string }>): string {
  const runs: Array<{ from: Day; to: Day; hours: string }> = [];
  for (const day of DAYS) {
    const d = days[day];
    const hours = d.enabled ? `${d.start}–${d.end}` : '';
    const last = runs[runs.length - 1];
    if (last && last.hours === hours && hours !== '') last.to = day;
    else runs.push({ from: day, to: day, hours });
  }
  const open = runs.filter((r) => r.hours !== '');
  if (open.length === 0) return 'closed every day';
  return open.map((r) => `${short(r.from)}${r.from === r.to ? '' : `–${short(r.to)}`} ${r.hours}`).join(', ');
}

/** '20 seconds', '1 minute', '2 hours'. */
export function duration(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds >= 3600 && seconds % 3600 === 0) return unit(seconds / 3600, 'hour');
  if (seconds >= 60 && seconds % 60 === 0) return unit(seconds / 60, 'minute');
  return unit(seconds, 'second');
}

/** A prompt's name in quotes, or its id when the estate does not hold it. */
export function promptWords(index: IndexedEstate, id: number | null): string {
  if (id === null || id <= 0) return '';
  const prompt = index.prompt.get(String(id));
  return prompt ? `'${prompt.name}'` : `#${id}`;
}

/** A list in words: 'a', 'a and b', 'a, b and c'. */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
