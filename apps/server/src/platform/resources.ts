/**
 * Resource builders: an area declares its contract (domain `resourceRoutes`), table, permission,
 * field map and rules; `resource()` registers list, read, create, update, delete and the id-less
 * delete from them. An area that needs its own verb leaves it out (`except`) and writes it with the
 * handle's pieces (read, insert, update, emit...), keeping the rest.
 *
 * Every handler runs in the tenant transaction of the effective account (platform/routes.ts), so
 * rows of other accounts are out of reach of every query here by the database's own rules.
 */
import {
  type Action,
  type AreaId,
  type DestinationType,
  destinationValue,
  type ListReply,
  MESSAGES,
  type Resource,
  type RouteContract,
  type SortDirection,
  saveReply,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { TenantTable } from '../db/schema.ts';
import type { AuthContext, PermissionRule } from './auth.ts';
import type { DestinationSource } from './destinations.ts';
import {
  foreignKeyViolationError,
  fromZodError,
  HttpError,
  notFound,
  type UniqueViolations,
  uniqueViolationError,
  validationError,
} from './errors.ts';
import { type FieldDef, type FieldMap, hiddenSecrets, recordFrom, rowFrom, shownTo } from './fields.ts';
import {
  type AnyQuery,
  type DefaultSort,
  keysetBody,
  type ListOptions,
  listBodyFor,
  listQueryFor,
  pagedBodyFor,
  pagedList,
  pickBodyFor,
  pickedFields,
  selectRecords,
} from './list.ts';
import { secretFingerprint } from './outbox.ts';
import type { Platform } from './platform.ts';
import { inUseError, type Usage, type UsageDef } from './references.ts';
import { type Ctx, tenantRoute } from './routes.ts';
import { isRoutingObject } from './routing-writes.ts';
import type { Tx } from './tenancy.ts';

/** The routes `resource()` registers (from domain `resourceRoutes`). */
export interface ResourceContracts {
  list: RouteContract;
  listByQuery: RouteContract;
  /** The list as POST {path} with its paging in the body (-1/-1, all, by default), where the spec has it. */
  listByBody?: RouteContract;
  /** Every record as GET {path} (sorted, searched and filtered by the query as listByQuery), where the spec lists so. */
  listAll?: RouteContract;
  /** Only a picker's fields (domain `resourceRoutes` declares it for every resource). */
  pick?: RouteContract;
  read: RouteContract;
  create: RouteContract;
  update: RouteContract;
  patch: RouteContract;
  save?: RouteContract;
  remove: RouteContract;
  removeMany: RouteContract;
}
export type Verb = keyof ResourceContracts;

/** What a validator sees: the write's context, the record before (update) and the values to write. */
export interface WriteCtx<V, Rec> extends Ctx {
  /** The record's id; undefined on create. */
  id: number | undefined;
  /** The record before the write; null on create. */
  current: Rec | null;
  values: V;
}

/** Field → message; a validator may also throw (an HttpError 403 for a permission). */
export type Problems = Record<string, string>;
// biome-ignore lint/suspicious/noExplicitAny: validators are written once for any area's values.
export type Validator<V = any, Rec = any> = (
  w: WriteCtx<V, Rec>,
) => Promise<Problems | undefined> | Problems | undefined;

/** Runs the validators; any problem refuses the write with every field's message. */
export async function runValidators<V, Rec>(w: WriteCtx<V, Rec>, validators: ReadonlyArray<Validator<V, Rec>>) {
  const problems: Problems = {};
  for (const validate of validators) {
    const found = await validate(w);
    if (found) for (const [field, message] of Object.entries(found)) problems[field] ??= message;
  }
  if (Object.keys(problems).length > 0) throw validationError(problems);
}

/**
 * How records are named and ordered: a title field ('name') gives the list's order (ascending) and
 * the label (its value), or they are stated.
 */
export interface Naming<Rec> {
  title?: keyof Rec & string;
  /** The list's order; `keyset` makes it a keyset list (list.ts `DefaultSort`). */
  defaultSort?: DefaultSort & { field: keyof Rec & string };
  /** The record's name in feedback ('{name} has been updated', 'Successfully deleted {name}'). */
  label?: (record: Rec) => string;
}

/** A definition with its order and label, stated or by its title. */
export type Named<D, Rec> = D & Required<Pick<Naming<Rec>, 'defaultSort' | 'label'>>;

export function named<Rec, D extends Naming<Rec>>(what: string, def: D): Named<D, Rec> {
  const { title } = def;
  const defaultSort = def.defaultSort ?? (title ? { field: title, direction: 'asc' as const } : undefined);
  const label = def.label ?? (title ? (record: Rec) => String(record[title]) : undefined);
  if (!defaultSort || !label) throw new Error(`${what}: a title, or an order and a label`);
  return { ...def, defaultSort, label };
}

export interface ResourceDef<Rec extends { id: number }, In extends z.ZodType, Cr extends z.ZodType>
  extends Naming<Rec> {
  /** The area's id (its folder name, named in AREA_NAMES): the change events' area. */
  area: AreaId;
  routes: ResourceContracts & { create: { body: Cr }; update: { body: In } };
  table: TenantTable;
  /** The permission resource; its create / read / update / delete guard each route. */
  permission: Resource;
  /** A different resource for listing and reading (spec: the mobile list uses callGroups). */
  readPermission?: Resource;
  /** Further rules every route needs (spec: mobile pages are retail only). */
  requires?: PermissionRule[];
  fields: FieldMap<Rec>;
  /** Joins over the area's table (aliased by its own name). */
  from?: (query: AnyQuery) => AnyQuery;
  /**
   * How the record is named when it uses something another delete must respect ('Seat', SQL of
   * the name, by default the title's; its page, by default '/{area}/{id}').
   */
  usage?: Omit<UsageDef, 'name'> & { name?: string };
  /** Values made consistent before validation and writing (e.g. a PIN dropped with international calls). */
  prepare?: (
    values: z.output<In> | z.output<Cr>,
    w: { auth: AuthContext; create: boolean },
  ) => z.output<In> | z.output<Cr>;
  /** Rules of create and update. */
  validate?: ReadonlyArray<Validator<z.output<In> | z.output<Cr>, Rec>>;
  /** Rules of create only (run before `validate`). */
  validateCreate?: ReadonlyArray<Validator<z.output<Cr>, Rec>>;
  /** Columns a create writes beyond the fields (e.g. a generated SIP secret). */
  createColumns?: (values: z.output<Cr>, auth: AuthContext) => Record<string, unknown>;
  /** Further writes of a create (rows of other tables), in its transaction. */
  afterCreate?: (ctx: Ctx, id: number, values: z.output<Cr>) => Promise<void>;
  /**
   * Further work of an update, in its transaction after the record's own write and change event
   * (e.g. a change held until someone confirms it): the record before and the values validated.
   */
  afterUpdate?: (ctx: Ctx, before: Rec, values: z.output<In>) => Promise<void>;
  /** The reply's message of an update (by default '{label} has been updated'). */
  updatedMessage?: (record: Rec) => string;
  /** Unique constraints, by name, to the field and message a clash gives. */
  uniqueViolations?: UniqueViolations;
  /**
   * When the area can be routed to: its records are destinations '{type}:{key}' (listed for the
   * pickers from `source`), and deleting one something routes to is refused.
   */
  destination?: {
    type: DestinationType;
    key: (record: Rec) => string;
    source?: DestinationSourceDef;
    /** Further destinations each record is, by the same key (a seat's voicemail: 'voicemail:201'). */
    also?: ReadonlyArray<{ type: DestinationType; source: DestinationSourceDef }>;
  };
  /** Further refusals before a delete (throw an HttpError). */
  beforeDelete?: (ctx: Ctx, record: Rec) => Promise<void>;
  /** The same for all the records of a delete at once (set-based; runs before `beforeDelete`). */
  beforeDeleteMany?: (ctx: Ctx, records: Rec[]) => Promise<void>;
  /** Why a record the account sees may not be changed or deleted (the provider's rows), if so. */
  readOnly?: (record: Rec) => string | undefined;
  /** The refusal of a delete in use when the spec words it for the area (the uses still listed). */
  inUseMessage?: string;
  /** Post-processing of listed and read records (e.g. destination labels). */
  decorate?: (ctx: Ctx, records: Rec[]) => Promise<Rec[]>;
  /** The fields `decorate` fills: a pick naming one reads whole records to decorate them. */
  decorated?: ReadonlyArray<keyof Rec & string>;
  /** Another shape the create and update bodies may come in (e.g. the spec's seat body), mapped before validation. */
  mapBody?: (body: unknown) => unknown;
  /** Verbs the area writes itself. */
  except?: ReadonlyArray<Verb>;
  /**
   * Its records route calls (checked as a whole on every write: platform/routing-writes.ts); by
   * default when they are destinations.
   */
  routing?: boolean;
}

export interface ResourceHandle<Rec extends { id: number }, In extends z.ZodType, Cr extends z.ZodType> {
  def: Named<ResourceDef<Rec, In, Cr>, Rec>;
  /** How its records are named where they use something (the usage, its defaults filled in). */
  usage: UsageDef | undefined;
  rules: (action: Action) => PermissionRule[];
  /** The area's table with its joins (row-level security scopes it to the account). */
  scoped: (tx: Tx) => AnyQuery;
  /** The record, or 404. */
  read: (tx: Tx, id: number) => Promise<Rec>;
  /** Locks the record's row for the rest of the transaction (404 when it is not the account's). */
  lock: (tx: Tx, id: number) => Promise<void>;
  /** Creates the record (validation, limits, references, event); answers its id. */
  create: (ctx: Ctx, values: z.output<Cr>) => Promise<{ id: number; record: Rec }>;
  /** Updates the record (lock, secrets kept, validation, event); answers it as written. */
  update: (ctx: Ctx, id: number, values: z.output<In>) => Promise<Rec>;
  /** Updates only the fields given (validated together with the stored ones); answers the record. */
  patch: (ctx: Ctx, id: number, given: Record<string, unknown>) => Promise<Rec>;
  /** Deletes the record (in-use refusals, event); answers its name. */
  remove: (ctx: Ctx, id: number) => Promise<string>;
  /** Deletes the records, all or none (set-based); answers their names in the ids' order. */
  removeMany: (ctx: Ctx, ids: readonly number[]) => Promise<string[]>;
  /** Records a change of this area (secrets fingerprinted). */
  emit: (ctx: Ctx, kind: string, id: number | null, before: Rec | null, after: Rec | null) => Promise<void>;
}

/** How an area's rows are listed as destinations: SQL of the key, the label, the order, a filter. */
export type DestinationSourceDef = Omit<DestinationSource, 'type' | 'table'>;

export function resource<Rec extends { id: number }, In extends z.ZodType, Cr extends z.ZodType>(
  api: FastifyInstance,
  platform: Platform,
  given: ResourceDef<Rec, In, Cr>,
): ResourceHandle<Rec, In, Cr> {
  const def = named<Rec, ResourceDef<Rec, In, Cr>>(given.area, given);
  const core = resourceCore(def);
  const { table, defs, idSql } = core;
  const except = new Set(def.except ?? []);

  if (!except.has('list')) platform.lists.push({ area: def.area, table, fields: defs });
  // What this area's records use, so a delete elsewhere can name them ('In use in Seat 201').
  const usage = def.usage && usageOf(def, def.usage, idSql);
  if (usage) platform.references.addUses(table, defs, usage);
  // What routes to this area's records: the destination pickers and labels.
  if (def.destination?.source) {
    platform.destinations.add({ type: def.destination.type, table, ...def.destination.source });
  }
  for (const other of def.destination?.also ?? [])
    platform.destinations.add({ type: other.type, table, ...other.source });

  const writes = resourceWrites(core);
  const removeMany = resourceRemoval(core, platform);
  const remove: ResourceHandle<Rec, In, Cr>['remove'] = async (ctx, id) => (await removeMany(ctx, [id]))[0] as string;
  const handle: ResourceHandle<Rec, In, Cr> = {
    def,
    usage,
    rules: core.rules,
    scoped: core.scoped,
    read: core.read,
    lock: core.lock,
    ...writes,
    remove,
    removeMany,
    emit: core.emit,
  };
  registerListRoutes(api, platform, core, except);
  registerRecordRoutes(api, platform, handle, except);
  return handle;
}

/** A part of an area's routes that uses its resource (its records' reads and writes). */
export type ResourcePart<H> = (api: FastifyInstance, platform: Platform, resource: H) => void;

/**
 * An area's resource (`resource(api, platform, def)`) and then each of `parts`, the routes of its
 * own that use it. Answers the resource.
 */
export function resourceWithParts<Rec extends { id: number }, In extends z.ZodType, Cr extends z.ZodType>(
  api: FastifyInstance,
  platform: Platform,
  def: ResourceDef<Rec, In, Cr>,
  ...parts: Array<ResourcePart<ResourceHandle<Rec, In, Cr>>>
): ResourceHandle<Rec, In, Cr> {
  const handle = resource(api, platform, def);
  for (const part of parts) part(api, platform, handle);
  return handle;
}

/** What the verbs of a resource share: its table, how a record is read, locked and recorded in an event. */
interface ResourceCore<Rec extends { id: number }, In extends z.ZodType, Cr extends z.ZodType> {
  def: Named<ResourceDef<Rec, In, Cr>, Rec>;
  fields: FieldMap<Rec>;
  defs: Record<string, FieldDef>;
  table: TenantTable;
  /** The id column's SQL, `{table}.id`. */
  idSql: string;
  /** The fields the update's body takes. */
  inputKeys: string[];
  rules: (action: Action) => PermissionRule[];
  scoped: (tx: Tx) => AnyQuery;
  read: (tx: Tx, id: number) => Promise<Rec>;
  /** The records of `ids` (any order; missing ones left out), in one query. */
  readMany: (tx: Tx, ids: readonly number[]) => Promise<Map<number, Rec>>;
  lock: (tx: Tx, id: number) => Promise<void>;
  /** A record as stored in an event: secrets replaced by a fingerprint. */
  forEvent: (record: Rec | null) => Record<string, unknown> | null;
  emit: ResourceHandle<Rec, In, Cr>['emit'];
  /** A unique or foreign-key violation as the field's message; anything else rethrown. */
  mapViolation: (error: unknown) => never;
}

function resourceCore<Rec extends { id: number }, In extends z.ZodType, Cr extends z.ZodType>(
  def: Named<ResourceDef<Rec, In, Cr>, Rec>,
): ResourceCore<Rec, In, Cr> {
  const { fields, table } = def;
  const defs = fields as Record<string, FieldDef>;
  const idSql = `${table}.id`;
  const rules = (action: Action): PermissionRule[] => [
    ...(def.requires ?? []),
    { resource: action === 'read' ? (def.readPermission ?? def.permission) : def.permission, action },
  ];
  const scoped = (tx: Tx): AnyQuery => {
    // The table is one of the area tables, known only at run time: its query is typed loosely.
    const base: AnyQuery = tx.selectFrom(table);
    return def.from ? def.from(base) : base;
  };
  const read = async (tx: Tx, id: number): Promise<Rec> => {
    const [record] = await selectRecords<Rec>(scoped(tx).where(sql.raw(idSql), '=', id), fields);
    if (!record) throw notFound();
    return record;
  };
  const readMany = async (tx: Tx, ids: readonly number[]): Promise<Map<number, Rec>> => {
    const records = await selectRecords<Rec>(scoped(tx).where(sql.raw(idSql), 'in', [...ids]), fields);
    return new Map(records.map((r) => [r.id, r]));
  };
  const lock = async (tx: Tx, id: number) => {
    const { rows } = await sql`select id from ${sql.table(table)} where id = ${id} for update`.execute(tx);
    if (rows.length === 0) throw notFound();
  };
  const forEvent = (record: Rec | null): Record<string, unknown> | null => {
    if (!record) return null;
    const out: Record<string, unknown> = { ...record };
    for (const [name, d] of Object.entries(defs)) if (d.secret) out[name] = secretFingerprint(out[name]);
    // Write-only fields (a PIN) are never read back: the event says nothing of them.
    return out;
  };
  const emit: ResourceHandle<Rec, In, Cr>['emit'] = (ctx, kind, id, before, after) => {
    const named = after ?? before;
    return ctx.emit({
      area: def.area,
      recordId: id,
      kind,
      before: forEvent(before),
      after: forEvent(after),
      label: named ? def.label(named) : undefined,
    });
  };
  const mapViolation = (error: unknown): never => {
    throw uniqueViolationError(error, def.uniqueViolations ?? {}) ?? foreignKeyViolationError(error, defs) ?? error;
  };
  const inputKeys = shapeKeys(def.routes.update.body as z.ZodType);
  return {
    def,
    fields,
    defs,
    table,
    idSql,
    inputKeys,
    rules,
    scoped,
    read,
    readMany,
    lock,
    forEvent,
    emit,
    mapViolation,
  };
}

const writeCtx = <V, Rec>(ctx: Ctx, id: number | undefined, current: Rec | null, values: V): WriteCtx<V, Rec> => ({
  ...ctx,
  id,
  current,
  values,
});

/** Create, update and the partial update (patch) of a resource. */
function resourceWrites<Rec extends { id: number }, In extends z.ZodType, Cr extends z.ZodType>(
  core: ResourceCore<Rec, In, Cr>,
): Pick<ResourceHandle<Rec, In, Cr>, 'create' | 'update' | 'patch'> {
  const { def, fields, table, read, lock, emit, mapViolation, inputKeys } = core;
  // A routing object's write is checked as a whole once written (platform/routing-writes.ts).
  const routingBefore = async (ctx: Ctx) => (isRoutingObject(def) ? ctx.platform.routing.before(ctx) : undefined);
  const startOf = (record: Rec) =>
    def.destination ? destinationValue(def.destination.type, def.destination.key(record)) : undefined;
  const create: ResourceHandle<Rec, In, Cr>['create'] = async (ctx, input) => {
    const values = (def.prepare ? def.prepare(input, { auth: ctx.auth, create: true }) : input) as z.output<Cr>;
    const w = writeCtx<z.output<Cr>, Rec>(ctx, undefined, null, values);
    await runValidators(w, [...(def.validateCreate ?? []), ...((def.validate ?? []) as Validator[])]);
    const routing = await routingBefore(ctx);
    const row = {
      ...rowFrom(fields, values as Record<string, unknown>, { create: true }),
      ...(def.createColumns?.(values, ctx.auth) ?? {}),
      account_no: ctx.auth.accountNo,
    };
    const inserted = await sql<{ id: number }>`insert into ${sql.table(table)} ${insertValues(row)} returning id`
      .execute(ctx.db)
      .catch(mapViolation);
    const id = Number(inserted.rows[0]?.id);
    if (def.afterCreate) await def.afterCreate(ctx, id, values);
    const record = await read(ctx.db, id);
    await emit(ctx, 'create', id, null, record);
    await routing?.(startOf(record));
    return { id, record };
  };

  const applyUpdate = async (ctx: Ctx, id: number, current: Rec, input: z.output<In>): Promise<Rec> => {
    let values = (def.prepare ? def.prepare(input, { auth: ctx.auth, create: false }) : input) as z.output<In>;
    // A user who was sent '' for a secret and sends it back keeps the stored value.
    const hidden = hiddenSecrets(fields, ctx.auth).filter((f) => (values as Record<string, unknown>)[f] === '');
    if (hidden.length > 0) {
      const kept = Object.fromEntries(hidden.map((f) => [f, (current as Record<string, unknown>)[f]]));
      values = { ...(values as Record<string, unknown>), ...kept } as z.output<In>;
    }
    await runValidators(writeCtx(ctx, id, current, values), (def.validate ?? []) as Validator[]);
    const routing = await routingBefore(ctx);
    const row = rowFrom(fields, values as Record<string, unknown>, { create: false, current });
    if (Object.keys(row).length > 0) {
      await ctx.db.updateTable(table).set(row).where('id', '=', id).execute().catch(mapViolation);
    }
    const after = await read(ctx.db, id);
    await emit(ctx, 'update', id, current, after);
    if (!def.afterUpdate) {
      await routing?.(startOf(after));
      return after;
    }
    await def.afterUpdate(ctx, current, values);
    await routing?.(startOf(after));
    return read(ctx.db, id);
  };

  const update: ResourceHandle<Rec, In, Cr>['update'] = async (ctx, id, input) => {
    await lock(ctx.db, id);
    const current = await read(ctx.db, id);
    assertVersion(ctx, current);
    return applyUpdate(ctx, id, current, input);
  };

  /**
   * A partial update: the fields sent over the stored record's, the whole validated by the update
   * schema (its cross-field rules included), so what was not sent stays as it is.
   */
  const patch: ResourceHandle<Rec, In, Cr>['patch'] = async (ctx, id, given) => {
    assertPatchable(given, id, inputKeys);
    await lock(ctx.db, id);
    const current = await read(ctx.db, id);
    assertVersion(ctx, current);
    const stored = Object.fromEntries(
      inputKeys.filter((k) => k in (current as object)).map((k) => [k, (current as Record<string, unknown>)[k]]),
    );
    const { id: _id, version: _version, ...fieldsGiven } = given;
    const parsed = (def.routes.update.body as z.ZodType).safeParse({ ...stored, ...fieldsGiven });
    if (!parsed.success) throw fromZodError(parsed.error);
    return applyUpdate(ctx, id, current, parsed.data as z.output<In>);
  };
  return { create, update, patch };
}

/**
 * Deletes the records, all or none: a set-based statement per step whatever their number (lock,
 * read, each reference, delete, events), refusing as a one-by-one delete in the ids' order would
 * (the first missing one 404, the first in use 409 naming its uses). Answers their names.
 */
function resourceRemoval<Rec extends { id: number }, In extends z.ZodType, Cr extends z.ZodType>(
  core: ResourceCore<Rec, In, Cr>,
  platform: Platform,
): ResourceHandle<Rec, In, Cr>['removeMany'] {
  const { def, table, readMany, forEvent } = core;
  return async (ctx, ids) => {
    if (ids.length === 0) return [];
    if (def.readOnly) await refuseReadOnly(ctx.db, ids, readMany, def.readOnly);
    const { rows: locked } = await sql<{ id: number }>`select id from ${sql.table(table)}
      where id in (${sql.join(ids)}) order by id for update`.execute(ctx.db);
    if (locked.length < ids.length) throw notFound();
    const byId = await readMany(ctx.db, ids);
    const current = ids.map((id) => {
      const record = byId.get(id);
      if (!record) throw notFound();
      return record;
    });
    await refuseInUse(ctx, platform, core, current);
    if (def.beforeDeleteMany) await def.beforeDeleteMany(ctx, current);
    if (def.beforeDelete) for (const record of current) await def.beforeDelete(ctx, record);
    await ctx.db
      .deleteFrom(table)
      .where('id', 'in', [...ids])
      .execute()
      .catch((error: unknown) => {
        // A use the registry does not know (or one committed meanwhile): the foreign key refuses.
        // 23001 restrict_violation, 23503 foreign_key_violation.
        const code = (error as { code?: string }).code;
        if (code === '23001' || code === '23503') throw new HttpError(409, MESSAGES.inUse);
        throw error;
      });
    await ctx.emit(
      current.map((record) => ({
        area: def.area,
        recordId: record.id,
        kind: 'delete',
        before: forEvent(record),
        after: null,
        label: def.label(record),
      })),
    );
    return current.map((record) => def.label(record));
  };
}

/**
 * Rows the account may see but not change (the provider's): refused before the delete's lock, which
 * row-level security would answer as not found.
 */
async function refuseReadOnly<Rec extends { id: number }>(
  tx: Tx,
  ids: readonly number[],
  readMany: (tx: Tx, ids: readonly number[]) => Promise<Map<number, Rec>>,
  readOnly: (record: Rec) => string | undefined,
): Promise<void> {
  const seen = await readMany(tx, ids);
  for (const id of ids) {
    const record = seen.get(id);
    if (!record) throw notFound();
    const reason = readOnly(record);
    if (reason) throw new HttpError(403, reason);
  }
}

/** Refuses the delete of records something routes to or holds (409 naming the uses). */
async function refuseInUse<Rec extends { id: number }, In extends z.ZodType, Cr extends z.ZodType>(
  ctx: Ctx,
  platform: Platform,
  { def, table }: ResourceCore<Rec, In, Cr>,
  current: Rec[],
): Promise<void> {
  const destination = def.destination;
  // Every destination value a record is ('seat:201', and 'voicemail:201' for a seat).
  const types = destination ? [destination.type, ...(destination.also ?? []).map((a) => a.type)] : [];
  const valuesOf = (r: Rec) => (destination ? types.map((type) => destinationValue(type, destination.key(r))) : []);
  const routedTo = destination
    ? await platform.references.usagesOf(ctx.db, 'destination', current.flatMap(valuesOf))
    : new Map<string, Usage[]>();
  const held = await platform.references.usagesOf(
    ctx.db,
    `row:${table}`,
    current.map((r) => r.id),
  );
  for (const record of current) {
    const uses = [
      ...valuesOf(record).flatMap((value) => routedTo.get(value) ?? []),
      ...(held.get(String(record.id)) ?? []),
    ];
    if (uses.length > 0 && def.inUseMessage) throw inUseError(uses, def.inUseMessage);
    platform.references.refuseIfUsed(uses);
  }
}

/** The records shown to the session (hidden fields blanked), decorated. */
async function shownRecords<Rec extends { id: number }>(
  def: Pick<ResourceDef<Rec, z.ZodType, z.ZodType>, 'fields' | 'decorate'>,
  ctx: Ctx,
  records: Rec[],
): Promise<Rec[]> {
  const visible = shownTo(def.fields, ctx.auth, records);
  return def.decorate ? def.decorate(ctx, visible) : visible;
}

/** The list routes: by path (offset / limit), by body, by query string, and the picker's. */
function registerListRoutes<Rec extends { id: number }, In extends z.ZodType, Cr extends z.ZodType>(
  api: FastifyInstance,
  platform: Platform,
  core: ResourceCore<Rec, In, Cr>,
  except: ReadonlySet<Verb>,
): void {
  const { def, fields, idSql, rules, scoped } = core;
  const listPage = async (ctx: Ctx, options: Parameters<typeof pagedList>[4]): Promise<ListReply<Rec>> => {
    const page = await pagedList<Rec>(scoped(ctx.db), fields, idSql, def.defaultSort as DefaultSort, options);
    return { ...page, records: await shownRecords(def, ctx, page.records) };
  };
  const r = def.routes;
  if (!except.has('list')) {
    tenantRoute(api, platform, r.list, {
      allow: rules('read'),
      readOnly: true,
      schema: { body: listBodyFor(fields, def.defaultSort.keyset ? keysetBody : {}) },
      handler: async (ctx, { params, body }) => {
        const { accountNo, ...b } = (body ?? {}) as Record<string, unknown>;
        if (accountNo !== undefined && accountNo !== ctx.auth.accountNo) throw notFound();
        const p = params as { offset: number; limit: number };
        return listPage(ctx, { ...p, ...(b as object) });
      },
    });
  }
  if (r.listByBody && !except.has('listByBody')) {
    tenantRoute(api, platform, r.listByBody, {
      allow: rules('read'),
      readOnly: true,
      schema: { body: pagedBodyFor(fields) },
      handler: async (ctx, { body }) => {
        const { accountNo, ...options } = body as ListOptions & { accountNo?: number };
        if (accountNo !== undefined && accountNo !== ctx.auth.accountNo) throw notFound();
        return listPage(ctx, options);
      },
    });
  }
  if (r.pick && !except.has('pick')) registerPickRoute(api, platform, core, r.pick);
  const byQuery = (contract: RouteContract) =>
    tenantRoute(api, platform, contract, {
      allow: rules('read'),
      schema: { query: listQueryFor(fields) },
      handler: async (ctx, { params, query }) => {
        const q = query as {
          sortBy?: string;
          sortByDir?: SortDirection;
          search?: string;
          filters?: Record<string, never>;
        };
        const p = (params ?? { offset: -1, limit: -1 }) as { offset: number; limit: number };
        return listPage(ctx, { ...p, sortBy: q.sortBy, direction: q.sortByDir, search: q.search, filters: q.filters });
      },
    });
  if (!except.has('listByQuery')) byQuery(r.listByQuery);
  if (r.listAll && !except.has('listAll')) byQuery(r.listAll);
}

/** A picker's page: only the fields it names (whole records when one of them is decorated). */
function registerPickRoute<Rec extends { id: number }, In extends z.ZodType, Cr extends z.ZodType>(
  api: FastifyInstance,
  platform: Platform,
  { def, fields, idSql, rules, scoped }: ResourceCore<Rec, In, Cr>,
  route: RouteContract,
): void {
  tenantRoute(api, platform, route, {
    allow: rules('read'),
    readOnly: true,
    schema: { body: pickBodyFor(fields) },
    handler: async (ctx, { params, body }) => {
      const { accountNo, fields: names, ...b } = body as { accountNo?: number; fields: string[] };
      if (accountNo !== undefined && accountNo !== ctx.auth.accountNo) throw notFound();
      const p = params as { offset: number; limit: number };
      const wanted = ['id', ...names];
      const whole = def.decorate !== undefined && names.some((n) => def.decorated?.includes(n as keyof Rec & string));
      const subset = whole ? fields : pickedFields(fields, names);
      const page = await pagedList<Rec>(
        scoped(ctx.db),
        fields,
        idSql,
        def.defaultSort as DefaultSort,
        { ...p, ...(b as object) },
        subset,
      );
      let records = shownTo(subset, ctx.auth, page.records);
      if (whole && def.decorate) records = await def.decorate(ctx, records);
      const picked = records.map((record) =>
        Object.fromEntries(wanted.map((n) => [n, (record as Record<string, unknown>)[n]])),
      );
      return { ...page, records: picked };
    },
  });
}

/** The record routes: read, create, update (PUT, PATCH and the spec's POST save) and the deletes. */
function registerRecordRoutes<Rec extends { id: number }, In extends z.ZodType, Cr extends z.ZodType>(
  api: FastifyInstance,
  platform: Platform,
  handle: ResourceHandle<Rec, In, Cr>,
  except: ReadonlySet<Verb>,
): void {
  const { def, rules } = handle;
  const r = def.routes;
  if (!except.has('read')) {
    tenantRoute(api, platform, r.read, {
      allow: rules('read'),
      handler: async (ctx, { params }) => {
        const [record] = await shownRecords(def, ctx, [await handle.read(ctx.db, (params as { id: number }).id)]);
        const version = (record as { version?: unknown } | undefined)?.version;
        if (typeof version === 'number') ctx.reply.header('etag', `"${version}"`);
        return record;
      },
    });
  }
  if (!except.has('create')) {
    tenantRoute(api, platform, r.create, {
      allow: rules('create'),
      ...(def.mapBody ? { mapBody: def.mapBody } : {}),
      handler: async (ctx, { body }) => {
        const { id, record } = await handle.create(ctx, body as z.output<Cr>);
        return { success: true, message: `${def.label(record)} ${MESSAGES.createdSuccessfully}`, id };
      },
    });
  }
  if (!except.has('update')) registerUpdateRoutes(api, platform, handle);
  if (!except.has('remove')) {
    tenantRoute(api, platform, r.remove, {
      allow: rules('delete'),
      handler: async (ctx, { params }) => {
        const id = (params as { id: number }).id;
        return { success: true, message: MESSAGES.successfullyDeleted(await handle.remove(ctx, id)), id };
      },
    });
  }
  if (!except.has('removeMany')) {
    tenantRoute(api, platform, r.removeMany, {
      allow: rules('delete'),
      handler: async (ctx, { body }) => {
        const b = body as { id: number } | { ids: number[] };
        const ids = 'id' in b ? [b.id] : [...new Set(b.ids)];
        const names = await handle.removeMany(ctx, ids);
        const message = MESSAGES.successfullyDeleted(names.join(', '));
        return 'id' in b ? { success: true, message, id: b.id } : { success: true, message, ids };
      },
    });
  }
}

/** PUT (a complete body), and PATCH and the spec's POST save (only the fields sent change). */
function registerUpdateRoutes<Rec extends { id: number }, In extends z.ZodType, Cr extends z.ZodType>(
  api: FastifyInstance,
  platform: Platform,
  handle: ResourceHandle<Rec, In, Cr>,
): void {
  const { def, rules } = handle;
  const r = def.routes;
  const defs = def.fields as Record<string, FieldDef>;
  const updated = (record: Rec) => def.updatedMessage?.(record) ?? MESSAGES.updated(def.label(record));
  // PUT: a complete body. A missing field is an error (each named), never silently its default.
  // Write-only fields (a PIN the record does not show) may be left out: absent keeps the stored one.
  // Checked before the update's schema (a missing field stops there), which stays what the OpenAPI
  // document shows: the fields with their types and bounds (a pipe from a plain object showed none).
  const required = shapeKeys(def.routes.update.body as z.ZodType).filter((k) => !defs[k]?.writeOnly);
  const complete = z.preprocess((body, ctx) => {
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const k of required) {
        if ((body as Record<string, unknown>)[k] === undefined)
          ctx.addIssue({ code: 'custom', path: [k], message: MESSAGES.required });
      }
    }
    return body;
  }, def.routes.update.body as z.ZodType);
  tenantRoute(api, platform, r.update, {
    allow: rules('update'),
    ...(def.mapBody ? { mapBody: def.mapBody } : {}),
    schema: { body: complete },
    handler: async (ctx, { params, body }) => {
      const id = (params as { id: number }).id;
      const record = await handle.update(ctx, id, body as z.output<In>);
      return { success: true, message: updated(record), id };
    },
  });
  for (const route of [r.patch, r.save]) {
    if (!route) continue;
    tenantRoute(api, platform, route, {
      allow: rules('update'),
      ...(def.mapBody ? { mapBody: def.mapBody } : {}),
      schema: { body: z.record(z.string(), z.unknown()) },
      handler: async (ctx, { params, body }) => {
        const id = (params as { id: number }).id;
        const record = await handle.patch(ctx, id, body as Record<string, unknown>);
        return { success: true, message: updated(record), id };
      },
    });
  }
}

