/**
 * Seats (spec 2 §2, §3, §5, §7 "Seats"): the /seat resource (list with status from the
 * registrations, read, create, save by PUT or the spec's POST /seat/{id}, delete), the next free
 * extension, the bulk range add, and the SIP secret (shown on request, reset).
 */
import {
  adminOnlyChanges,
  type CallRestrictions,
  type CallTimes,
  DEFAULT_CALL_TIMES,
  DEFAULT_RESTRICTIONS,
  destinationValue,
  fromSpecSeatBody,
  MESSAGES,
  mayKnowInternationalPin,
  maySoftphoneUser,
  normaliseRestrictions,
  RESTRICTION_FIELDS,
  rangeNumbers,
  recordId,
  restrictedOptionChanges,
  SEAT_ADMIN_FIELDS,
  SEAT_MESSAGES,
  type SeatCreateValues,
  type SeatValues,
  seatCreateInput,
  seatExtensionRange,
  seatInput,
  seatLabel,
  seatRange,
  seatRecord,
  teamsSwitchProblems,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { type AuthContext, requirePermission } from '../../platform/auth.ts';
import { HttpError, notFound, validationError } from '../../platform/errors.ts';
import { publicIpSql } from '../../platform/ip-sql.ts';
import type { Platform } from '../../platform/platform.ts';
import { type ColumnDef, registerResource } from '../../platform/resource.ts';
import { newSecret } from '../../platform/secrets.ts';
import { registerSipCredentialRoutes } from '../../platform/sip-credentials.ts';
import { createUser } from '../../platform/users.ts';
import { usablePrompt } from '../prompts/prompts.routes.ts';
import { registerSeatSettingRoutes } from './seats.settings.ts';

const tags = ['seats'];
const REGISTERED = '(seat_registrations.expires_at is not null and seat_registrations.expires_at > now())';
const PUBLIC_IP = `(${REGISTERED} and ${publicIpSql('seat_registrations.ipaddr')})`;
const softphoneStatus = (kind: 'desktop' | 'mobile') => `(case when exists (select 1 from seat_registrations r
  where r.seat_id = seats.id and r.kind = '${kind}' and r.expires_at > now()) then 'Registered' else 'Unregistered' end)`;

function restrictionsOf(input: SeatValues): CallRestrictions {
  // The PIN guards international calls: it goes when they are barred.
  return normaliseRestrictions(Object.fromEntries(RESTRICTION_FIELDS.map((f) => [f, input[f]])) as CallRestrictions);
}

const toRow = (input: SeatValues) => ({
  nickname: input.nickname,
  caller_id_name: input.callerIdName,
  caller_id_number: input.callerIdNumber,
  withhold_number: input.withholdNumber,
  emergency_service_cid: input.emergencyServiceCid,
  ring_time: input.ringTime,
  music_on_hold: input.musicOnHold,
  vm_mode: input.vmMode,
  vm_fullname: input.vmFullname,
  vm_email: input.vmEmail,
  // An empty PIN keeps the current one.
  ...(input.vmPin ? { vm_pin: input.vmPin } : {}),
  vm_delete: input.vmDelete,
  vm_advanced_prompt_id: input.vmMode === 2 ? input.vmAdvancedPromptId : null,
  vm_advanced_dest: input.vmMode === 2 ? input.vmAdvancedDest : '',
  cfwd_all: input.cfwdAll,
  cfwd_busy: input.cfwdBusy,
  cfwd_no_answer: input.cfwdNoAnswer,
  cfwd_unavail: input.cfwdUnavail,
  call_recording: input.callRecording,
  restrictions: JSON.stringify(restrictionsOf(input)),
  weekday_times: JSON.stringify(input.weekdayTimes),
  weekend_times: JSON.stringify(input.weekendTimes),
  tps: input.tps,
  ctps: input.ctps,
  channel_limit: input.channelLimit,
  enable_teams: input.enableTeams,
  teams_cli: input.teamsCLI,
  transport: input.transport,
  enable_video: input.enableVideo,
  video_codec: input.videoCodec,
  hd_codec: input.hdCodec,
  keep_on_network: input.keepOnNetwork,
  internal: input.internal,
  acl_id: input.aclId,
  ip_acl: input.ipAcl,
});

const restriction = (field: string): ColumnDef => ({
  sql:
    field === 'internationalPIN'
      ? `coalesce(seats.restrictions->>'${field}', '')`
      : `coalesce((seats.restrictions->>'${field}')::boolean, false)`,
  kind: field === 'internationalPIN' ? 'text' : 'boolean',
});

const columns: Record<keyof z.infer<typeof seatRecord>, ColumnDef> = {
  id: { sql: 'seats.id', kind: 'number' },
  extension: { sql: 'seats.extension', kind: 'number', sortable: true, searchable: true },
  name: { sql: 'seats.name', kind: 'text', searchable: true },
  nickname: { sql: 'seats.nickname', kind: 'text', sortable: true, searchable: true },
  callerIdName: { sql: 'seats.caller_id_name', kind: 'text', sortable: true, searchable: true },
  callerIdNumber: { sql: 'seats.caller_id_number', kind: 'text', sortable: true, searchable: true },
  withholdNumber: { sql: 'seats.withhold_number', kind: 'boolean' },
  emergencyServiceCid: { sql: 'seats.emergency_service_cid', kind: 'text' },
  ringTime: { sql: 'seats.ring_time', kind: 'number' },
  musicOnHold: { sql: 'seats.music_on_hold', kind: 'text' },
  vmMode: { sql: 'seats.vm_mode', kind: 'number', filterable: true },
  vmFullname: { sql: 'seats.vm_fullname', kind: 'text' },
  vmEmail: { sql: 'seats.vm_email', kind: 'text', searchable: true },
  vmPinSet: { sql: "(seats.vm_pin <> '')", kind: 'boolean' },
  vmDelete: { sql: 'seats.vm_delete', kind: 'boolean' },
  vmAdvancedPromptId: { sql: 'seats.vm_advanced_prompt_id', kind: 'number' },
  vmAdvancedDest: { sql: 'seats.vm_advanced_dest', kind: 'text' },
  cfwdAll: { sql: 'seats.cfwd_all', kind: 'text' },
  cfwdBusy: { sql: 'seats.cfwd_busy', kind: 'text' },
  cfwdNoAnswer: { sql: 'seats.cfwd_no_answer', kind: 'text' },
  cfwdUnavail: { sql: 'seats.cfwd_unavail', kind: 'text' },
  callRecording: { sql: 'seats.call_recording', kind: 'number', sortable: true, filterable: true },
  allowUKGeo: restriction('allowUKGeo'),
  allowUKMobile: restriction('allowUKMobile'),
  allowUK118: restriction('allowUK118'),
  allowUKOther: restriction('allowUKOther'),
  allowUKPremium09: restriction('allowUKPremium09'),
  allowUKPremium070: restriction('allowUKPremium070'),
  allowInternational: restriction('allowInternational'),
  allowInternationalHighRisk: restriction('allowInternationalHighRisk'),
  internationalPIN: restriction('internationalPIN'),
  weekdayTimes: { sql: 'seats.weekday_times', kind: 'json' },
  weekendTimes: { sql: 'seats.weekend_times', kind: 'json' },
  tps: { sql: 'seats.tps', kind: 'text' },
  ctps: { sql: 'seats.ctps', kind: 'text' },
  channelLimit: { sql: 'seats.channel_limit', kind: 'number' },
  enableTeams: { sql: 'seats.enable_teams', kind: 'boolean' },
  teamsCLI: { sql: 'seats.teams_cli', kind: 'text' },
  transport: { sql: 'seats.transport', kind: 'text' },
  enableVideo: { sql: 'seats.enable_video', kind: 'boolean' },
  videoCodec: { sql: 'seats.video_codec', kind: 'text' },
  hdCodec: { sql: 'seats.hd_codec', kind: 'boolean' },
  keepOnNetwork: { sql: 'seats.keep_on_network', kind: 'boolean' },
  internal: { sql: 'seats.internal', kind: 'boolean' },
  aclId: { sql: 'seats.acl_id', kind: 'number' },
  ipAcl: { sql: 'seats.ip_acl', kind: 'text' },
  userId: { sql: 'seats.user_id', kind: 'number' },
  status: {
    sql: `(case when ${REGISTERED} then 'Registered' else 'Unregistered' end)`,
    kind: 'text',
    sortable: true,
    filterable: true,
  },
  desktopStatus: { sql: softphoneStatus('desktop'), kind: 'text', filterable: true },
  mobileStatus: { sql: softphoneStatus('mobile'), kind: 'text', filterable: true },
  userAgent: { sql: "coalesce(seat_registrations.user_agent, '')", kind: 'text' },
  ipaddr: { sql: `(case when ${REGISTERED} then seat_registrations.ipaddr else '' end)`, kind: 'text' },
  port: { sql: `(case when ${REGISTERED} then seat_registrations.port end)`, kind: 'number' },
  location: {
    sql: `exists (select 1 from telephone_numbers t where t.account_no = seats.account_no
      and t.number = coalesce(nullif(seats.emergency_service_cid, ''), seats.caller_id_number)
      and t.ems_postcode <> '')`,
    kind: 'boolean',
    sortable: true,
  },
  publicIp: { sql: PUBLIC_IP, kind: 'boolean', sortable: true, filterable: true },
  onNet: { sql: `(${REGISTERED} and not ${PUBLIC_IP})`, kind: 'boolean', sortable: true },
  provisioned: { sql: 'exists (select 1 from seat_devices d where d.seat_id = seats.id)', kind: 'boolean' },
  accountNo: { sql: 'seats.account_no', kind: 'number' },
};

type Current = {
  internal: boolean;
  extension: number;
  channel_limit: number;
  enable_teams: boolean;
  restrictions: CallRestrictions;
  weekday_times: CallTimes;
  weekend_times: CallTimes;
};

async function extensionDigits(db: DB | Transaction<Database>, accountNo: number): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select('extension_digits')
    .where('account_no', '=', accountNo)
    .executeTakeFirst();
  return row?.extension_digits ?? 3;
}

