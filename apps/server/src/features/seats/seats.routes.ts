/**
 * Seats (spec 2 §2, §3, §5, §7 "Seats"): the /seat resource (list with status from the
 * registrations, read, create, save by PUT or the spec's POST /seat/{id}, delete), the next free
 * extension, the bulk range add, and the SIP secret (shown on request, reset).
 */
import {
  DEFAULT_CALL_OPTIONS,
  destinationValue,
  fromSpecSeatBody,
  MESSAGES,
  maySoftphoneUser,
  normaliseRestrictions,
  SEAT_ADMIN_FIELDS,
  SEAT_MESSAGES,
  type Seat,
  type SeatCreateValues,
  type SeatValues,
  seatExtensionRange,
  seatFields,
  seatInput,
  seatLabel,
  seatRange,
  seatRoutes,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { callOptionFields, deviceStatusFields, sipCredentials } from '../../modules/endpoints/index.ts';
import { createUser } from '../../modules/identity/index.ts';
import { declaredFields } from '../../platform/declared-fields.ts';
import { fromZodError, HttpError, notFound } from '../../platform/errors.ts';
import { field, fieldMap, versionedFields } from '../../platform/fields.ts';
import { numberedResource } from '../../platform/numbered.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Validator } from '../../platform/resources.ts';
import type { Ctx } from '../../platform/routes.ts';
import { newSecret } from '../../platform/secrets.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { adminOnly, ownNumbers, ownRow, restricted, teamsSwitch, usablePrompt } from '../../platform/validators.ts';
import { registerSeatSettingRoutes, type SeatsHandle } from './seats.settings.ts';

/**
 * The desk phone's and the softphones' status, the public IP and the network are kept on the seat by
 * the database from its registrations (migration 053), and its location from its numbers (057), so
 * the list filters and sorts by them through indexes; a registration counts until the expiry job sees
 * its expiry pass.
 */
const REGISTERED = "(seats.desk_status = 'Registered')";
/** The address the desk phone registers from (NULL while it is not registered). */
const ADDRESS = `(case when ${REGISTERED} then seat_registrations.ipaddr end)`;
/** A seat's name where it is used or routed to; stored as `destination_label` too (migration 056). */
export const SEAT_NAME = "seats.extension || case when seats.nickname <> '' then ' - ' || seats.nickname else '' end";

const fields = fieldMap<Seat, 'vmPin'>('seats', {
  ...versionedFields,
  extension: field.number('extension', { sortable: true, searchable: true, createOnly: true }),
  name: field.text('name', { searchable: true, createOnly: true }),
  ...declaredFields(seatFields),
  vmPinSet: field.computed("(seats.vm_pin <> '')", 'boolean'),
  ...callOptionFields('seats', 'seatsCallRestrictions'),
  userId: field.ref('user_id', 'users'),
  status: field.computed('seats.desk_status', 'text', { sortable: true, filterable: true }),
  desktopStatus: field.computed('seats.desktop_status', 'text', { filterable: true }),
  mobileStatus: field.computed('seats.mobile_status', 'text', { filterable: true }),
  userAgent: field.computed("coalesce(seat_registrations.user_agent, '')", 'text'),
  ipaddr: field.computed(`coalesce(${ADDRESS}, '')`, 'text'),
  port: field.computed(`(case when ${REGISTERED} then seat_registrations.port end)`, 'number'),
  // Kept by the database: the location from the seat's location number (its emergency CLI, or its
  // caller ID when none is set) and the account's numbers (migration 057).
  ...deviceStatusFields({ location: 'seats.located', publicIp: 'seats.public_ip', onNet: 'seats.on_net' }),
  provisioned: field.computed('exists (select 1 from seat_devices d where d.seat_id = seats.id)', 'boolean'),
  accountNo: field.number('account_no'),
});

/** The list's field map (its sortable and filterable columns are indexed). */
export const seatLists = [fields];

/** The account's extension length (3, 4 or 5 digits). */
export async function extensionDigits(tx: Tx): Promise<number> {
  const row = await tx.selectFrom('accounts').select('extension_digits').executeTakeFirst();
  return row?.extension_digits ?? 3;
}

/**
 * What the seat's values mean when stored: the PIN guards international calls and goes when they
 * are barred; the advanced voicemail prompt and destination only exist in advanced mode.
 */
function prepare<V extends SeatValues>(values: V): V {
  return {
    ...normaliseRestrictions(values),
    vmAdvancedPromptId: values.vmMode === 2 ? values.vmAdvancedPromptId : null,
    vmAdvancedDest: values.vmMode === 2 ? values.vmAdvancedDest : '',
  };
}

/** A new seat: within the account's range, and as a softphone user only with the right (spec 2 §2). */
const newSeat: Validator<SeatCreateValues> = async ({ db, auth, values }) => {
  if (values.softphoneUser && !maySoftphoneUser(auth)) {
    throw new HttpError(403, SEAT_MESSAGES.softphoneUserForbidden, {
      softphoneUser: SEAT_MESSAGES.softphoneUserForbidden,
    });
  }
  const { min, max } = seatExtensionRange(await extensionDigits(db));
  return values.extension >= min && values.extension <= max ? undefined : { extension: SEAT_MESSAGES.invalidNumber };
};

/** Voicemail turned off while something routes to it ('voicemail:201') is refused, naming each use. */
const voicemailInUse: Validator<SeatValues, Seat> = async ({ db, platform, current, values }) => {
  if (!current || current.vmMode === 0 || values.vmMode !== 0) return undefined;
  const uses = await platform.references.usages(db, 'destination', destinationValue('voicemail', current.extension));
  return uses.length > 0 ? { vmMode: uses.map((u) => MESSAGES.inUseIn(u.type, u.name)).join('\n') } : undefined;
};

const CALL_OPTION_DEFAULTS = { channelLimit: 2, internal: false, ...DEFAULT_CALL_OPTIONS };

/** A softphone seat: the control-panel user (with the spec's two grants) in the same transaction. */
async function createSoftphoneUser(ctx: Ctx, id: number, values: SeatCreateValues): Promise<void> {
  const user = values.softphoneUser;
  if (!user) return;
  const userId = await createUser(ctx, { ...user, enabled: true, saveUserPermissions: true }, 'softphoneUser.username');
  await ctx.db.updateTable('seats').set({ user_id: userId }).where('id', '=', id).execute();
}

export function registerSeatRoutes(api: FastifyInstance, platform: Platform): void {
  const seats = numberedResource(api, platform, {
    area: 'seats',
    routes: seatRoutes,
    table: 'seats',
    permission: 'seats',
    fields,
    from: (q) =>
      // The desk phone's registration (its user agent, address and port); the statuses are the seat's.
      q.leftJoin('seat_registrations', (j) =>
        j.onRef('seat_registrations.seat_id', '=', 'seats.id').on('seat_registrations.kind', '=', 'desk'),
      ),
    label: (s) => s.nickname || `Seat ${s.extension}`,
    // The spec's seat body (callerId 'Name <number>', options {...}, email, vmEnable / vmAdvanced,
    // twinSeat) is accepted on create and save as well as ours.
    mapBody: fromSpecSeatBody,
    prepare,
    validateCreate: [newSeat],
    validate: [
      adminOnly(SEAT_ADMIN_FIELDS, CALL_OPTION_DEFAULTS),
      restricted('seatsCallRestrictions', CALL_OPTION_DEFAULTS),
      ownNumbers(['callerIdNumber', 'emergencyServiceCid', 'teamsCLI'], SEAT_MESSAGES.notAccountNumber),
      teamsSwitch,
      ownRow('aclId', 'access_lists'),
      ownRow('musicOnHold', 'music_on_hold'),
      // The advanced voicemail's prompt and destination (both empty unless advanced: prepare).
      usablePrompt('vmAdvancedPromptId'),
      voicemailInUse,
    ],
    createColumns: (values, auth) => ({
      name: `${auth.accountNo}*${values.extension}`,
      secret: newSecret(),
      unique_string: newSecret(32),
    }),
    afterCreate: createSoftphoneUser,
    // (The softphone user's username index, users_account_username_uq, is translated by createUser.)
    uniqueViolations: { seats_name_key: { field: 'extension', message: SEAT_MESSAGES.inUse } },
    number: {
      field: 'extension',
      kind: 'seat',
      name: SEAT_NAME,
      unique: 'seats_extension_uq',
      routesTo: { fields: ['vmAdvancedDest'], self: MESSAGES.selectOption },
      // The name, stored and indexed (a picker's search reads its index).
      indexedText: { column: 'destination_label', literals: [] },
      // A seat's voicemail, while it has one: routed to directly (straight to the mailbox).
      also: [
        {
          type: 'voicemail',
          source: {
            key: 'seats.extension',
            numericKey: true,
            label: `'Voicemail ' || ${SEAT_NAME}`,
            where: 'seats.vm_mode > 0',
            indexedText: { column: 'destination_label', literals: ['Voicemail '] },
          },
        },
      ],
      bounds: async (ctx) => seatExtensionRange(await extensionDigits(ctx.db)),
      messages: SEAT_MESSAGES,
      // The spec's path names the account, which must be the caller's.
      checkNext: (ctx, params) => {
        if ((params as { account: number }).account !== ctx.auth.accountNo) throw notFound();
      },
      range: {
        parse: async (ctx, body) => {
          const parsed = seatRange(await extensionDigits(ctx.db)).safeParse(body);
          if (!parsed.success) throw fromZodError(parsed.error);
          return parsed.data;
        },
        values: (range) => ({ ...seatInput.parse({ nickname: range.nickname }), ipAcl: 'GB' as const }),
        label: (s) => `Seat ${seatLabel(s)}`,
      },
    },
  });

  registerSeatExtras(api, platform, seats);
}

/** What a seat holds beyond its resource: its outbound CLI lists, its SIP credentials, its settings' tabs. */
function registerSeatExtras(api: FastifyInstance, platform: Platform, seats: SeatsHandle): void {
  // The softphone's outbound CLI lists (rows of seat_outbound_clis, saved on the softphone tab).
  platform.references.add({
    kind: 'row:outbound_clis',
    table: 'seat_outbound_clis',
    column: 'outbound_cli_id',
    type: 'Seat',
    name: `(select ${SEAT_NAME} from seats where seats.id = seat_outbound_clis.seat_id)`,
    link: `'/seats/' || seat_outbound_clis.seat_id`,
  });

  sipCredentials(api, platform, {
    routes: seatRoutes,
    resource: seats,
    registrations: { table: 'seat_registrations', key: 'seat_id' },
    resetMessage: SEAT_MESSAGES.passwordReset,
  });

  registerSeatSettingRoutes(api, platform, seats);
}
