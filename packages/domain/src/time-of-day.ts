/** Days of the week and times of day 'HH:mm' (a time profile's schedule, a call group member's days). */

export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Day = (typeof DAYS)[number];
/** 'Monday' ... 'Sunday'. */
export const DAY_LABELS = Object.fromEntries(DAYS.map((d) => [d, d.charAt(0).toUpperCase() + d.slice(1)])) as {
  [D in Day]: string;
};

/** A time of day 'HH:mm', 00:00 to 23:59. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The minute of the day (0-1439, clamped and rounded) as 'HH:mm'. */
export function minutesToTime(minutes: number): string {
  const m = Math.max(0, Math.min(1439, Math.round(minutes)));
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** 'HH:mm' as the minute of the day. */
export function timeToMinutes(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}
