/**
 * Whether a time profile routes to its open (in) or closed (out) side at a moment, in UK time:
 * a forced mode first, then a calendar entry covering the moment, then a bank holiday of the
 * profile's region (closed all day), then the day's schedule.
 */
import {
  type BankHolidayRegion,
  bankHolidays,
  type CalendarEntry,
  calendarKey,
  DAYS,
  type TimeProfile,
  type TimeProfileStatus,
  timeToMinutes,
} from '@switchboard/domain';
import { londonClock } from '../../platform/london-clock.ts';

export function timeProfileStatusAt(profile: TimeProfile, calendars: CalendarEntry[], at: Date): TimeProfileStatus {
  const now = londonClock(at);
  const side = (open: boolean, reason: TimeProfileStatus['reason'], detail: string): TimeProfileStatus => ({
    open,
    reason,
    destination: open ? profile.inDestination : profile.outDestination,
    promptId: open ? profile.inPromptId : profile.outPromptId,
    detail,
  });
  if (profile.mode === 1) return side(true, 'forcedOpen', 'Always open');
  if (profile.mode === 2) return side(false, 'forcedClosed', 'Always closed');
  const entry = calendars.find((c) => calendarKey(c.start) <= now.key && now.key < calendarKey(c.end));
  // An entry sends calls to its own destination, with no prompt.
  if (entry) return { ...side(false, 'calendar', entry.description), destination: entry.destination, promptId: null };
  const region = profile.bankHoliday as BankHolidayRegion;
  const holiday = bankHolidays(Number(now.date.slice(0, 4)), region).find((h) => h.date === now.date);
  if (holiday) return side(false, 'bankHoliday', holiday.name);
  const day = profile.days[DAYS[now.weekday] ?? 'monday'];
  // '23:59' as the end means the end of the day.
  const end = day.end === '23:59' ? 1440 : timeToMinutes(day.end);
  return day.enabled && now.minutes >= timeToMinutes(day.start) && now.minutes < end
    ? side(true, 'open', 'Open (following the schedule)')
    : side(false, 'closed', 'Closed (following the schedule)');
}