/** A usage with its defaults: the title's SQL as the name, '/{area}/{id}' as the page. */
function usageOf(
  def: { area: string; title?: string; fields: Record<string, FieldDef> },
  usage: Omit<UsageDef, 'name'> & { name?: string },
  idSql: string,
): UsageDef {
  const name = usage.name ?? (def.title ? def.fields[def.title]?.sql : undefined);
  if (!name) throw new Error(`${def.area}: the usage's name, or a title`);
  return { link: `'/${def.area}/' || ${idSql}`, ...usage, name };
}

/**
 * The version an update was based on — If-Match: "7" (as the read's ETag gave it), or the body's
 * `version` (as the read's record gave it): a record changed since is refused (409) and nothing is
 * written. With neither (the spec's API clients) the update applies to what is stored.
 */
export function assertVersion(ctx: Ctx, current: { id: number }): void {
  const header = ctx.request.headers['if-match'];
  const sent = ctx.request.sentVersion;
  if (sent !== undefined && !(typeof sent === 'number' && Number.isSafeInteger(sent) && sent >= 0))
    throw validationError({ version: MESSAGES.badRequest });
  const stored = (current as { version?: unknown }).version;
  if (typeof stored !== 'number') return;
  if (header !== undefined) {
    const wanted = String(header).replace(/^W\//, '').replaceAll('"', '').trim();
    if (wanted !== '*' && wanted !== String(stored)) throw new HttpError(409, MESSAGES.staleVersion);
  }
  if (sent !== undefined && sent !== stored) throw new HttpError(409, MESSAGES.staleVersion);
}

/**
 * A partial save names only fields its update takes (and `version`, and the record's own `id`):
 * anything else — a computed field, another account, a typo — is refused under its name rather
 * than dropped while the save goes through.
 */
function assertPatchable(given: Record<string, unknown>, id: number, inputKeys: readonly string[]): void {
  const refused: Record<string, string> = {};
  for (const key of Object.keys(given)) {
    if (inputKeys.includes(key) || key === 'version' || (key === 'id' && given.id === id)) continue;
    refused[key] = MESSAGES.notAField;
  }
  if (Object.keys(refused).length > 0) throw validationError(refused);
}

/** The fields of an object schema (through a refinement: zod keeps the shape). */
export function shapeKeys(schema: z.ZodType): string[] {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

/** `(col, ...) values ($1, ...)` of a row for a raw insert. */
export function insertValues(row: Record<string, unknown>) {
  const columns = Object.keys(row);
  return sql`(${sql.join(columns.map((c) => sql.ref(c)))}) values (${sql.join(columns.map((c) => sql`${row[c]}`))})`;
}

export { recordFrom, saveReply };
