/**
 * Whether a time profile routes to its open (in) or closed (out) side at a moment, in UK time:
 * a forced mode first, then a calendar entry covering the moment, then a bank holiday of the
 * profile's region (closed all day), then the day's schedule.
 */
import { DAYS, type Days, type TimeProfileStatus, timeToMinutes } from '@switchboard/domain';
import { type BankHolidayRegion, bankHolidays } from './bank-holidays.ts';

export const UK_TIME_ZONE = 'Europe/London';

export interface UkWallClock {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'YYYY-MM-DD HH:mm' */
  key: string;
  /** 0 = Monday ... 6 = Sunday */
  weekday: number;
  minutes: number;
}

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  weekday: 'short',
  hourCycle: 'h23',
});
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The UK wall clock at an instant (BST or GMT as the date requires). */
export function ukWallClock(at: Date): UkWallClock {
  const p = Object.fromEntries(partsFormat.formatToParts(at).map((x) => [x.type, x.value]));
  const date = `${p.year}-${p.month}-${p.day}`;
  return {
    date,
    key: `${date} ${p.hour}:${p.minute}`,
    weekday: WEEKDAYS.indexOf(String(p.weekday)),
    minutes: Number(p.hour) * 60 + Number(p.minute),
  };
}

export interface ProfileForStatus {
  bankHoliday: number;
  mode: number;
  inDestination: string;
  inPromptId: number | null;
  outDestination: string;
  outPromptId: number | null;
  days: Days;
}

export interface CalendarForStatus {
  description: string;
  destination: string;
  /** 'YYYY-MM-DD HH:mm' UK wall clock */
  startKey: string;
  endKey: string;
}

/** Whether a day's schedule covers a minute of the day ('23:59' as the end means end of day). */
export function scheduleOpen(days: Days, weekday: number, minutes: number): boolean {
  const day = days[DAYS[weekday] ?? 'monday'];
  if (!day.enabled) return false;
  const start = timeToMinutes(day.start);
  const end = day.end === '23:59' ? 1440 : timeToMinutes(day.end);
  return minutes >= start && minutes < end;
}

export function timeProfileStatusAt(
  profile: ProfileForStatus,
  calendars: CalendarForStatus[],
  at: Date,
): TimeProfileStatus {
  const now = ukWallClock(at);
  const open = (reason: TimeProfileStatus['reason'], detail: string): TimeProfileStatus => ({
    open: true,
    reason,
    destination: profile.inDestination,
    promptId: profile.inPromptId,
    detail,
  });
  const closed = (reason: TimeProfileStatus['reason'], detail: string): TimeProfileStatus => ({
    open: false,
    reason,
    destination: profile.outDestination,
    promptId: profile.outPromptId,
    detail,
  });
  if (profile.mode === 1) return open('forcedOpen', 'Always open');
  if (profile.mode === 2) return closed('forcedClosed', 'Always closed');
  const entry = calendars.find((c) => c.startKey <= now.key && now.key < c.endKey);
  if (entry) {
    return {
      open: false,
      reason: 'calendar',
      destination: entry.destination,
      promptId: null,
      detail: entry.description,
    };
  }
  const region = profile.bankHoliday as BankHolidayRegion;
  const holiday = bankHolidays(Number(now.date.slice(0, 4)), region).find((h) => h.date === now.date);
  if (holiday) return closed('bankHoliday', holiday.name);
  return scheduleOpen(profile.days, now.weekday, now.minutes)
    ? open('open', 'Open (following the schedule)')
    : closed('closed', 'Closed (following the schedule)');
}
