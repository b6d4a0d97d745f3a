/**
 * A seat's further settings (spec 2 §7 "Seats"): provisioned devices (lock, unlock,
 * re-initialise, LDAP password), softphones, the voicemail box, the emergency location and the
 * addresses the seats register from; and the account's Teams tenant (seat and trunk Teams tabs).
 */
import {
  can,
  idParam,
  MESSAGES,
  PROVISIONING_LOCK_MINUTES,
  recordId,
  SEAT_MESSAGES,
  seatActionReply,
  seatDeviceRecord,
  seatLabel,
  seatLocationRecord,
  seatSoftphoneInput,
  seatSoftphoneRecord,
  TEAMS_MESSAGES,
  teamsExistsReply,
  teamsInvitationInput,
  voicemailSettingsInput,
  voicemailSettingsRecord,
} from '@switchboard/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import { type AuthContext, requirePermission } from '../../platform/auth.ts';
import { forbidden, HttpError, notFound, validationError } from '../../platform/errors.ts';
import { publicIpSql } from '../../platform/ip-sql.ts';
import type { Platform } from '../../platform/platform.ts';
import { newSecret } from '../../platform/secrets.ts';

const tags = ['seats'];
const LOCK_AFTER = `interval '${PROVISIONING_LOCK_MINUTES} minutes'`;
/** A device is locked once it checked in, or 15 minutes after an unlock. */
const LOCKED = `(seat_devices.locked or seat_devices.unlocked_at is null or seat_devices.unlocked_at + ${LOCK_AFTER} <= now())`;

const seatNameParam = z.object({ name: z.string().regex(/^\d+\*\d+$/, { error: MESSAGES.recordNotFound }) });
const deviceParams = z.object({ id: recordId(), deviceId: recordId() });
const accountParam = z.object({ accountNo: recordId() });
const iso = (d: unknown) => (d === null || d === undefined ? null : new Date(d as string).toISOString());

