/**
 * Time profiles on the web: the resources /timeprofile (saved by PUT, or POST as the spec also
 * does) and /timeprofilecalendar, the next free number and the bulk add by range, the live status,
 * the bank holidays, and the query keys the pages share.
 */
import {
  BANK_HOLIDAY_OPTIONS,
  type CalendarEntry,
  type CalendarInput,
  calendarRoutes,
  TIME_PROFILE_MODES,
  type TimeProfile,
  type TimeProfileInput,
  timeProfileRoutes,
} from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../platform/client.ts';
import type { FieldDef } from '../../platform/fields/form-fields.tsx';
import { optionLabel } from '../../platform/fields/option-sources.ts';
import { resourceApi } from '../../platform/resource.ts';

/** Moved to the platform (call groups and queues show destinations too); kept here for the pages. */
export { useDestinationLabel } from '../../platform/fields/option-sources.ts';

export const TP_PATH = '/timeprofile';

export const timeProfiles = resourceApi(TP_PATH, timeProfileRoutes);
export const timeProfileKeys = timeProfiles.keys;
export const calendars = resourceApi('/timeprofilecalendar', calendarRoutes);
export const calendarKeys = calendars.keys;

export const bankHolidayLabel = (value: number) => optionLabel(BANK_HOLIDAY_OPTIONS, value);
export const modeLabel = (value: number) => optionLabel(TIME_PROFILE_MODES, value);

export const toProfileValues = (p: TimeProfile): TimeProfileInput => ({
  name: p.name,
  description: p.description,
  bankHoliday: p.bankHoliday,
  mode: p.mode,
  inPromptId: p.inPromptId,
  inDestination: p.inDestination,
  outPromptId: p.outPromptId,
  outDestination: p.outDestination,
  days: p.days,
});

export const toCalendarValues = (c: CalendarEntry): CalendarInput => ({
  timeProfileId: c.timeProfileId,
  description: c.description,
  destination: c.destination,
  start: c.start,
  end: c.end,
});

/** The calendar entry fields, shared by the add modal and the entry page. */
export function calendarFields(exclude: string[]): FieldDef<CalendarInput>[] {
  return [
    { kind: 'text', name: 'description', label: 'Description', required: true },
    { kind: 'destination', name: 'destination', label: 'Destination', required: true, exclude },
    { kind: 'datetime', name: 'start', label: 'Start', required: true },
    { kind: 'datetime', name: 'end', label: 'End', required: true },
  ];
}

export function useStatus(id: number) {
  return useQuery({
    queryKey: [...timeProfileKeys.detail(id), 'status'],
    queryFn: () => call(timeProfileRoutes.status, { params: { id } }),
    refetchInterval: 60_000,
  });
}

export function useBankHolidays(region: number, year: number) {
  return useQuery({
    queryKey: ['bank-holidays', region, year],
    queryFn: () => call(timeProfileRoutes.bankHolidays, { params: { region, year } }),
    enabled: region > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
