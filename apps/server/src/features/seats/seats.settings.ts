/**
 * A seat's further settings (spec 2 §7 "Seats"): provisioned devices (lock, unlock,
 * re-initialise, LDAP password), softphones, the voicemail box, the emergency location and the
 * addresses the seats register from.
 */
import {
  can,
  MESSAGES,
  PROVISIONING_LOCK_MINUTES,
  SEAT_MESSAGES,
  type Seat,
  seatLabel,
  seatRoutes,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { notFound, validationError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { ResourceHandle } from '../../platform/resources.ts';
import { type Ctx, tenantRoute } from '../../platform/routes.ts';
import { newSecret } from '../../platform/secrets.ts';
import type { Tx } from '../../platform/tenancy.ts';

const LOCK_AFTER = `interval '${PROVISIONING_LOCK_MINUTES} minutes'`;
/** A device is locked once it checked in, or 15 minutes after an unlock. */
const LOCKED = `(seat_devices.locked or seat_devices.unlocked_at is null or seat_devices.unlocked_at + ${LOCK_AFTER} <= now())`;
const PRIVATE_RANGES = "array['10.0.0.0/8','172.16.0.0/12','192.168.0.0/16','127.0.0.0/8','100.64.0.0/10']::inet[]";
const iso = (d: unknown) => (d === null || d === undefined ? null : new Date(d as string).toISOString());

export function registerSeatSettingRoutes(
  api: FastifyInstance,
  platform: Platform,
  // biome-ignore lint/suspicious/noExplicitAny: the seats resource (its schemas are the domain's).
  seats: ResourceHandle<Seat, any, any>,
): void {
  const read = seats.rules('read');
  const update = seats.rules('update');

  // ---- Provisioning --------------------------------------------------------------------------

  /** The seat's devices; the LDAP password only for a user who may update the seat (it unlocks the directory). */
  const devicesOf = async (tx: Tx, seatId: number, withSecrets: boolean) => {
    const rows = await tx
      .selectFrom('seat_devices')
      .select([
        'id',
        'make',
        'model',
        'mac_address',
        'last_checkin',
        'initialised',
        'ldap_password',
        sql<boolean>`${sql.raw(LOCKED)}`.as('is_locked'),
        sql<Date | null>`seat_devices.unlocked_at + ${sql.raw(LOCK_AFTER)}`.as('locks_at'),
      ])
      .where('seat_id', '=', seatId)
      .orderBy('id')
      .execute();
    return rows.map((d) => ({
      id: d.id,
      make: d.make,
      model: d.model,
      macAddress: d.mac_address,
      lastCheckin: iso(d.last_checkin),
      locked: d.is_locked,
      locksAt: d.is_locked ? null : iso(d.locks_at),
      initialised: d.initialised,
      ldapPassword: withSecrets ? d.ldap_password : '',
    }));
  };

  tenantRoute(api, platform, seatRoutes.devices, {
    allow: read,
    handler: async ({ db, auth }, { params }) => {
      await seats.read(db, params.id);
      return { records: await devicesOf(db, params.id, can(auth, 'seats', 'update')) };
    },
  });

  /** One device of one of the account's seats, locked for the change, and the change's event. */
  const changeDevice = async (
    ctx: Ctx,
    params: { id: number; deviceId: number },
    change: Record<string, unknown>,
    kind: string,
  ) => {
    const device = await ctx.db
      .selectFrom('seat_devices')
      .select(['id', 'mac_address'])
      .where('id', '=', params.deviceId)
      .where('seat_id', '=', params.id)
      .forUpdate()
      .executeTakeFirst();
    if (!device) throw notFound();
    await ctx.db.updateTable('seat_devices').set(change).where('id', '=', device.id).execute();
    await ctx.emit({ area: 'seats', recordId: params.id, kind, after: { device: device.mac_address } });
  };

  // Unlock: the device may fetch its configuration (with the seat's credentials) for 15 minutes.
  tenantRoute(api, platform, seatRoutes.unlockDevice, {
    allow: update,
    handler: async (ctx, { params }) => {
      await changeDevice(ctx, params, { locked: false, unlocked_at: new Date() }, 'device.unlock');
      return { success: true, message: SEAT_MESSAGES.unlocked };
    },
  });

  // Re-Initialise: new security details; the device is provisioned afresh at its next check-in.
  tenantRoute(api, platform, seatRoutes.reinitDevice, {
    allow: update,
    handler: async (ctx, { params, body }) => {
      await changeDevice(
        ctx,
        { id: params.id, deviceId: body.deviceId },
        { initialised: false, locked: false, unlocked_at: new Date(), ldap_password: newSecret(16) },
        'device.reinit',
      );
      return { success: true, message: SEAT_MESSAGES.reinitialised };
    },
  });

  tenantRoute(api, platform, seatRoutes.regenerateLdapPassword, {
    allow: update,
    handler: async (ctx, { params, body }) => {
      await changeDevice(
        ctx,
        { id: params.id, deviceId: body.deviceId },
        { ldap_password: newSecret(16) },
        'device.ldap.regenerate',
      );
      return { success: true, message: SEAT_MESSAGES.ldapReset };
    },
  });

  // ---- Softphones ----------------------------------------------------------------------------

  tenantRoute(api, platform, seatRoutes.softphone, {
    allow: [...read, { resource: 'softphone', action: 'read' }],
    handler: async ({ db }, { params }) => {
      const seat = await db.selectFrom('seats').selectAll().where('id', '=', params.id).executeTakeFirst();
      if (!seat) throw notFound();
      const user = seat.user_id
        ? await db.selectFrom('users').select('username').where('id', '=', seat.user_id).executeTakeFirst()
        : undefined;
      const registered = await db
        .selectFrom('seat_registrations')
        .select('kind')
        .where('seat_id', '=', params.id)
        .where('expires_at', '>', new Date())
        .execute();
      const status = (kind: string) =>
        registered.some((r) => r.kind === kind) ? ('Registered' as const) : ('Unregistered' as const);
      return {
        enableDesktopCallWaiting: seat.enable_desktop_call_waiting,
        enableMobileCallWaiting: seat.enable_mobile_call_waiting,
        outboundCLILists: seat.outbound_cli_lists as string[],
        uniqueString: seat.unique_string,
        enabled: seat.user_id !== null,
        username: user?.username ?? null,
        desktopStatus: status('desktop'),
        mobileStatus: status('mobile'),
      };
    },
  });

  tenantRoute(api, platform, seatRoutes.saveSoftphone, {
    allow: [...update, { resource: 'softphone', action: 'update' }],
    handler: async (ctx, { params, body }) => {
      const { db } = ctx;
      const id = params.id;
      await seats.lock(db, id);
      const before = await seats.read(db, id);
      const lists = [...new Set(body.outboundCLILists)];
      if (lists.length > 0) {
        const own = await db.selectFrom('telephone_numbers').select('number').where('number', 'in', lists).execute();
        const mine = new Set(own.map((n) => n.number));
        if (lists.some((n) => !mine.has(n)))
          throw validationError({ outboundCLILists: SEAT_MESSAGES.notAccountNumber });
      }
      await db
        .updateTable('seats')
        .set({
          enable_desktop_call_waiting: body.enableDesktopCallWaiting,
          enable_mobile_call_waiting: body.enableMobileCallWaiting,
          outbound_cli_lists: JSON.stringify(lists),
        })
        .where('id', '=', id)
        .execute();
      await ctx.emit({
        area: 'seats',
        recordId: id,
        kind: 'softphone.update',
        after: { ...body, outboundCLILists: lists },
      });
      return { success: true, message: MESSAGES.updated(seatLabel(before)), id };
    },
  });

  // ---- Voicemail box -------------------------------------------------------------------------

  const seatByName = async (tx: Tx, name: string) => {
    const seat = await tx
      .selectFrom('seats')
      .select(['id', 'extension', 'nickname', 'vm_fullname', 'vm_email', 'vm_pin', 'vm_delete', 'keep_on_network'])
      .where('name', '=', name)
      .executeTakeFirst();
    if (!seat) throw notFound();
    return seat;
  };

  tenantRoute(api, platform, seatRoutes.voicemail, {
    allow: read,
    handler: async ({ db }, { params }) => {
      const seat = await seatByName(db, params.name);
      return {
        mailbox: String(seat.extension),
        fullname: seat.vm_fullname,
        email: seat.vm_email,
        passwordSet: seat.vm_pin !== '',
        vmDelete: seat.vm_delete,
        keepOnNetwork: seat.keep_on_network,
      };
    },
  });

  tenantRoute(api, platform, seatRoutes.saveVoicemail, {
    allow: update,
    handler: async (ctx, { params, body }) => {
      const seat = await seatByName(ctx.db, params.name);
      await ctx.db
        .updateTable('seats')
        .set({
          vm_fullname: body.fullname,
          vm_email: body.email,
          vm_delete: body.vmDelete,
          ...(body.password ? { vm_pin: body.password } : {}),
        })
        .where('id', '=', seat.id)
        .execute();
      await ctx.emit({
        area: 'seats',
        recordId: seat.id,
        kind: 'voicemail.update',
        after: {
          fullname: body.fullname,
          email: body.email,
          vmDelete: body.vmDelete,
          pinChanged: body.password !== '',
        },
      });
      return { success: true, message: MESSAGES.updated(seatLabel(seat)) };
    },
  });

  // ---- Emergency location and addresses ------------------------------------------------------

  const locationSelect = (tx: Tx) =>
    tx
      .selectFrom('telephone_numbers')
      .select([
        'id',
        'number',
        'nickname',
        'ems_name',
        'ems_premises',
        'ems_thoroughfare',
        'ems_locality',
        'ems_postcode',
        'ems_update_pending',
      ]);
  type LocationRow = Awaited<ReturnType<ReturnType<typeof locationSelect>['execute']>>[number];
  const toLocation = (t: LocationRow) => ({
    id: t.id,
    number: t.number,
    name: t.ems_name || t.nickname,
    premises: t.ems_premises,
    thoroughfare: t.ems_thoroughfare,
    locality: t.ems_locality,
    postcode: t.ems_postcode,
    updatePending: t.ems_update_pending,
  });

  tenantRoute(api, platform, seatRoutes.locations, {
    allow: read,
    handler: async ({ db }) => {
      const rows = await locationSelect(db).where('ems_postcode', '<>', '').orderBy('number').execute();
      return { records: rows.map(toLocation) };
    },
  });

  tenantRoute(api, platform, seatRoutes.location, {
    allow: read,
    handler: async ({ db }, { params }) => {
      const seat = await seats.read(db, params.id);
      const number = seat.emergencyServiceCid || seat.callerIdNumber;
      if (!number) return { location: null };
      const row = await locationSelect(db).where('number', '=', number).executeTakeFirst();
      return { location: row && row.ems_postcode !== '' ? toLocation(row) : null };
    },
  });

  tenantRoute(api, platform, seatRoutes.uniqueIps, {
    allow: read,
    handler: async ({ db }) => {
      const rows = await sql<{ ip: string }>`
        select distinct r.ipaddr as ip from seat_registrations r
        where r.expires_at > now() and not (r.ipaddr::inet <<= any(${sql.raw(PRIVATE_RANGES)}))
        order by 1`.execute(db);
      return { records: rows.rows };
    },
  });
}
