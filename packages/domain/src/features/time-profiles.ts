/** Time profiles and calendar entries (spec 2: /time-profiles, permission timeprofile). */
import { z } from 'zod';
import { resourceRoutes, versionedRecordFields } from '../contract.ts';
import { choice, declareFields, field } from '../field-declarations.ts';
import { idParam, optionalText, recordId, requiredText } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { numberedRoutes, numberInRange, numberMessages, numberRange } from '../numbering.ts';
import { recordsReply, taggedRoutes } from '../tagged-routes.ts';
import { perDay, TIME_OF_DAY, timeToMinutes } from '../time-of-day.ts';
import { destinationField } from './destinations.ts';

export const TIME_PROFILE_NUMBER = { min: 200, max: 998 } as const;
export const TIME_PROFILE_BULK_MAX = 10;

export const TIME_PROFILE_MESSAGES = {
  ...numberMessages('time profiles', 'Time profile number', TIME_PROFILE_BULK_MAX),
  timeOrder: 'The end time must be after the start time',
  timeStep: 'Times must be in steps of 5 minutes',
  dateFormat: 'Please enter a date as DD/MM/YYYY HH:mm',
  dateOrder: 'The end must be after the start',
} as const;

/** Bank holiday options (spec 2 §9). */
export const BANK_HOLIDAY_OPTIONS = [
  { value: 0, label: 'Disabled' },
  { value: 1, label: 'England & Wales' },
  { value: 2, label: 'Scotland' },
  { value: 3, label: 'Northern Ireland' },
] as const;

/** Mode: follow the schedule, or force open / closed (e.g. an unplanned closure). */
export const TIME_PROFILE_MODES = [
  { value: 0, label: 'Automatic (follow the schedule)' },
  { value: 1, label: 'Always open' },
  { value: 2, label: 'Always closed' },
] as const;

/** The time slider: minutes 0-1439 in steps of 5. */
export const SLIDER = { min: 0, max: 1439, step: 5 } as const;

const hhmm = z.string().regex(TIME_OF_DAY, { error: 'Please enter a time as HH:mm' });

export const daySchedule = z.object({ enabled: z.boolean(), start: hhmm, end: hhmm }).superRefine((d, ctx) => {
  const start = timeToMinutes(d.start);
  const end = timeToMinutes(d.end);
  // 23:59 is the slider's end of day; every other time sits on the 5-minute grid.
  if (start % 5 !== 0 || (end % 5 !== 0 && d.end !== '23:59')) {
    ctx.addIssue({ code: 'custom', path: ['end'], message: TIME_PROFILE_MESSAGES.timeStep });
  } else if (d.enabled && end <= start) {
    ctx.addIssue({ code: 'custom', path: ['end'], message: TIME_PROFILE_MESSAGES.timeOrder });
  }
});

export const daysSchema = z.object(perDay(() => daySchedule));
export type Days = z.infer<typeof daysSchema>;

/** Default hours: 09:00-17:30 Monday to Friday, weekend off. */
export function defaultDays(): Days {
  return perDay((d) => ({ enabled: d !== 'saturday' && d !== 'sunday', start: '09:00', end: '17:30' }));
}

const promptId = recordId(MESSAGES.recordNotFound).nullable().default(null);

export const timeProfileNumber = numberInRange(TIME_PROFILE_NUMBER, TIME_PROFILE_MESSAGES.invalidNumber);

/** Every field of a time profile, once (field-declarations.ts): the inputs, the record, the server's map, the forms. */
export const timeProfileFields = declareFields({
  extension: field(timeProfileNumber, { label: 'Number', sortable: true, searchable: true, createOnly: true }),
  name: field(requiredText({ max: 100 }), { label: 'Name', sortable: true, searchable: true }),
  description: field(optionalText({ max: 100 }), { label: 'Description', sortable: true, searchable: true }),
  bankHoliday: choice(BANK_HOLIDAY_OPTIONS, 0, { label: 'Bank Holidays', sortable: true, filterable: true }),
  mode: choice(TIME_PROFILE_MODES, 0, { label: 'Mode', sortable: true, filterable: true }),
  inPromptId: field(promptId, { label: 'Open Prompt', references: 'prompts' }),
  inDestination: field(destinationField, {
    label: 'Open Destination',
    sortable: true,
    uses: { kind: 'destination' },
  }),
  outPromptId: field(promptId, { label: 'Closed Prompt', references: 'prompts' }),
  outDestination: field(destinationField, {
    label: 'Closed Destination',
    sortable: true,
    uses: { kind: 'destination' },
  }),
  days: field(daysSchema, { label: 'Schedule' }),
});

export const timeProfileInput = z.object(timeProfileFields.shape);
export type TimeProfileInput = z.input<typeof timeProfileInput>;

/**
 * Create: the number plus the profile (the web's bulk add sends one of these per number). The days
 * default to the spec's hours (spec 2 §9: 09:00-17:30 Monday to Friday, weekend off).
 */
