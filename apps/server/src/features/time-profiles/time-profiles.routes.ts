/**
 * Time profiles and their calendar entries (spec 2 §2, §3, §5, §7 "Time profiles", §9):
 * /timeprofile (the resource, /next, the bulk range add, the live status, the bank holidays the
 * server computes) and /timeprofilecalendar (calendar entries overriding a profile in their range).
 */
import {
  calendarInput,
  calendarKey,
  calendarRecord,
  defaultDays,
  destinationValue,
  idParam,
  MESSAGES,
  rangeNumbers,
  TIME_PROFILE_MESSAGES,
  TIME_PROFILE_NUMBER,
  type TimeProfileValues,
  timeProfileCreate,
  timeProfileInput,
  timeProfileRange,
  timeProfileRecord,
  timeProfileStatus,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { type AuthContext, requirePermission } from '../../platform/auth.ts';
import { notFound, validationError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { registerResource } from '../../platform/resource.ts';
import { usablePrompt } from '../prompts/prompts.routes.ts';
import { type BankHolidayRegion, bankHolidays } from './bank-holidays.ts';
import { timeProfileStatusAt } from './time-profiles.logic.ts';

const tags = ['time-profiles'];
const read = { resource: 'timeprofile', action: 'read' } as const;
const create = { resource: 'timeprofile', action: 'create' } as const;

/** Calendar times are stored as UK wall-clock timestamps; 'DD/MM/YYYY HH:mm' <-> 'YYYY-MM-DD HH:mm'. */
const CALENDAR_FORMAT = 'DD/MM/YYYY HH24:MI';
const KEY_FORMAT = 'YYYY-MM-DD HH24:MI';

const toRow = (input: TimeProfileValues) => ({
  name: input.name,
  description: input.description,
  bank_holiday: input.bankHoliday,
  mode: input.mode,
  in_prompt_id: input.inPromptId,
  in_destination: input.inDestination,
  out_prompt_id: input.outPromptId,
  out_destination: input.outDestination,
  days: JSON.stringify(input.days),
});

const rangeReply = z.object({
  success: z.boolean(),
  message: z.string(),
  results: z.array(z.object({ extension: z.number(), success: z.boolean(), message: z.string(), id: z.number() })),
});

export function registerTimeProfileRoutes(app: FastifyInstance, platform: Platform): void {
  const { db, destinations, references } = platform;
  const r = app.withTypeProvider<ZodTypeProvider>();

  destinations.add({
    type: 'timeprofile',
    list: async (d, accountNo) =>
      (
        await d
          .selectFrom('time_profiles')
          .select(['extension', 'name'])
          .where('account_no', '=', accountNo)
          .orderBy('extension')
          .execute()
      ).map((p) => ({ key: String(p.extension), label: `${p.extension} - ${p.name}` })),
  });
  references.add(
    {
      kind: 'destination',
      table: 'time_profiles',
      column: 'in_destination',
      type: 'Time Profile',
      name: "time_profiles.extension || ' - ' || time_profiles.name",
    },
    {
      kind: 'destination',
      table: 'time_profiles',
      column: 'out_destination',
      type: 'Time Profile',
      name: "time_profiles.extension || ' - ' || time_profiles.name",
    },
    {
      kind: 'destination',
      table: 'time_profile_calendars',
      column: 'destination',
      type: 'Time Profile Calendar',
      name: "(select tp.extension || ' - ' || tp.name from time_profiles tp where tp.id = time_profile_calendars.time_profile_id) || ': ' || time_profile_calendars.description",
    },
  );

  const extensionInUse = async (trx: Transaction<Database>, accountNo: number, numbers: number[]) =>
    (
      await trx
        .selectFrom('time_profiles')
        .select('extension')
        .where('account_no', '=', accountNo)
        .where('extension', 'in', numbers)
        .execute()
    ).map((p) => p.extension);

  /** Prompts usable by the account, destinations existing in it, and no profile routing to itself. */
  const checkProfile = async (
    trx: Transaction<Database>,
    auth: AuthContext,
    input: TimeProfileValues,
    extension: number | null,
  ): Promise<Record<string, string>> => {
    const problems: Record<string, string> = {};
    for (const field of ['inPromptId', 'outPromptId'] as const) {
      const id = input[field];
      if (id !== null && !(await usablePrompt(trx, auth.accountNo, id))) problems[field] = MESSAGES.recordNotFound;
    }
    for (const field of ['inDestination', 'outDestination'] as const) {
      const value = input[field];
      if (extension !== null && value === destinationValue('timeprofile', extension)) {
        problems[field] = 'A time profile cannot route to itself';
        continue;
      }
      Object.assign(problems, await destinations.check(trx, auth.accountNo, field, value));
    }
    return problems;
  };

  registerResource(app, platform, {
    path: '/timeprofile',
    table: 'time_profiles',
    tag: 'time-profiles',
    permission: 'timeprofile',
    record: timeProfileRecord,
    input: timeProfileInput,
    columns: {
      id: { sql: 'time_profiles.id', kind: 'number' },
      extension: { sql: 'time_profiles.extension', kind: 'number', sortable: true, searchable: true },
      name: { sql: 'time_profiles.name', kind: 'text', sortable: true, searchable: true },
      description: { sql: 'time_profiles.description', kind: 'text', sortable: true, searchable: true },
      bankHoliday: { sql: 'time_profiles.bank_holiday', kind: 'number', sortable: true, filterable: true },
      mode: { sql: 'time_profiles.mode', kind: 'number', sortable: true, filterable: true },
      inPromptId: { sql: 'time_profiles.in_prompt_id', kind: 'number' },
      inDestination: { sql: 'time_profiles.in_destination', kind: 'text', sortable: true },
      outPromptId: { sql: 'time_profiles.out_prompt_id', kind: 'number' },
      outDestination: { sql: 'time_profiles.out_destination', kind: 'text', sortable: true },
      days: { sql: 'time_profiles.days', kind: 'json' },
      accountNo: { sql: 'time_profiles.account_no', kind: 'number' },
    },
    defaultSort: { field: 'extension', direction: 'asc' },
    saveByPost: true,
    toRow,
    create: {
      input: timeProfileCreate,
      toRow: (input) => ({ ...toRow(input as TimeProfileValues), extension: input.extension }),
    },
    uniqueViolations: { time_profiles_extension_uq: { field: 'extension', message: TIME_PROFILE_MESSAGES.inUse } },
    label: (input) => input.name,
    destination: { type: 'timeprofile', key: (p) => String(p.extension) },
    check: async ({ trx, auth, id }, input) => {
      let extension: number | null = null;
      if (id === undefined) {
        extension = (input as TimeProfileValues & { extension: number }).extension;
        if ((await extensionInUse(trx, auth.accountNo, [extension])).length > 0) {
          return { extension: TIME_PROFILE_MESSAGES.inUse };
        }
      } else {
        const row = await trx.selectFrom('time_profiles').select('extension').where('id', '=', id).executeTakeFirst();
        extension = row?.extension ?? null;
      }
      return checkProfile(trx, auth, input, extension);
    },
  });

  // The next free number (the add form's default); GET, and POST like the other numbered areas.
  const nextReply = { 200: z.object({ extension: z.number().nullable() }) };
  r.route({
    method: ['GET', 'POST'],
    url: '/timeprofile/next',
    schema: { tags, response: nextReply },
    handler: async (request) => {
      const auth = requirePermission(request, read);
      const used = new Set(
        (
          await db.selectFrom('time_profiles').select('extension').where('account_no', '=', auth.accountNo).execute()
        ).map((p) => p.extension),
      );
      // The number after the highest in use, else the lowest gap (numbering runs on from the last).
      const after = used.size === 0 ? TIME_PROFILE_NUMBER.min : Math.max(...used) + 1;
      if (after <= TIME_PROFILE_NUMBER.max) return { extension: after };
      for (let n = TIME_PROFILE_NUMBER.min; n <= TIME_PROFILE_NUMBER.max; n++) {
        if (!used.has(n)) return { extension: n };
      }
      return { extension: null };
    },
  });

  // Bulk add by range: every number checked first, then all created in one transaction.
  r.post(
    '/timeprofile/range',
    { schema: { tags, body: timeProfileRange, response: { 200: rangeReply } } },
    async (request) => {
      const auth = requirePermission(request, create);
      const range = request.body;
      const numbers = rangeNumbers(range);
      const results = await db
        .transaction()
        .execute(async (trx) => {
          const clashes = await extensionInUse(trx, auth.accountNo, numbers);
          if (clashes.length > 0) {
            throw validationError({
              from: numbers.length === 1 ? TIME_PROFILE_MESSAGES.inUse : TIME_PROFILE_MESSAGES.rangeInUse,
            });
          }
          const rows = await trx
            .insertInto('time_profiles')
            .values(
              numbers.map((extension) => ({
                ...toRow(timeProfileInput.parse({ name: range.name, days: defaultDays() })),
                extension,
                account_no: auth.accountNo,
              })),
            )
            .returning(['id', 'extension'])
            .execute();
          return rows.map((p) => ({
            extension: p.extension,
            id: p.id,
            success: true,
            message: `${p.extension} - ${range.name} ${MESSAGES.createdSuccessfully}`,
          }));
        })
        .catch((error: { code?: string }) => {
          if (error.code === '23505') throw validationError({ from: TIME_PROFILE_MESSAGES.rangeInUse });
          throw error;
        });
      return { success: true, message: MESSAGES.createdSuccessfully, results };
    },
  );

  const ownProfile = async (accountNo: number, id: number) => {
    const profile = await db
      .selectFrom('time_profiles')
      .selectAll()
      .where('id', '=', id)
      .where('account_no', '=', accountNo)
      .executeTakeFirst();
    if (!profile) throw notFound();
    return profile;
  };

  // Where the profile routes now (or at ?at=ISO instant), and why.
  r.get(
    '/timeprofile/:id/status',
    {
      schema: {
        tags,
        params: idParam,
        querystring: z.object({ at: z.iso.datetime({ offset: true }).optional() }),
        response: { 200: timeProfileStatus },
      },
    },
    async (request) => {
      const auth = requirePermission(request, read);
      const p = await ownProfile(auth.accountNo, request.params.id);
      const calendars = await db
        .selectFrom('time_profile_calendars')
        .select([
          'description',
          'destination',
          sql<string>`to_char(start_at, ${KEY_FORMAT})`.as('startKey'),
          sql<string>`to_char(end_at, ${KEY_FORMAT})`.as('endKey'),
        ])
        .where('time_profile_id', '=', p.id)
        .where('account_no', '=', auth.accountNo)
        .orderBy('start_at')
        .execute();
      const at = request.query.at ? new Date(request.query.at) : new Date();
      return timeProfileStatusAt(
        {
          bankHoliday: p.bank_holiday,
          mode: p.mode,
          inDestination: p.in_destination,
          inPromptId: p.in_prompt_id,
          outDestination: p.out_destination,
          outPromptId: p.out_prompt_id,
          days: p.days,
        },
        calendars,
        at,
      );
    },
  );

  // The bank holidays the server applies for a region and year (shown on the profile).
  r.get(
    '/timeprofile/bankholidays/:region/:year',
    {
      schema: {
        tags,
        params: z.object({
          region: z.coerce.number().int().min(0).max(3),
          year: z.coerce.number().int().min(1995).max(2100),
        }),
        response: { 200: z.object({ records: z.array(z.object({ date: z.string(), name: z.string() })) }) },
      },
    },
    async (request) => {
      requirePermission(request, read);
      return { records: bankHolidays(request.params.year, request.params.region as BankHolidayRegion) };
    },
  );

  registerResource(app, platform, {
    path: '/timeprofilecalendar',
    table: 'time_profile_calendars',
    tag: 'time-profiles',
    permission: 'timeprofile',
    record: calendarRecord,
    input: calendarInput,
    columns: {
      id: { sql: 'time_profile_calendars.id', kind: 'number' },
      timeProfileId: { sql: 'time_profile_calendars.time_profile_id', kind: 'number', filterable: true },
      description: { sql: 'time_profile_calendars.description', kind: 'text', sortable: true, searchable: true },
      destination: { sql: 'time_profile_calendars.destination', kind: 'text', sortable: true },
      start: {
        sql: `to_char(time_profile_calendars.start_at, '${CALENDAR_FORMAT}')`,
        sortSql: 'time_profile_calendars.start_at',
        kind: 'text',
        sortable: true,
        searchable: true,
      },
      end: {
        sql: `to_char(time_profile_calendars.end_at, '${CALENDAR_FORMAT}')`,
        sortSql: 'time_profile_calendars.end_at',
        kind: 'text',
        sortable: true,
        searchable: true,
      },
    },
    defaultSort: { field: 'start', direction: 'asc' },
    toRow: (input) => ({
      time_profile_id: input.timeProfileId,
      description: input.description,
      destination: input.destination,
      start_at: calendarKey(input.start),
      end_at: calendarKey(input.end),
    }),
    label: (input) => input.description,
    check: async ({ trx, auth, id }, input) => {
      const profile = await trx
        .selectFrom('time_profiles')
        .select(['id', 'extension'])
        .where('id', '=', input.timeProfileId)
        .where('account_no', '=', auth.accountNo)
        .executeTakeFirst();
      if (!profile) return { timeProfileId: MESSAGES.recordNotFound };
      if (id !== undefined) {
        const current = await trx
          .selectFrom('time_profile_calendars')
          .select('time_profile_id')
          .where('id', '=', id)
          .executeTakeFirst();
        // An entry stays with its profile.
        if (current && current.time_profile_id !== input.timeProfileId)
          return { timeProfileId: MESSAGES.recordNotFound };
      }
      if (input.destination === destinationValue('timeprofile', profile.extension)) {
        return { destination: 'A time profile cannot route to itself' };
      }
      return destinations.check(trx, auth.accountNo, 'destination', input.destination);
    },
  });
}
