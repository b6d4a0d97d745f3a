/**
 * A seat's further settings (spec 2 §7 "Seats"): provisioned devices (lock, unlock,
 * re-initialise, LDAP password), softphones, the emergency location and the addresses the seats
 * register from. (Its voicemail box's settings are the voicemail area's: /voicemail/{mailbox}/settings.)
 */
import {
  emsFields,
  MESSAGES,
  PROVISIONING_LOCK_MINUTES,
  SEAT_MESSAGES,
  type Seat,
  type SeatDevice,
  type SeatLocation,
  type SeatSoftphone,
  seatLabel,
  seatRoutes,
  seatSoftphoneFields,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { declaredFields } from '../../platform/declared-fields.ts';
import { notFound, validationError } from '../../platform/errors.ts';
import { field, fieldMap, rowFrom, shownTo, visibleTo } from '../../platform/fields.ts';
import { publicIpSql } from '../../platform/ip-sql.ts';
import { selectRecords } from '../../platform/list.ts';
import type { Platform } from '../../platform/platform.ts';
import { assertVersion, type ResourceHandle } from '../../platform/resources.ts';
import { tenantRoute } from '../../platform/routes.ts';
import { newSecret } from '../../platform/secrets.ts';
import type { Tx } from '../../platform/tenancy.ts';

const LOCK_AFTER = `interval '${PROVISIONING_LOCK_MINUTES} minutes'`;
/** A device is locked once it checked in, or 15 minutes after an unlock. */
const LOCKED = `(seat_devices.locked or seat_devices.unlocked_at is null or seat_devices.unlocked_at + ${LOCK_AFTER} <= now())`;
const iso = (at: string) => `to_char((${at}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A seat's devices; the LDAP password only for a user who may update the seat (it unlocks the directory). */
const deviceFields = fieldMap<SeatDevice>('seat_devices', {
  id: field.id(),
  make: field.text('make'),
  model: field.text('model'),
  macAddress: field.text('mac_address'),
  initialised: field.boolean('initialised'),
  lastCheckin: field.computed(iso('seat_devices.last_checkin'), 'text'),
  locked: field.computed(LOCKED, 'boolean'),
  locksAt: field.computed(
    `(case when not ${LOCKED} then ${iso(`seat_devices.unlocked_at + ${LOCK_AFTER}`)} end)`,
    'text',
  ),
  ldapPassword: field.text('ldap_password', { secret: visibleTo('seats', 'update') }),
});

/** The numbers with an emergency address a seat can take as its location. */
const { premises, thoroughfare, locality, postcode } = declaredFields(emsFields, { prefix: 'ems_' });
const locationFields = fieldMap<SeatLocation>('telephone_numbers', {
  ...{ premises, thoroughfare, locality, postcode },
  updatePending: field.boolean('ems_update_pending'),
  id: field.id(),
  number: field.text('number'),
  name: field.computed("coalesce(nullif(telephone_numbers.ems_name, ''), telephone_numbers.nickname)", 'text'),
});

/** A seat's softphone settings, its mobile app's code and its softphone user (seats joined to users). */
type SoftphoneSettings = Omit<SeatSoftphone, 'desktopStatus' | 'mobileStatus'>;
const softphoneFields = fieldMap<SoftphoneSettings>('seats', {
  ...declaredFields(seatSoftphoneFields),
  // The lists given to the seat (migration 093), by id.
  outboundCLILists: field.computed(
    `coalesce((select jsonb_agg(l.outbound_cli_id order by l.outbound_cli_id) from seat_outbound_clis l
      where l.seat_id = seats.id), '[]'::jsonb)`,
    'json',
  ),
  version: field.version(),
  uniqueString: field.text('unique_string'),
  enabled: field.computed('(seats.user_id is not null)', 'boolean'),
  username: field.computed('users.username', 'text'),
});

/** The seats resource, as its further routes take it. */
// biome-ignore lint/suspicious/noExplicitAny: the seats resource (its schemas are the domain's).
export type SeatsHandle = ResourceHandle<Seat, any, any>;

export function registerSeatSettingRoutes(api: FastifyInstance, platform: Platform, seats: SeatsHandle): void {
  registerProvisioningRoutes(api, platform, seats);
  registerSoftphoneRoutes(api, platform, seats);
  registerLocationRoutes(api, platform, seats);
}

/** A seat's provisioned devices: the list, and lock, unlock, re-initialise and LDAP password. */
function registerProvisioningRoutes(api: FastifyInstance, platform: Platform, seats: SeatsHandle): void {
  const read = seats.rules('read');
  const update = seats.rules('update');
  tenantRoute(api, platform, seatRoutes.devices, {
    allow: read,
    handler: async ({ db, auth }, { params }) => {
      await seats.read(db, params.id);
      const devices = db.selectFrom('seat_devices').where('seat_id', '=', params.id).orderBy('id');
      return { records: shownTo(deviceFields, auth, await selectRecords(devices, deviceFields)) };
    },
  });

  // Unlock: the device may fetch its configuration (with the seat's credentials) for 15 minutes.
  // Re-Initialise: new security details; the device is provisioned afresh at its next check-in.
  // LDAP: a new directory password.
  const deviceActions = [
    {
      route: seatRoutes.unlockDevice,
      kind: 'device.unlock',
      change: () => ({ locked: false, unlocked_at: new Date() }),
      message: SEAT_MESSAGES.unlocked,
    },
    {
      route: seatRoutes.reinitDevice,
      kind: 'device.reinit',
      change: () => ({ initialised: false, locked: false, unlocked_at: new Date(), ldap_password: newSecret(16) }),
      message: SEAT_MESSAGES.reinitialised,
    },
    {
      route: seatRoutes.regenerateLdapPassword,
      kind: 'device.ldap.regenerate',
      change: () => ({ ldap_password: newSecret(16) }),
      message: SEAT_MESSAGES.ldapReset,
    },
  ] as const;
  for (const action of deviceActions) {
    tenantRoute(api, platform, action.route, {
      allow: update,
      handler: async (ctx, { params, body }) => {
        // The device is named in the path (unlock) or in the body (the spec's other two calls).
        const { id, deviceId } = { ...params, ...(body as object | undefined) } as { id: number; deviceId: number };
        const device = await ctx.db
          .updateTable('seat_devices')
          .set(action.change())
          .where('id', '=', deviceId)
          .where('seat_id', '=', id)
          .returning('mac_address')
          .executeTakeFirst();
        if (!device) throw notFound();
        await ctx.emit({ area: 'seats', recordId: id, kind: action.kind, after: { device: device.mac_address } });
        return { success: true, message: action.message };
      },
    });
  }
}

/** A seat's softphones: their settings, read and saved. */
function registerSoftphoneRoutes(api: FastifyInstance, platform: Platform, seats: SeatsHandle): void {
  const read = seats.rules('read');
  const update = seats.rules('update');
  tenantRoute(api, platform, seatRoutes.softphone, {
    allow: [...read, { resource: 'softphone', action: 'read' }],
    handler: async ({ db }, { params }) => {
      const { desktopStatus, mobileStatus } = await seats.read(db, params.id);
      const phone = db
        .selectFrom('seats')
        .leftJoin('users', 'users.id', 'seats.user_id')
        .where('seats.id', '=', params.id);
      const [settings] = await selectRecords<SoftphoneSettings>(phone, softphoneFields);
      if (!settings) throw notFound();
      return { ...settings, desktopStatus, mobileStatus };
    },
  });

  tenantRoute(api, platform, seatRoutes.saveSoftphone, {
    allow: [...update, { resource: 'softphone', action: 'update' }],
    handler: async (ctx, { params, body }) => {
      const { db } = ctx;
      const id = params.id;
      await seats.lock(db, id);
      const before = await seats.read(db, id);
      // The settings are the seat's: a save based on an older seat is refused (If-Match).
      assertVersion(ctx, before);
      const lists = [...new Set(body.outboundCLILists)];
      const after = { ...body, outboundCLILists: lists };
      const { outboundCLILists: _, ...settings } = after;
      await db
        .updateTable('seats')
        .set(rowFrom(softphoneFields, settings, { create: false }))
        .where('id', '=', id)
        .execute();
      await giveOutboundClis(db, id, lists);
      await ctx.emit({ area: 'seats', recordId: id, kind: 'softphone.update', after });
      return { success: true, message: MESSAGES.updated(seatLabel(before)), id };
    },
  });
}

/**
 * The outbound CLI lists given to seat `id`, replacing those it had; each must be one of the
 * account's lists (the row's key carries the account: another's is refused there too).
 */
async function giveOutboundClis(db: Tx, id: number, lists: number[]): Promise<void> {
  if (lists.length > 0) {
    const own = await db.selectFrom('outbound_clis').select('id').where('id', 'in', lists).execute();
    if (own.length < lists.length) throw validationError({ outboundCLILists: MESSAGES.recordNotFound });
  }
  await db.deleteFrom('seat_outbound_clis').where('seat_id', '=', id).execute();
  if (lists.length === 0) return;
  await db
    .insertInto('seat_outbound_clis')
    .values(lists.map((list) => ({ account_no: sql<number>`app_account_no()`, seat_id: id, outbound_cli_id: list })))
    .execute();
}

/** The emergency locations a seat may choose, its own, and the account's distinct public addresses. */
function registerLocationRoutes(api: FastifyInstance, platform: Platform, seats: SeatsHandle): void {
  const read = seats.rules('read');
  const locations = (tx: Tx) => tx.selectFrom('telephone_numbers').where('ems_postcode', '<>', '');

  tenantRoute(api, platform, seatRoutes.locations, {
    allow: read,
    handler: async ({ db }) => ({ records: await selectRecords(locations(db).orderBy('number'), locationFields) }),
  });

  tenantRoute(api, platform, seatRoutes.location, {
    allow: read,
    handler: async ({ db }, { params }) => {
      const seat = await seats.read(db, params.id);
      const number = seat.emergencyServiceCid || seat.callerIdNumber;
      if (!number) return { location: null };
      const [location] = await selectRecords(locations(db).where('number', '=', number), locationFields);
      return { location: location ?? null };
    },
  });

  tenantRoute(api, platform, seatRoutes.uniqueIps, {
    allow: read,
    handler: async ({ db }) => {
      const rows = await sql<{ ip: string }>`
        select distinct r.ipaddr as ip from seat_registrations r
        where r.registered and ${sql.raw(publicIpSql('r.ipaddr'))}
        order by 1`.execute(db);
      return { records: rows.rows };
    },
  });
}