export function registerSeatRoutes(app: FastifyInstance, platform: Platform): void {
  const { db, destinations, references } = platform;
  const teams = platform.providers.teams;
  const r = app.withTypeProvider<ZodTypeProvider>();

  destinations.add({
    type: 'seat',
    list: async (d, accountNo) =>
      (
        await d
          .selectFrom('seats')
          .select(['extension', 'nickname'])
          .where('account_no', '=', accountNo)
          .orderBy('extension')
          .execute()
      ).map((s) => ({ key: String(s.extension), label: seatLabel(s) })),
  });
  const seatName = "seats.extension || case when seats.nickname <> '' then ' - ' || seats.nickname else '' end";
  references.add(
    { kind: 'number', table: 'seats', column: 'caller_id_number', type: 'Seat', name: seatName },
    { kind: 'number', table: 'seats', column: 'emergency_service_cid', type: 'Seat', name: seatName },
    { kind: 'number', table: 'seats', column: 'teams_cli', type: 'Seat', name: seatName },
    // The softphone's outbound CLI list (a jsonb array of numbers).
    { kind: 'number', table: 'seats', column: 'outbound_cli_lists', holds: 'jsonArray', type: 'Seat', name: seatName },
    { kind: 'destination', table: 'seats', column: 'vm_advanced_dest', type: 'Seat', name: seatName },
  );

  /**
   * The database rules of a seat: its numbers are the account's, the voicemail prompt and
   * destination exist, Teams needs the account's Teams tenant, and the provider-admin-only fields
   * and the call-restriction permissions (spec 2 §6) are enforced here, not just in the panel.
   */
  const checkSeat = async (
    trx: Transaction<Database>,
    auth: AuthContext,
    input: SeatValues,
    current: Current | null,
  ): Promise<Record<string, string>> => {
    const before = {
      channelLimit: current?.channel_limit ?? 2,
      internal: current?.internal ?? false,
      ...(current?.restrictions ?? DEFAULT_RESTRICTIONS),
      weekdayTimes: current?.weekday_times ?? DEFAULT_CALL_TIMES,
      weekendTimes: current?.weekend_times ?? DEFAULT_CALL_TIMES,
    };
    const after = {
      channelLimit: input.channelLimit,
      internal: input.internal,
      ...restrictionsOf(input),
      weekdayTimes: input.weekdayTimes,
      weekendTimes: input.weekendTimes,
    };
    const refused = {
      ...adminOnlyChanges(auth, SEAT_ADMIN_FIELDS, before, after),
      ...restrictedOptionChanges(auth, 'seatsCallRestrictions', before, after),
    };
    if (Object.keys(refused).length > 0) {
      const messages = Object.values(refused);
      throw new HttpError(403, messages.length === 1 ? (messages[0] as string) : MESSAGES.multipleErrors, refused);
    }
    const problems: Record<string, string> = {};
    for (const field of ['callerIdNumber', 'emergencyServiceCid', 'teamsCLI'] as const) {
      const number = input[field];
      if (number === '') continue;
      const own = await trx
        .selectFrom('telephone_numbers')
        .select('id')
        .where('account_no', '=', auth.accountNo)
        .where('number', '=', number)
        .executeTakeFirst();
      if (!own) problems[field] = SEAT_MESSAGES.notAccountNumber;
    }
    Object.assign(
      problems,
      await teamsSwitchProblems(input.enableTeams, current?.enable_teams ?? false, () =>
        teams.accountExists(auth.accountNo, trx),
      ),
    );
    if (input.aclId !== null) {
      const list = await trx
        .selectFrom('access_lists')
        .select('id')
        .where('id', '=', input.aclId)
        .where('account_no', '=', auth.accountNo)
        .executeTakeFirst();
      if (!list) problems.aclId = MESSAGES.selectOption;
    }
    if (input.vmMode === 2) {
      if (input.vmAdvancedPromptId !== null && !(await usablePrompt(trx, auth.accountNo, input.vmAdvancedPromptId))) {
        problems.vmAdvancedPromptId = MESSAGES.recordNotFound;
      }
      if (current && input.vmAdvancedDest === destinationValue('seat', current.extension)) {
        problems.vmAdvancedDest = MESSAGES.selectOption;
      } else {
        Object.assign(problems, await destinations.check(trx, auth.accountNo, 'vmAdvancedDest', input.vmAdvancedDest));
      }
    }
    return problems;
  };

  registerResource(app, platform, {
    path: '/seat',
    table: 'seats',
    tag: 'seats',
    permission: 'seats',
    record: seatRecord,
    input: seatInput,
    from: (q) =>
      q.leftJoin('seat_registrations', (j) =>
        j.onRef('seat_registrations.seat_id', '=', 'seats.id').on('seat_registrations.kind', '=', 'desk'),
      ),
    columns,
    defaultSort: { field: 'extension', direction: 'asc' },
    saveByPost: true,
    // The spec's seat body (callerId 'Name <number>', options {...}, email, vmEnable / vmAdvanced,
    // twinSeat) is accepted on create and save as well as ours.
    bodyFrom: fromSpecSeatBody,
    toRow,
    create: {
      input: seatCreateInput,
      toRow: (input, auth) => {
        const values = input as SeatCreateValues;
        return {
          ...toRow(values),
          extension: values.extension,
          name: `${auth.accountNo}*${values.extension}`,
          secret: newSecret(),
          unique_string: newSecret(32),
        };
      },
    },
    // (The softphone user's username index, users_username_uq, is translated by createUser.)
    uniqueViolations: {
      seats_extension_uq: { field: 'extension', message: SEAT_MESSAGES.inUse },
      seats_name_key: { field: 'extension', message: SEAT_MESSAGES.inUse },
    },
    secrets: {
      fields: ['internationalPIN'],
      maySee: (auth) => mayKnowInternationalPin(auth, 'seats', 'seatsCallRestrictions'),
    },
    label: (input) => (input as { nickname: string }).nickname || 'Seat',
    destination: { type: 'seat', key: (s) => String(s.extension) },
    check: async ({ trx, auth, id }, input) => {
      if (id === undefined) {
        const values = input as SeatCreateValues;
        if (values.softphoneUser && !maySoftphoneUser(auth)) {
          throw new HttpError(403, SEAT_MESSAGES.softphoneUserForbidden, {
            softphoneUser: SEAT_MESSAGES.softphoneUserForbidden,
          });
        }
        const { min, max } = seatExtensionRange(await extensionDigits(trx, auth.accountNo));
        if (!(values.extension >= min && values.extension <= max)) return { extension: SEAT_MESSAGES.invalidNumber };
        const taken = await trx
          .selectFrom('seats')
          .select('id')
          .where('account_no', '=', auth.accountNo)
          .where('extension', '=', values.extension)
          .executeTakeFirst();
        if (taken) return { extension: SEAT_MESSAGES.inUse };
        return checkSeat(trx, auth, values, null);
      }
      const current = (await trx
        .selectFrom('seats')
        .select([
          'internal',
          'extension',
          'channel_limit',
          'enable_teams',
          'restrictions',
          'weekday_times',
          'weekend_times',
        ])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()) as Current;
      return checkSeat(trx, auth, input, current);
    },
    // A softphone seat: the control-panel user (with the spec's two grants) in the same transaction.
    afterCreate: async ({ trx, auth, id }, input) => {
      const user = (input as SeatCreateValues).softphoneUser;
      if (!user) return;
      const userId = await createUser(
        trx,
        auth,
        { ...user, accountNo: auth.accountNo, enabled: true, saveUserPermissions: true },
        '',
        'softphoneUser.username',
      );
      await trx.updateTable('seats').set({ user_id: userId }).where('id', '=', id).execute();
    },
  });

  // The next free extension within the account's digit range (after the highest in use).
  r.get(
    '/seat/:account/next',
    {
      schema: {
        tags,
        params: z.object({ account: recordId() }),
        response: { 200: z.object({ extension: z.number().nullable() }) },
      },
    },
    async (request) => {
      const auth = requirePermission(request, { resource: 'seats', action: 'read' });
      if (request.params.account !== auth.accountNo) throw notFound();
      const { min, max } = seatExtensionRange(await extensionDigits(db, auth.accountNo));
      const used = new Set(
        (await db.selectFrom('seats').select('extension').where('account_no', '=', auth.accountNo).execute()).map(
          (s) => s.extension,
        ),
      );
      const inRange = [...used].filter((n) => n >= min && n <= max);
      const after = inRange.length === 0 ? min : Math.max(...inRange) + 1;
      if (after <= max && !used.has(after)) return { extension: after };
      for (let n = min; n <= max; n++) if (!used.has(n)) return { extension: n };
      return { extension: null };
    },
  );

  // Bulk add by range: the account's range and every number checked first, all created in one go.
  r.post(
    '/seat/range',
    {
      schema: {
        tags,
        body: z.record(z.string(), z.unknown()),
        response: {
          200: z.object({
            success: z.boolean(),
            message: z.string(),
            results: z.array(
              z.object({ extension: z.number(), success: z.boolean(), message: z.string(), id: z.number() }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const auth = requirePermission(request, { resource: 'seats', action: 'create' });
      const digits = await extensionDigits(db, auth.accountNo);
      const parsed = seatRange(digits).safeParse(request.body);
      if (!parsed.success) {
        throw validationError(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      }
      const range = parsed.data;
      const numbers = rangeNumbers(range);
      const results = await db
        .transaction()
        .execute(async (trx) => {
          const clashes = await trx
            .selectFrom('seats')
            .select('extension')
            .where('account_no', '=', auth.accountNo)
            .where('extension', 'in', numbers)
            .execute();
          if (clashes.length > 0) {
            throw validationError({ from: numbers.length === 1 ? SEAT_MESSAGES.inUse : SEAT_MESSAGES.rangeInUse });
          }
          const defaults = seatInput.parse({ nickname: range.nickname });
          const rows = await trx
            .insertInto('seats')
            .values(
              numbers.map((extension) => ({
                ...toRow(defaults),
                account_no: auth.accountNo,
                extension,
                name: `${auth.accountNo}*${extension}`,
                secret: newSecret(),
                unique_string: newSecret(32),
              })),
            )
            .returning(['id', 'extension'])
            .execute();
          return rows.map((s) => ({
            id: s.id,
            extension: s.extension,
            success: true,
            message: `Seat ${seatLabel({ extension: s.extension, nickname: range.nickname })} ${MESSAGES.createdSuccessfully}`,
          }));
        })
        .catch((error: { code?: string }) => {
          if (error.code === '23505') throw validationError({ from: SEAT_MESSAGES.rangeInUse });
          throw error;
        });
      return { success: true, message: MESSAGES.createdSuccessfully, results };
    },
  );

  registerSipCredentialRoutes(app, db, {
    path: '/seat',
    table: 'seats',
    registrations: { table: 'seat_registrations', key: 'seat_id' },
    resource: 'seats',
    tags,
    resetMessage: SEAT_MESSAGES.passwordReset,
  });

  registerSeatSettingRoutes(app, platform);
}
