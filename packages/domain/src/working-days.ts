/**
 * Bacs working days (direct debit): Monday to Friday except the bank holidays of England and Wales
 * (the Bacs calendar follows them). Dates are 'YYYY-MM-DD' calendar dates, no time zone.
 */
import { isBankHoliday } from './bank-holidays.ts';

const shift = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Whether `date` is a Bacs working day: a weekday that is no England and Wales bank holiday. */
export function isWorkingDay(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6 && !isBankHoliday(date, 1);
}

/**
 * The date `n` working days after `date` (n > 0) or before it (n < 0), not counting `date`
 * itself; n = 0 answers `date`.
 */
export function addWorkingDays(date: string, n: number): string {
  let d = date;
  const step = n < 0 ? -1 : 1;
  for (let left = Math.abs(n); left > 0; ) {
    d = shift(d, step);
    if (isWorkingDay(d)) left--;
  }
  return d;
}

/** `date` when it is a working day, else the working day before it. */
export function workingDayOnOrBefore(date: string): string {
  let d = date;
  while (!isWorkingDay(d)) d = shift(d, -1);
  return d;
}

/** `date` when it is a working day, else the working day after it. */
export function workingDayOnOrAfter(date: string): string {
  let d = date;
  while (!isWorkingDay(d)) d = shift(d, 1);
  return d;
}

/** Calendar days: `date` moved by `days`. */
export const addCalendarDays = shift;