export function registerSeatSettingRoutes(app: FastifyInstance, platform: Platform): void {
  const { db } = platform;
  const teams = platform.providers.teams;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const ownSeat = async (accountNo: number, id: number) => {
    const seat = await db
      .selectFrom('seats')
      .selectAll()
      .where('id', '=', id)
      .where('account_no', '=', accountNo)
      .executeTakeFirst();
    if (!seat) throw notFound();
    return seat;
  };

  // ---- Provisioning --------------------------------------------------------------------------

  /** The seat's devices; the LDAP password only for a user who may update the seat (it unlocks the directory). */
  const devicesOf = async (accountNo: number, seatId: number, withSecrets: boolean) => {
    const rows = await db
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
      .where('account_no', '=', accountNo)
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

  r.get(
    '/seat/:id/devices',
    { schema: { tags, params: idParam, response: { 200: z.object({ records: z.array(seatDeviceRecord) }) } } },
    async (request) => {
      const auth = requirePermission(request, { resource: 'seats', action: 'read' });
      await ownSeat(auth.accountNo, request.params.id);
      return { records: await devicesOf(auth.accountNo, request.params.id, can(auth, 'seats', 'update')) };
    },
  );

  /** One device of one of the account's seats, locked for the change. */
  const changeDevice = async (
    auth: AuthContext,
    params: { id: number; deviceId: number },
    change: (deviceId: number) => Record<string, unknown>,
    action: string,
    ip: string,
  ) => {
    await db.transaction().execute(async (trx) => {
      const device = await trx
        .selectFrom('seat_devices')
        .select(['id', 'mac_address'])
        .where('id', '=', params.deviceId)
        .where('seat_id', '=', params.id)
        .where('account_no', '=', auth.accountNo)
        .forUpdate()
        .executeTakeFirst();
      if (!device) throw notFound();
      await trx.updateTable('seat_devices').set(change(device.id)).where('id', '=', device.id).execute();
      await audit(trx, {
        userId: auth.userId,
        accountNo: auth.accountNo,
        action,
        details: { seatId: params.id, mac: device.mac_address },
        ip,
      });
    });
  };

  // Unlock: the device may fetch its configuration (with the seat's credentials) for 15 minutes.
  r.post(
    '/seat/:id/devices/:deviceId/unlock',
    { schema: { tags, params: deviceParams, response: { 200: seatActionReply } } },
    async (request) => {
      const auth = requirePermission(request, { resource: 'seats', action: 'update' });
      await changeDevice(
        auth,
        request.params,
        () => ({ locked: false, unlocked_at: new Date() }),
        'device.unlock',
        request.ip,
      );
      return { success: true, message: SEAT_MESSAGES.unlocked };
    },
  );

  // Re-Initialise: new security details; the device is provisioned afresh at its next check-in.
  r.post(
    '/provisioning/seat/:id/reinit',
    {
      schema: {
        tags,
        params: idParam,
        body: z.object({ deviceId: recordId() }),
        response: { 200: seatActionReply },
      },
    },
    async (request) => {
      const auth = requirePermission(request, { resource: 'seats', action: 'update' });
      await changeDevice(
        auth,
        { id: request.params.id, deviceId: request.body.deviceId },
        () => ({ initialised: false, locked: false, unlocked_at: new Date(), ldap_password: newSecret(16) }),
        'device.reinit',
        request.ip,
      );
      return { success: true, message: SEAT_MESSAGES.reinitialised };
    },
  );

  r.post(
    '/seat/:id/ldap/regenpassword',
    {
      schema: {
        tags,
        params: idParam,
        body: z.object({ deviceId: recordId() }),
        response: { 200: seatActionReply },
      },
    },
    async (request) => {
      const auth = requirePermission(request, { resource: 'seats', action: 'update' });
      await changeDevice(
        auth,
        { id: request.params.id, deviceId: request.body.deviceId },
        () => ({ ldap_password: newSecret(16) }),
        'device.ldap.regenerate',
        request.ip,
      );
      return { success: true, message: SEAT_MESSAGES.ldapReset };
    },
  );

  // ---- Softphones ----------------------------------------------------------------------------

  const softphoneOf = async (accountNo: number, id: number) => {
    const seat = await ownSeat(accountNo, id);
    const user = seat.user_id
      ? await db.selectFrom('users').select('username').where('id', '=', seat.user_id).executeTakeFirst()
      : undefined;
    const registered = await db
      .selectFrom('seat_registrations')
      .select('kind')
      .where('seat_id', '=', id)
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
  };

  r.get(
    '/seat/:id/softphone',
    { schema: { tags, params: idParam, response: { 200: seatSoftphoneRecord } } },
    async (request) => {
      const auth = requirePermission(
        request,
        { resource: 'seats', action: 'read' },
        { resource: 'softphone', action: 'read' },
      );
      return softphoneOf(auth.accountNo, request.params.id);
    },
  );

  r.post(
    '/seat/:id/softphone',
    {
      schema: {
        tags,
        params: idParam,
        body: seatSoftphoneInput,
        response: { 200: z.object({ success: z.boolean(), message: z.string(), id: z.number().int() }) },
      },
    },
    async (request) => {
      const auth = requirePermission(
        request,
        { resource: 'seats', action: 'update' },
        { resource: 'softphone', action: 'update' },
      );
      const id = request.params.id;
      const body = request.body;
      const seat = await ownSeat(auth.accountNo, id);
      const lists = [...new Set(body.outboundCLILists)];
      if (lists.length > 0) {
        const own = await db
          .selectFrom('telephone_numbers')
          .select('number')
          .where('account_no', '=', auth.accountNo)
          .where('number', 'in', lists)
          .execute();
        const mine = new Set(own.map((n) => n.number));
        const foreign = lists.findIndex((n) => !mine.has(n));
        if (foreign >= 0) throw validationError({ outboundCLILists: SEAT_MESSAGES.notAccountNumber });
      }
      await db
        .updateTable('seats')
        .set({
          enable_desktop_call_waiting: body.enableDesktopCallWaiting,
          enable_mobile_call_waiting: body.enableMobileCallWaiting,
          outbound_cli_lists: JSON.stringify(lists),
        })
        .where('id', '=', id)
        .where('account_no', '=', auth.accountNo)
        .execute();
      const label = seatLabel(seat);
      return { success: true, message: MESSAGES.updated(label), id };
    },
  );

  // ---- Voicemail box -------------------------------------------------------------------------

  const seatByName = async (accountNo: number, name: string) => {
    const seat = await db
      .selectFrom('seats')
      .select([
        'id',
        'name',
        'extension',
        'nickname',
        'vm_fullname',
        'vm_email',
        'vm_pin',
        'vm_delete',
        'keep_on_network',
      ])
      .where('name', '=', name)
      .where('account_no', '=', accountNo)
      .executeTakeFirst();
    if (!seat) throw notFound();
    return seat;
  };

  r.get(
    '/voicemail/:name/settings',
    { schema: { tags, params: seatNameParam, response: { 200: voicemailSettingsRecord } } },
    async (request) => {
      const auth = requirePermission(request, { resource: 'seats', action: 'read' });
      const seat = await seatByName(auth.accountNo, request.params.name);
      return {
        mailbox: String(seat.extension),
        fullname: seat.vm_fullname,
        email: seat.vm_email,
        passwordSet: seat.vm_pin !== '',
        vmDelete: seat.vm_delete,
        keepOnNetwork: seat.keep_on_network,
      };
    },
  );

  r.post(
    '/voicemail/:name/settings',
    {
      schema: {
        tags,
        params: seatNameParam,
        body: voicemailSettingsInput,
        response: { 200: z.object({ success: z.boolean(), message: z.string() }) },
      },
    },
    async (request) => {
      const auth = requirePermission(request, { resource: 'seats', action: 'update' });
      const seat = await seatByName(auth.accountNo, request.params.name);
      const body = request.body;
      await db
        .updateTable('seats')
        .set({
          vm_fullname: body.fullname,
          vm_email: body.email,
          vm_delete: body.vmDelete,
          ...(body.password ? { vm_pin: body.password } : {}),
        })
        .where('id', '=', seat.id)
        .execute();
      const label = seatLabel(seat);
      return { success: true, message: MESSAGES.updated(label) };
    },
  );

  // ---- Emergency location and addresses ------------------------------------------------------

  const locationSelect = (accountNo: number) =>
    db
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
      ])
      .where('account_no', '=', accountNo);
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

  // The locations a seat can take: the account's numbers with an emergency address.
  r.get(
    '/seat/locations',
    { schema: { tags, response: { 200: z.object({ records: z.array(seatLocationRecord) }) } } },
    async (request) => {
      const auth = requirePermission(request, { resource: 'seats', action: 'read' });
      const rows = await locationSelect(auth.accountNo).where('ems_postcode', '<>', '').orderBy('number').execute();
      return { records: rows.map(toLocation) };
    },
  );

  // The seat's location: its emergency CLI, or its caller ID when none is set.
  r.get(
    '/seat/:id/ems',
    { schema: { tags, params: idParam, response: { 200: z.object({ location: seatLocationRecord.nullable() }) } } },
    async (request) => {
      const auth = requirePermission(request, { resource: 'seats', action: 'read' });
      const seat = await ownSeat(auth.accountNo, request.params.id);
      const number = seat.emergency_service_cid || seat.caller_id_number;
      if (!number) return { location: null };
      const row = await locationSelect(auth.accountNo).where('number', '=', number).executeTakeFirst();
      return { location: row && row.ems_postcode !== '' ? toLocation(row) : null };
    },
  );

  // The public addresses the account's seats register from (the list's public IP filter).
  r.get(
    '/seat/uniqueips',
    { schema: { tags, response: { 200: z.object({ records: z.array(z.object({ ip: z.string() })) }) } } },
    async (request) => {
      const auth = requirePermission(request, { resource: 'seats', action: 'read' });
      const rows = await sql<{ ip: string }>`
        select distinct r.ipaddr as ip from seat_registrations r join seats s on s.id = r.seat_id
        where s.account_no = ${auth.accountNo} and r.expires_at > now()
          and ${sql.raw(publicIpSql('r.ipaddr'))}
        order by 1`.execute(db);
      return { records: rows.rows };
    },
  );

  // ---- Teams ---------------------------------------------------------------------------------

  /** The caller's own account's Teams tenant, with the teams permission (2044). */
  const teamsAuth = (request: FastifyRequest, accountNo: number, action: 'read' | 'create') => {
    const auth = requirePermission(request, { resource: 'teams', action });
    if (accountNo !== auth.accountNo) throw forbidden();
    return auth;
  };

  r.get(
    '/teams/exists/:accountNo',
    { schema: { tags: ['teams'], params: accountParam, response: { 200: teamsExistsReply } } },
    async (request) => {
      const auth = teamsAuth(request, request.params.accountNo, 'read');
      return { teamsAccountExists: await teams.accountExists(auth.accountNo) };
    },
  );

  r.post(
    '/teams/admin/invitation',
    {
      schema: {
        tags: ['teams'],
        body: teamsInvitationInput,
        response: { 200: z.object({ success: z.boolean(), message: z.string() }) },
      },
    },
    async (request) => {
      const auth = teamsAuth(request, request.body.accountNo, 'create');
      try {
        await teams.sendAdminInvitation(auth.accountNo, request.body.email);
      } catch (error) {
        request.log.warn({ err: error }, 'teams invitation failed');
        throw new HttpError(502, TEAMS_MESSAGES.invitationFailed);
      }
      return { success: true, message: TEAMS_MESSAGES.invitationSent };
    },
  );

  r.post(
    '/teams/:accountNo/create',
    {
      schema: {
        tags: ['teams'],
        params: accountParam,
        response: { 200: z.object({ success: z.boolean(), message: z.string() }) },
      },
    },
    async (request) => {
      const auth = teamsAuth(request, request.params.accountNo, 'create');
      try {
        await teams.createAccount(auth.accountNo);
      } catch (error) {
        request.log.warn({ err: error }, 'teams account creation failed');
        throw new HttpError(502, TEAMS_MESSAGES.createFailed);
      }
      return { success: true, message: TEAMS_MESSAGES.created };
    },
  );
}
