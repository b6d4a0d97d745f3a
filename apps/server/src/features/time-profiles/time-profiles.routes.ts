/**
 * Time profiles and their calendar entries (spec 2 §2, §3, §5, §7 "Time profiles", §9):
 * /timeprofile (the resource, /next, the bulk range add, the live status, the bank holidays the
 * server computes) and /timeprofilecalendar (calendar entries overriding a profile in their range).
 */
import {
  type BankHolidayRegion,
  bankHolidays,
  type CalendarEntry,
  calendarEntryFields,
  calendarKey,
  calendarRoutes,
  columnOf,
  defaultDays,
  MESSAGES,
  TIME_PROFILE_MESSAGES,
  TIME_PROFILE_NUMBER,
  type TimeProfile,
  type TimeProfileRangeValues,
  timeProfileFields,
  timeProfileInput,
  timeProfileRoutes,
  timeProfileStatusAt,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { declaredFields } from '../../platform/declared-fields.ts';
import { field, fieldMap, versionedFields } from '../../platform/fields.ts';
import { selectRecords } from '../../platform/list.ts';
import { numberedResource } from '../../platform/numbered.ts';
import type { Platform } from '../../platform/platform.ts';
import { resource } from '../../platform/resources.ts';
import { openRoute, tenantRoute } from '../../platform/routes.ts';
import { notParent, ownRow, unchanged, usablePrompt } from '../../platform/validators.ts';

const SELF = 'A time profile cannot route to itself';

const fields = fieldMap<TimeProfile>('time_profiles', {
  ...versionedFields,
  ...declaredFields(timeProfileFields),
  accountNo: field.computed('time_profiles.account_no', 'number'),
});

/** A calendar time, a UK wall-clock timestamp: shown and written as 'DD/MM/YYYY HH:mm', sorted by itself. */
const wallClock = (column: string) =>
  field.mapped(column, `to_char({col}, 'DD/MM/YYYY HH24:MI')`, 'text', {
    toColumn: (v) => calendarKey(String(v)),
    sortSql: `time_profile_calendars.${column}`,
    sortable: true,
    searchable: true,
  });

const calendarFields = fieldMap<CalendarEntry>('time_profile_calendars', {
  ...versionedFields,
  ...declaredFields(calendarEntryFields),
  // Read through their wall-clock form (the declaration gives their columns start_at, end_at).
  start: wallClock(columnOf('start', calendarEntryFields.meta.start)),
  end: wallClock(columnOf('end', calendarEntryFields.meta.end)),
});

/** The lists' field maps (their sortable and filterable columns are indexed). */
export const timeProfileLists = [fields, calendarFields];

export function registerTimeProfileRoutes(api: FastifyInstance, platform: Platform): void {
  const profiles = numberedResource(api, platform, {
    area: 'time-profiles',
    routes: timeProfileRoutes,
    table: 'time_profiles',
    permission: 'timeprofile',
    fields,
    validate: [usablePrompt('inPromptId', 'outPromptId')],
    number: {
      field: 'extension',
      kind: 'timeprofile',
      title: 'name',
      unique: 'time_profiles_extension_uq',
      routesTo: { fields: ['inDestination', 'outDestination'], self: SELF },
      bounds: TIME_PROFILE_NUMBER,
      messages: TIME_PROFILE_MESSAGES,
      range: { values: ({ name }: TimeProfileRangeValues) => timeProfileInput.parse({ name, days: defaultDays() }) },
    },
  });

  tenantRoute(api, platform, timeProfileRoutes.status, {
    allow: profiles.rules('read'),
    handler: async ({ db }, { params, query }) => {
      const p = await profiles.read(db, params.id);
      const calendars = await selectRecords(
        db.selectFrom('time_profile_calendars').where('time_profile_id', '=', p.id).orderBy('start_at'),
        calendarFields,
      );
      // The routing engine decides (the trace asks it the same).
      return timeProfileStatusAt(p, calendars, new Date(query.at ?? Date.now()));
    },
  });

  openRoute(api, platform, timeProfileRoutes.bankHolidays, {
    allow: profiles.rules('read'),
    handler: async (_ctx, { params }) => ({ records: bankHolidays(params.year, params.region as BankHolidayRegion) }),
  });

  resource(api, platform, {
    // Its own area in the change events: its ids are not the profiles'.
    area: 'time-profile-calendars',
    routes: calendarRoutes,
    table: 'time_profile_calendars',
    permission: 'timeprofile',
    fields: calendarFields,
    defaultSort: { field: 'start', direction: 'asc' },
    label: (c) => c.description,
    usage: {
      type: 'Time Profile Calendar',
      name: `(select tp.extension || ' - ' || tp.name from time_profiles tp
        where tp.id = time_profile_calendars.time_profile_id) || ': ' || time_profile_calendars.description`,
      link: `'/time-profiles/' || time_profile_calendars.time_profile_id || '/calendars/' || time_profile_calendars.id`,
    },
    validate: [
      ownRow('timeProfileId', 'time_profiles', MESSAGES.recordNotFound),
      unchanged('timeProfileId', MESSAGES.recordNotFound),
      notParent(profiles, 'timeProfileId', ['destination'], SELF),
    ],
  });
}
