/**
 * Time profiles on the web: the resources /timeprofile (saved by PUT, or POST as the spec also
 * does) and /timeprofilecalendar, the live status, the bank holidays, and what the pages share.
 */
import {
  type CalendarInput,
  calendarEntryFields,
  calendarRoutes,
  type TimeProfileInput,
  timeProfileFields,
  timeProfileRoutes,
} from '@switchboard/domain';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { call } from '../../platform/client.ts';
import { formFields } from '../../platform/fields/declared-fields.ts';
import type { FieldDef } from '../../platform/fields/form-fields.tsx';
import { resourceApi } from '../../platform/resource.ts';

export const timeProfiles = resourceApi('/timeprofile', timeProfileRoutes);
export const calendars = resourceApi('/timeprofilecalendar', calendarRoutes);

/** The bank-holiday region and the mode: on the General tab, and the list's columns, filters and bulk edit. */
export const modeSelects = formFields<Pick<TimeProfileInput, 'bankHoliday' | 'mode'>>(timeProfileFields, [
  'bankHoliday',
  'mode',
]);

/** The calendar entry fields, shared by the add modal and the entry page. */
export function calendarFields(exclude: string[]): FieldDef<CalendarInput>[] {
  return formFields<CalendarInput>(calendarEntryFields, ['description', 'destination', 'start', 'end'], {
    destination: { exclude },
  });
}

const statusKey = (id: number | string) => [...timeProfiles.keys.detail(id), 'status'];

/** A source of calendar entries whose changes refresh the profile's status too (an entry changes it). */
export function withStatus<S extends { invalidates: QueryKey[] }>(source: S, profileId: number | string): S {
  return { ...source, invalidates: [...source.invalidates, statusKey(profileId)] };
}

export function useStatus(id: number) {
  return useQuery({
    queryKey: statusKey(id),
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
