/**
 * Call monitoring (spec 2 §2, §3, §4, §5, §6, §7 "Call monitoring"): per seat (the source), the
 * seats it may listen in on (dialling 154), with its PIN. A row is one (source, monitored seat)
 * pair; the PIN is the source's, so every save sets it on all the source's rows.
 *
 * - the generic list, read and id-less delete come from `resource()`;
 * - POST /callmonitoring adds one monitor; PUT /callmonitoring changes one (an edit: create and
 *   delete rights, spec 2 §6);
 * - PUT /callmonitoring/bulk/{account}*{extension} adds several at once (the wizard) or, with
 *   `delete`, replaces the source's monitors (the detail page's edit: delete rights too). It runs
 *   in one transaction and answers a failure for each monitor it could not add.
 * - POST /callmonitoring/overview lists the account's seats with the seats each monitors.
 */
import {
  CALL_MONITORING_MESSAGES,
  type CallMonitor,
  callMonitorFields,
  callMonitoringRoutes,
  can,
  MESSAGES,
  type MonitorError,
  type MonitoringOverview,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { childCount } from '../../platform/child-count.ts';
import { declaredFields } from '../../platform/declared-fields.ts';
import { forbidden, HttpError, notFound, validationError } from '../../platform/errors.ts';
import { field, fieldMap, versionedFields } from '../../platform/fields.ts';
import { pagedBodyFor, pagedList } from '../../platform/list.ts';
import type { Platform } from '../../platform/platform.ts';
import { assertVersion, resource } from '../../platform/resources.ts';
import { type Ctx, tenantRoute } from '../../platform/routes.ts';
import type { Tx } from '../../platform/tenancy.ts';

/** A seat as the panel names it: '201 - Reception' (or '201'). */
const seatLabel = (alias: string) =>
  `(${alias}.extension::text || coalesce(' - ' || nullif(${alias}.nickname, ''), ''))`;

const fields = fieldMap<CallMonitor, 'password'>('call_monitors', {
  ...versionedFields,
  sourceId: field.ref('source_seat_id', 'seats', { filterable: true }),
  source: field.computed('src.name', 'text', { sortable: true, searchable: true, filterable: true }),
  sourceName: field.computed(seatLabel('src'), 'text', {
    sortable: true,
    searchable: true,
    sortSql: 'src.extension',
  }),
  destinationId: field.ref('destination_seat_id', 'seats', { filterable: true }),
  destination: field.computed('dst.name', 'text', { sortable: true, searchable: true, filterable: true }),
  monitorName: field.computed(seatLabel('dst'), 'text', { sortable: true, searchable: true, sortSql: 'dst.extension' }),
  ...declaredFields(callMonitorFields),
});

const overviewFields = fieldMap<MonitoringOverview>('seats', {
  // Filterable: the detail page reads its seat's row.
  id: field.computed('seats.id', 'number', { filterable: true }),
  source: field.text('name', { sortable: true, searchable: true }),
  extension: field.number('extension', { sortable: true, filterable: true }),
  nickname: field.text('nickname', { sortable: true, searchable: true }),
  monitoring: field.computed('(exists (select 1 from call_monitors m where m.source_seat_id = seats.id))', 'boolean', {
    filterable: true,
  }),
  monitorCount: childCount('call_monitors', 'source_seat_id'),
  monitors: field.computed(
    `(select coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'destination', d.name, 'extension', d.extension,
        'monitorName', ${seatLabel('d')}) order by d.extension), '[]'::jsonb)
      from call_monitors m join seats d on d.id = m.destination_seat_id where m.source_seat_id = seats.id)`,
    'json',
  ),
});

interface Seat {
  id: number;
  name: string;
  label: string;
}

/** The account's seats of these names (row-level security keeps others out), by name. */
async function seatsNamed(db: Tx, names: readonly string[]): Promise<Map<string, Seat>> {
  if (names.length === 0) return new Map();
  const { rows } = await sql<Seat>`select s.id, s.name, ${sql.raw(seatLabel('s'))} as label from seats s
    where s.name in (${sql.join([...names])})`.execute(db);
  return new Map(rows.map((r) => [r.name, { ...r, id: Number(r.id) }]));
}

/**
 * The source seat, its row locked for this write (FOR NO KEY UPDATE: two saves of one source wait
 * for each other; a delete of the seat waits too, and then finds its uses). 404 when not the account's.
 */
async function lockSource(db: Tx, name: string): Promise<Seat> {
  const { rows } = await sql<Seat>`select s.id, s.name, ${sql.raw(seatLabel('s'))} as label from seats s
    where s.name = ${name} for no key update`.execute(db);
  const seat = rows[0];
  if (!seat) throw notFound();
  return { ...seat, id: Number(seat.id) };
}

/** The seats the source monitors now: monitored seat id → row id and PIN. */
async function monitorsOf(db: Tx, sourceId: number) {
  return db
    .selectFrom('call_monitors')
    .select(['id', 'destination_seat_id', 'password'])
    .where('source_seat_id', '=', sourceId)
    .orderBy('id')
    .execute();
}

/** The lists' field maps (their sortable and filterable columns are indexed). */
export const callMonitoringLists = [fields, overviewFields];

export function registerCallMonitoringRoutes(api: FastifyInstance, platform: Platform): void {
  const monitors = registerMonitorResource(api, platform);
  registerOverviewRoute(api, platform, monitors);
  registerMonitorEditRoutes(api, platform, monitors);
  registerBulkRoute(api, platform, monitors);
}

/** The monitors as a resource: the generic list, read and id-less delete. */
function registerMonitorResource(api: FastifyInstance, platform: Platform) {
  return resource(api, platform, {
    area: 'call-monitoring',
    // The spec has no PATCH, id-path PUT or single delete here: those verbs are left out.
    routes: {
      ...callMonitoringRoutes,
      listByQuery: callMonitoringRoutes.list,
      patch: callMonitoringRoutes.update,
      remove: callMonitoringRoutes.read,
    },
    table: 'call_monitors',
    permission: 'spy',
    fields,
    from: (q) =>
      q
        .innerJoin('seats as src', 'src.id', 'call_monitors.source_seat_id')
        .innerJoin('seats as dst', 'dst.id', 'call_monitors.destination_seat_id'),
    defaultSort: { field: 'sourceName', direction: 'asc' },
    label: (m) => `${m.sourceName} monitoring ${m.monitorName}`,
    usage: {
      type: 'Call Monitoring',
      name: `((select ${seatLabel('s')} from seats s where s.id = call_monitors.source_seat_id) || ' monitoring ' ||
        (select s.extension::text from seats s where s.id = call_monitors.destination_seat_id))`,
      link: `'/call-monitoring/' || call_monitors.source_seat_id`,
    },
    except: ['listByQuery', 'pick', 'create', 'update', 'patch', 'remove'],
  });
}

type Monitors = ReturnType<typeof registerMonitorResource>;

/** Sets the source's PIN on all its monitors. */
async function setPin(ctx: Ctx, sourceId: number, password: string): Promise<void> {
  await ctx.db
    .updateTable('call_monitors')
    .set({ password })
    .where('source_seat_id', '=', sourceId)
    .where('password', '<>', password)
    .execute();
}

/** Adds the source's monitors of `destinations` (with its PIN), each a change event; answers their ids. */
async function insertMonitors(
  monitors: Monitors,
  ctx: Ctx,
  source: Seat,
  destinations: readonly Seat[],
  password: string,
): Promise<number[]> {
  if (destinations.length === 0) return [];
  const rows = await ctx.db
    .insertInto('call_monitors')
    .values(
      destinations.map((d) => ({
        account_no: ctx.auth.accountNo,
        source_seat_id: source.id,
        destination_seat_id: d.id,
        password,
      })),
    )
    .returning('id')
    .execute()
    .catch((error: unknown) => {
      // A pair added by a save that committed meanwhile: the unique key is the last word.
      if ((error as { code?: string }).code === '23505') {
        const message = CALL_MONITORING_MESSAGES.already(source.label);
        throw new HttpError(409, message, { monitors: message });
      }
      throw error;
    });
  const ids = rows.map((r) => Number(r.id));
  for (const id of ids) await monitors.emit(ctx, 'create', id, null, await monitors.read(ctx.db, id));
  return ids;
}

/** The account's seats with the seats each monitors. */
function registerOverviewRoute(api: FastifyInstance, platform: Platform, monitors: Monitors): void {
  tenantRoute(api, platform, callMonitoringRoutes.overview, {
    allow: monitors.rules('read'),
    readOnly: true,
    // The spec's overview has no paging path: offset and limit come in the body (-1/-1, all, by default).
    schema: { body: pagedBodyFor(overviewFields) },
    handler: async (ctx, { body }) => {
      const { accountNo, ...options } = body as typeof body & { accountNo?: number };
      if (accountNo !== undefined && accountNo !== ctx.auth.accountNo) throw notFound();
      return pagedList<MonitoringOverview>(
        ctx.db.selectFrom('seats'),
        overviewFields,
        'seats.id',
        { field: 'extension', direction: 'asc' },
        options,
      );
    },
  });
}

/** Adding one monitor, and changing one. */
function registerMonitorEditRoutes(api: FastifyInstance, platform: Platform, monitors: Monitors): void {
  tenantRoute(api, platform, callMonitoringRoutes.create, {
    allow: monitors.rules('create'),
    handler: async (ctx, { body }) => {
      const source = await seatsNamed(ctx.db, [body.source]).then((s) => s.get(body.source));
      if (!source) throw validationError({ source: MESSAGES.selectOption });
      await lockSource(ctx.db, source.name);
      const destination = (await seatsNamed(ctx.db, [body.destination])).get(body.destination);
      if (!destination) throw validationError({ destination: MESSAGES.selectOption });
      if (destination.id === source.id) throw validationError({ destination: CALL_MONITORING_MESSAGES.self });
      const current = await monitorsOf(ctx.db, source.id);
      if (current.some((m) => m.destination_seat_id === destination.id)) {
        throw validationError({ destination: CALL_MONITORING_MESSAGES.already(source.label) });
      }
      await setPin(ctx, source.id, body.password);
      const [id] = await insertMonitors(monitors, ctx, source, [destination], body.password);
      return {
        success: true,
        message: `${source.label} monitoring ${destination.label} ${MESSAGES.createdSuccessfully}`,
        id,
      };
    },
  });

  // An edit: spec 2 §6 wants create and delete rights.
  tenantRoute(api, platform, callMonitoringRoutes.update, {
    allow: [...monitors.rules('create'), ...monitors.rules('delete')],
    handler: async (ctx, { body }) => {
      await monitors.lock(ctx.db, body.id);
      const current = await monitors.read(ctx.db, body.id);
      assertVersion(ctx, current);
      const source = await lockSource(ctx.db, current.source);
      const destination = (await seatsNamed(ctx.db, [body.destination])).get(body.destination);
      if (!destination) throw validationError({ destination: MESSAGES.selectOption });
      if (destination.id === source.id) throw validationError({ destination: CALL_MONITORING_MESSAGES.self });
      const others = (await monitorsOf(ctx.db, source.id)).filter((m) => m.id !== body.id);
      if (others.some((m) => m.destination_seat_id === destination.id)) {
        throw validationError({ destination: CALL_MONITORING_MESSAGES.already(source.label) });
      }
      await ctx.db
        .updateTable('call_monitors')
        .set({ destination_seat_id: destination.id })
        .where('id', '=', body.id)
        .execute();
      if (body.password !== '') await setPin(ctx, source.id, body.password);
      const after = await monitors.read(ctx.db, body.id);
      await monitors.emit(ctx, 'update', body.id, current, after);
      return { success: true, message: MESSAGES.updated(monitors.def.label(after)), id: body.id };
    },
  });
}

/** Several monitors of one source at once (the wizard), or the source's monitors replaced (the detail page's edit). */
function registerBulkRoute(api: FastifyInstance, platform: Platform, monitors: Monitors): void {
  // Several monitors of one source at once, in one transaction; with `delete`, its monitors replaced.
  tenantRoute(api, platform, callMonitoringRoutes.bulk, {
    allow: monitors.rules('create'),
    handler: async (ctx, { params, body }) => {
      // Removing the current monitors is a delete: an edit needs both rights (spec 2 §6).
      if (body.delete && !can(ctx.auth, 'spy', 'delete')) throw forbidden();
      const source = await lockSource(ctx.db, params.source);
      const current = await monitorsOf(ctx.db, source.id);
      const wanted = [...new Set(body.monitors)];
      const password = body.password !== '' ? body.password : (current[0]?.password ?? '');
      if (wanted.length > 0 && password === '') throw validationError({ password: CALL_MONITORING_MESSAGES.pin });

      if (body.delete && current.length > 0) {
        const ids = current.map((m) => m.id);
        const before = await Promise.all(ids.map((id) => monitors.read(ctx.db, id)));
        await ctx.db.deleteFrom('call_monitors').where('id', 'in', ids).execute();
        for (const record of before) await monitors.emit(ctx, 'delete', record.id, record, null);
      }
      const kept = new Set(body.delete ? [] : current.map((m) => m.destination_seat_id));
      const seats = await seatsNamed(ctx.db, wanted);
      const errors: MonitorError[] = [];
      const adding: Seat[] = [];
      for (const name of wanted) {
        const seat = seats.get(name);
        if (!seat) errors.push({ monitor: name, message: MESSAGES.selectOption });
        else if (seat.id === source.id) errors.push({ monitor: name, message: CALL_MONITORING_MESSAGES.self });
        else if (kept.has(seat.id)) {
          errors.push({ monitor: name, message: CALL_MONITORING_MESSAGES.already(source.label) });
        } else adding.push(seat);
      }
      if (password !== '') await setPin(ctx, source.id, password);
      await insertMonitors(monitors, ctx, source, adding, password);
      const first = errors[0];
      return {
        success: errors.length === 0,
        message: !first
          ? MESSAGES.updated(source.label)
          : errors.length === 1
            ? first.message
            : MESSAGES.multipleErrors,
        errors,
        added: adding.map((s) => s.name),
      };
    },
  });
}
