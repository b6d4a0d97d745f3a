/** Days of the week and times of day 'HH:mm' (a time profile's schedule, a call group member's days). */

export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Day = (typeof DAYS)[number];

/** A value for each day of the week (e.g. a schedule's hours). */
export function perDay<T>(value: (day: Day) => T): Record<Day, T> {
  return Object.fromEntries(DAYS.map((d) => [d, value(d)])) as Record<Day, T>;
}

/** 'Monday' ... 'Sunday'. */
export const DAY_LABELS = perDay((d) => d.charAt(0).toUpperCase() + d.slice(1));

/** A time of day 'HH:mm', 00:00 to 23:59. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The minute of the day (0-1439, clamped and rounded) as 'HH:mm'. */
export function minutesToTime(minutes: number): string {
  const m = Math.max(0, Math.min(1439, Math.round(minutes)));
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** The digit at `i` of `text`, or -1. */
function digitAt(text: string, i: number): number {
  const d = text.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : -1;
}

/** 'HH:mm' as the minute of the day. */
export function timeToMinutes(time: string): number {
  // 'HH:mm' read digit by digit (the routing engine reads times hundreds of thousands of times).
  if (time.length === 5 && time.charCodeAt(2) === 58) {
    const h1 = digitAt(time, 0);
    const h2 = digitAt(time, 1);
    const m1 = digitAt(time, 3);
    const m2 = digitAt(time, 4);
    if (h1 >= 0 && h2 >= 0 && m1 >= 0 && m2 >= 0) return (h1 * 10 + h2) * 60 + m1 * 10 + m2;
  }
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}
