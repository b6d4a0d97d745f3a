/**
 * Seats (spec 2 §2, §3, §5, §7 "Seats"): the /seat resource (list with status from the
 * registrations, read, create, save by PUT or the spec's POST /seat/{id}, delete), the next free
 * extension, the bulk range add, and the SIP secret (shown on request, reset).
 */
import {
  destinationValue,
  idParam,
  isProviderAdmin,
  MESSAGES,
  rangeNumbers,
  SEAT_MESSAGES,
  type SeatValues,
  seatExtensionRange,
  seatInput,
  seatLabel,
  seatRange,
  seatRecord,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { type AuthContext, requirePermission } from '../../platform/auth.ts';
import { HttpError, notFound, validationError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { type ColumnDef, registerResource } from '../../platform/resource.ts';
import { newSecret } from '../../platform/secrets.ts';
import { usablePrompt } from '../prompts/prompts.routes.ts';

const tags = ['seats'];
const PRIVATE_RANGES = "array['10.0.0.0/8','172.16.0.0/12','192.168.0.0/16','127.0.0.0/8','100.64.0.0/10']::inet[]";
const REGISTERED = '(seat_registrations.expires_at is not null and seat_registrations.expires_at > now())';
const PUBLIC_IP = `(${REGISTERED} and not (seat_registrations.ipaddr::inet <<= any(${PRIVATE_RANGES})))`;

const toRow = (input: SeatValues) => ({
  nickname: input.nickname,
  caller_id_name: input.callerIdName,
  caller_id_number: input.callerIdNumber,
  withhold_number: input.withholdNumber,
  emergency_service_cid: input.emergencyServiceCid,
  ring_time: input.ringTime,
  music_on_hold: input.musicOnHold,
  vm_mode: input.vmMode,
  vm_email: input.vmEmail,
  vm_advanced_prompt_id: input.vmMode === 2 ? input.vmAdvancedPromptId : null,
  vm_advanced_dest: input.vmMode === 2 ? input.vmAdvancedDest : '',
  cfwd_all: input.cfwdAll,
  cfwd_busy: input.cfwdBusy,
  cfwd_no_answer: input.cfwdNoAnswer,
  cfwd_unavail: input.cfwdUnavail,
  call_recording: input.callRecording,
  transport: input.transport,
  enable_video: input.enableVideo,
  video_codec: input.videoCodec,
  hd_codec: input.hdCodec,
  keep_on_network: input.keepOnNetwork,
  internal: input.internal,
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
  vmEmail: { sql: 'seats.vm_email', kind: 'text', searchable: true },
  vmAdvancedPromptId: { sql: 'seats.vm_advanced_prompt_id', kind: 'number' },
  vmAdvancedDest: { sql: 'seats.vm_advanced_dest', kind: 'text' },
  cfwdAll: { sql: 'seats.cfwd_all', kind: 'text' },
  cfwdBusy: { sql: 'seats.cfwd_busy', kind: 'text' },
  cfwdNoAnswer: { sql: 'seats.cfwd_no_answer', kind: 'text' },
  cfwdUnavail: { sql: 'seats.cfwd_unavail', kind: 'text' },
  callRecording: { sql: 'seats.call_recording', kind: 'number', sortable: true, filterable: true },
  transport: { sql: 'seats.transport', kind: 'text' },
  enableVideo: { sql: 'seats.enable_video', kind: 'boolean' },
  videoCodec: { sql: 'seats.video_codec', kind: 'text' },
  hdCodec: { sql: 'seats.hd_codec', kind: 'boolean' },
  keepOnNetwork: { sql: 'seats.keep_on_network', kind: 'boolean' },
  internal: { sql: 'seats.internal', kind: 'boolean' },
  status: {
    sql: `(case when ${REGISTERED} then 'Registered' else 'Unregistered' end)`,
    kind: 'text',
    sortable: true,
    filterable: true,
  },
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
  accountNo: { sql: 'seats.account_no', kind: 'number' },
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
    { kind: 'destination', table: 'seats', column: 'vm_advanced_dest', type: 'Seat', name: seatName },
  );

  /** The numbers a seat may present: the account's own telephone numbers. */
  const checkSeat = async (
    trx: Transaction<Database>,
    auth: AuthContext,
    input: SeatValues,
    current: { internal: boolean; extension: number } | null,
  ): Promise<Record<string, string>> => {
    const problems: Record<string, string> = {};
    for (const field of ['callerIdNumber', 'emergencyServiceCid'] as const) {
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
    if (input.vmMode === 2) {
      if (input.vmAdvancedPromptId !== null && !(await usablePrompt(trx, auth.accountNo, input.vmAdvancedPromptId))) {
        problems.vmAdvancedPromptId = MESSAGES.recordNotFound;
      }
      if (current && input.vmAdvancedDest === destinationValue('seat', current.extension)) {
        problems.vmAdvancedDest = 'Please select an option';
      } else {
        Object.assign(problems, await destinations.check(trx, auth.accountNo, 'vmAdvancedDest', input.vmAdvancedDest));
      }
    }
    // The Internal Seat switch is the provider's: others may not change it.
    if (!isProviderAdmin(auth) && input.internal !== (current?.internal ?? false)) {
      throw new HttpError(403, 'Only a provider administrator can change the Internal Seat setting');
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
    from: (q) => q.leftJoin('seat_registrations', 'seat_registrations.seat_id', 'seats.id'),
    columns,
    defaultSort: { field: 'extension', direction: 'asc' },
    toRow,
    create: {
      input: seatInput.extend({ extension: z.coerce.number({ error: SEAT_MESSAGES.invalidNumber }).int() }),
      toRow: (input, auth) => ({
        ...toRow(input as SeatValues),
        extension: input.extension,
        name: `${auth.accountNo}*${input.extension}`,
        secret: newSecret(),
      }),
    },
    uniqueViolations: {
      seats_extension_uq: { field: 'extension', message: SEAT_MESSAGES.inUse },
      seats_name_key: { field: 'extension', message: SEAT_MESSAGES.inUse },
    },
    label: (input) => (input as { nickname: string }).nickname || 'Seat',
    destination: { type: 'seat', key: (s) => String(s.extension) },
    check: async ({ trx, auth, id }, input) => {
      if (id === undefined) {
        const extension = (input as SeatValues & { extension: number }).extension;
        const { min, max } = seatExtensionRange(await extensionDigits(trx, auth.accountNo));
        if (!(extension >= min && extension <= max)) return { extension: SEAT_MESSAGES.invalidNumber };
        const taken = await trx
          .selectFrom('seats')
          .select('id')
          .where('account_no', '=', auth.accountNo)
          .where('extension', '=', extension)
          .executeTakeFirst();
        if (taken) return { extension: SEAT_MESSAGES.inUse };
        return checkSeat(trx, auth, input, null);
      }
      const current = await trx
        .selectFrom('seats')
        .select(['internal', 'extension'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return checkSeat(trx, auth, input, current);
    },
  });

  // The spec saves a seat with POST /seat/{id}: the same as PUT.
  r.post('/seat/:id', { schema: { tags, params: idParam, body: seatInput } }, async (request, reply) => {
    const { 'content-length': _length, ...headers } = request.headers;
    const res = await app.inject({ method: 'PUT', url: request.url, headers, payload: request.body });
    return reply.code(res.statusCode).type('application/json').send(res.body);
  });

  // The next free extension within the account's digit range (after the highest in use).
  r.get(
    '/seat/:account/next',
    {
      schema: {
        tags,
        params: z.object({ account: z.coerce.number().int() }),
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

  const ownSeat = async (accountNo: number, id: number) => {
    const seat = await db
      .selectFrom('seats')
      .select(['id', 'name', 'secret'])
      .where('id', '=', id)
      .where('account_no', '=', accountNo)
      .executeTakeFirst();
    if (!seat) throw notFound();
    return seat;
  };

  // The SIP credentials, shown once on request (never in lists or reads).
  r.get(
    '/seat/:id/password',
    {
      schema: { tags, params: idParam, response: { 200: z.object({ username: z.string(), secret: z.string() }) } },
    },
    async (request) => {
      const auth = requirePermission(request, { resource: 'seats', action: 'update' });
      const seat = await ownSeat(auth.accountNo, request.params.id);
      return { username: seat.name, secret: seat.secret };
    },
  );

  r.get(
    '/seat/:id/password/reset',
    {
      schema: {
        tags,
        params: idParam,
        response: { 200: z.object({ success: z.boolean(), message: z.string(), secret: z.string() }) },
      },
    },
    async (request) => {
      const auth = requirePermission(request, { resource: 'seats', action: 'update' });
      await ownSeat(auth.accountNo, request.params.id);
      const secret = newSecret();
      await db
        .updateTable('seats')
        .set({ secret })
        .where('id', '=', request.params.id)
        .where('account_no', '=', auth.accountNo)
        .execute();
      // The phone must register again with the new secret.
      await db.deleteFrom('seat_registrations').where('seat_id', '=', request.params.id).execute();
      return { success: true, message: SEAT_MESSAGES.passwordReset, secret };
    },
  );
}