export const timeProfileCreate = z.object({
  ...timeProfileFields.createShape,
  days: daysSchema.default(defaultDays),
});

/** A bulk range: from, optional to (at least from + 1), at most 10 numbers. */
export const timeProfileRange = numberRange(TIME_PROFILE_NUMBER, TIME_PROFILE_BULK_MAX, TIME_PROFILE_MESSAGES, {
  name: requiredText({ max: 100 }),
});
export type TimeProfileRangeValues = z.output<typeof timeProfileRange>;

export const timeProfileRecord = z.object({
  ...versionedRecordFields,
  ...timeProfileFields.recordShape,
  accountNo: z.number().int(),
});
export type TimeProfile = z.infer<typeof timeProfileRecord>;

/** 'DD/MM/YYYY HH:mm' (spec 2 §3 'Calendar'), checked to be a real date. */
export const calendarDateTime = requiredText().refine((v) => calendarKey(v) !== '', {
  error: TIME_PROFILE_MESSAGES.dateFormat,
});

/** The sortable key 'YYYY-MM-DD HH:mm' of a calendar date 'DD/MM/YYYY HH:mm', or '' when it is no real date. */
export function calendarKey(value: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) ([01]\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  if (!m) return '';
  const [, d, mo, y, h, mi] = m;
  const day = `${y}-${mo}-${d}`;
  // Date.UTC rolls 31/02 over into March (and reads years below 100 as 19xx): no real date.
  const real = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d))).toISOString().startsWith(day);
  return real ? `${day} ${h}:${mi}` : '';
}

/** Every field of a calendar entry, once (field-declarations.ts). */
export const calendarEntryFields = declareFields({
  timeProfileId: field(recordId(MESSAGES.recordNotFound), { filterable: true }),
  description: field(requiredText({ max: 100 }), { label: 'Description', sortable: true, searchable: true }),
  destination: field(
    destinationField.refine((v) => v !== '', { error: MESSAGES.required }),
    { label: 'Destination', sortable: true, uses: { kind: 'destination' } },
  ),
  /** Stored as a UK wall-clock timestamp (start_at), shown and written as 'DD/MM/YYYY HH:mm'. */
  start: field(calendarDateTime, {
    label: 'Start',
    column: 'start_at',
    sortable: true,
    searchable: true,
    control: 'datetime',
  }),
  end: field(calendarDateTime, {
    label: 'End',
    column: 'end_at',
    sortable: true,
    searchable: true,
    control: 'datetime',
  }),
});

export const calendarInput = z.object(calendarEntryFields.shape).superRefine((c, ctx) => {
  const s = calendarKey(c.start);
  const e = calendarKey(c.end);
  if (s && e && e <= s) ctx.addIssue({ code: 'custom', path: ['end'], message: TIME_PROFILE_MESSAGES.dateOrder });
});
export type CalendarInput = z.input<typeof calendarInput>;

export const calendarRecord = z.object({ ...versionedRecordFields, ...calendarEntryFields.recordShape });
export type CalendarEntry = z.infer<typeof calendarRecord>;

export const timeProfileStatus = z.object({
  open: z.boolean(),
  reason: z.enum(['calendar', 'bankHoliday', 'forcedOpen', 'forcedClosed', 'open', 'closed']),
  destination: z.string(),
  promptId: z.number().int().nullable(),
  detail: z.string(),
});
export type TimeProfileStatus = z.infer<typeof timeProfileStatus>;

const tag = 'time-profiles';
const { get } = taggedRoutes(tag);

/** Spec 2 §7 "Time profiles": /timeprofile (saved by PUT or POST /timeprofile/{id}). */
export const timeProfileRoutes = {
  ...resourceRoutes('/timeprofile', {
    tag,
    record: timeProfileRecord,
    input: timeProfileInput,
    create: timeProfileCreate,
    saveByPost: true,
  }),
  ...numberedRoutes('/timeprofile', timeProfileRange, tag),
  /** Where the profile routes now (or at ?at=ISO instant), and why. */
  status: get('/timeprofile/:id/status', {
    params: idParam,
    query: z.object({ at: z.iso.datetime({ offset: true }).optional() }),
    reply: timeProfileStatus,
  }),
  /** The bank holidays the server applies for a region and year (shown on the profile). */
  bankHolidays: get('/timeprofile/bankholidays/:region/:year', {
    params: z.object({
      region: z.coerce.number().int().min(0).max(3),
      year: z.coerce.number().int().min(1995).max(2100),
    }),
    reply: recordsReply(z.object({ date: z.string(), name: z.string() })),
  }),
};

/** Calendar entries overriding a profile in their range. */
export const calendarRoutes = resourceRoutes('/timeprofilecalendar', {
  tag,
  record: calendarRecord,
  input: calendarInput,
});
