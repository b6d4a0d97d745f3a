/**
 * Whether a time profile routes to its open (in) or closed (out) side at an instant, in UK time:
 * a forced mode first, then a calendar entry covering the instant, then a bank holiday of the
 * profile's region (closed all day), then the day's schedule. The one place this is decided: the
 * profile's live status (GET /timeprofile/{id}/status) and the trace both ask it.
 */
import { type BankHoliday, type BankHolidayRegion, bankHolidays } from '../bank-holidays.ts';
import { BANK_HOLIDAY_OPTIONS, calendarKey, type TimeProfileStatus } from '../features/time-profiles.ts';
import { londonClock } from '../london-clock.ts';
import { DAYS, timeToMinutes } from '../time-of-day.ts';
import type { EstateCalendarEntry, EstateTimeProfile } from './estate.ts';
import { type Clock, dayAndTime, fullDate, fullDateAndTime, scheduleWords } from './words.ts';

export interface TimeProfileDecision extends TimeProfileStatus {
  /** The calendar entry that decided, when one did. */
  entry: EstateCalendarEntry | null;
  /** The bank holiday that decided, when one did. */
  holiday: BankHoliday | null;
  /** Why, in plain words, up to the side taken ("Saturday 10:00 is outside 'Office hours' (...)"). */
  why: string;
}

type Profile = Omit<EstateTimeProfile, 'calendars' | 'id' | 'extension'>;

/** The bank holidays of a year and region, computed once (a trace asks for them at every profile). */
const holidaysOf = (() => {
  const known = new Map<string, readonly BankHoliday[]>();
  return (year: number, region: BankHolidayRegion): readonly BankHoliday[] => {
    const key = `${year}:${region}`;
    const found = known.get(key) ?? bankHolidays(year, region);
    known.set(key, found);
    return found;
  };
})();

/** Whether the UK clock is within the day's hours ('23:59' as the end is the end of the day). */
function withinDay(profile: Profile, clock: Clock): boolean {
  const day = profile.days[DAYS[clock.weekday] ?? 'monday'];
  const end = day.end === '23:59' ? 1440 : timeToMinutes(day.end);
  return day.enabled && clock.minutes >= timeToMinutes(day.start) && clock.minutes < end;
}

export function timeProfileDecision(
  profile: Profile,
  calendars: readonly EstateCalendarEntry[],
  at: Date | Clock,
): TimeProfileDecision {
  const clock = at instanceof Date ? londonClock(at) : at;
  const name = `'${profile.name}'`;
  const side = (
    open: boolean,
    reason: TimeProfileStatus['reason'],
    detail: string,
    why: string,
    extra: Partial<TimeProfileDecision> = {},
  ): TimeProfileDecision => ({
    open,
    reason,
    destination: open ? profile.inDestination : profile.outDestination,
    promptId: open ? profile.inPromptId : profile.outPromptId,
    detail,
    entry: null,
    holiday: null,
    why,
    ...extra,
  });
  if (profile.mode === 1) return side(true, 'forcedOpen', 'Always open', `${name} is set to Always open`);
  if (profile.mode === 2) return side(false, 'forcedClosed', 'Always closed', `${name} is set to Always closed`);
  const entry = calendars.find((c) => calendarKey(c.start) <= clock.key && clock.key < calendarKey(c.end));
  // An entry sends calls to its own destination, with no prompt.
  if (entry) {
    const why = `${fullDateAndTime(clock)} is within the calendar entry '${entry.description}' of ${name} (${entry.start} – ${entry.end})`;
    return side(false, 'calendar', entry.description, why, { destination: entry.destination, promptId: null, entry });
  }
  const region = profile.bankHoliday as BankHolidayRegion;
  const holiday = holidaysOf(Number(clock.date.slice(0, 4)), region).find((h) => h.date === clock.date);
  if (holiday) {
    const where = BANK_HOLIDAY_OPTIONS.find((o) => o.value === region)?.label ?? '';
    const why = `${fullDate(clock)} is ${holiday.name}, a bank holiday in ${where}: ${name} is closed all day`;
    return side(false, 'bankHoliday', holiday.name, why, { holiday });
  }
  const hours = `(${scheduleWords(profile.days)})`;
  return withinDay(profile, clock)
    ? side(true, 'open', 'Open (following the schedule)', `${dayAndTime(clock)} is within ${name} ${hours}`)
    : side(false, 'closed', 'Closed (following the schedule)', `${dayAndTime(clock)} is outside ${name} ${hours}`);
}

/** The live status of a profile (GET /timeprofile/{id}/status): the decision without its words. */
export function timeProfileStatusAt(
  profile: Profile,
  calendars: readonly EstateCalendarEntry[],
  at: Date,
): TimeProfileStatus {
  const { open, reason, destination, promptId, detail } = timeProfileDecision(profile, calendars, at);
  return { open, reason, destination, promptId, detail };
}
