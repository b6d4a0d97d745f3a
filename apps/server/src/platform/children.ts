/**
 * Nested child collections of a resource (an access list's numbers, a call group's members...):
 * rows of a child table that belong to one parent row. The area names its routes (the spec gives
 * each collection its own paths); the builder registers those it is given: every child of a parent,
 * a paged list, add, update, delete and the id-less delete. Changing the children is an update of
 * the parent: it needs update on the parent's permission and is recorded as the parent's event.
 */
import { type Action, MESSAGES, type RouteContract } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { TenantTable } from '../db/schema.ts';
import type { PermissionRule } from './auth.ts';
import { foreignKeyViolationError, notFound, type UniqueViolations, uniqueViolationError } from './errors.ts';
import { type FieldDef, type FieldMap, rowFrom } from './fields.ts';
import { type AnyQuery, type DefaultSort, listBodyFor, pagedList, selectRecords } from './list.ts';
import type { ChangeEvent } from './outbox.ts';
import type { Platform } from './platform.ts';
import type { UsageDef } from './references.ts';
import {
  assertVersion,
  type Named,
  type Naming,
  named,
  type ResourceHandle,
  runValidators,
  type Validator,
} from './resources.ts';
import { type Ctx, type TenantRouteOptions, tenantRoute } from './routes.ts';
import { isRoutingObject, routingChecked } from './routing-writes.ts';
import type { Tx } from './tenancy.ts';

export interface ChildrenDef<Child extends { id: number }> extends Naming<Child> {
  // biome-ignore lint/suspicious/noExplicitAny: any resource can have children.
  parent: ResourceHandle<any, any, any>;
  table: TenantTable;
  /** The child table's column holding the parent's id. */
  parentColumn: string;
  fields: FieldMap<Child>;
  /** The event kind's prefix ('entry' gives 'entry.create', 'entry.delete'). */
  kind: string;
  routes: {
    /** Every child of the parent :id. */
    all?: RouteContract;
    /** A page of the parent :id's children (:offset/:limit). */
    page?: RouteContract;
    /** Adds a child to the parent :id. */
    add?: RouteContract;
    /** Changes the child whose id is in the body (the spec's PUT /callgroup/member). */
    update?: RouteContract;
    /** Deletes the child :id. */
    remove?: RouteContract;
    /** Deletes the children { id } / { ids } (all or none). */
    removeMany?: RouteContract;
  };
  /**
   * Where the add route finds the parent's id: the path's :id (default), or the body's field that
   * holds it, the child's parent field (the spec's POST /dialthrough/cli names no id in its path).
   */
  addParentFrom?: 'path' | 'body';
  /** The parent permission's action that changing children needs (default 'update'). */
  writeAction?: Action;
  validate?: ReadonlyArray<Validator>;
  uniqueViolations?: UniqueViolations;
  /** How a use by a child is named when something it holds is deleted ('In use in Call Group 300 - Sales'). */
  usage?: UsageDef;
  /** Completes the rows read (e.g. a member's display name from its destination). */
  decorate?: (tx: Tx, children: Child[]) => Promise<Child[]>;
  /**
   * A check after children are deleted, in the delete's transaction (throwing undoes it): e.g. a
   * parent that may not be left without any. The parents are locked before the delete.
   */
  afterRemove?: (ctx: Ctx, parentIds: number[]) => Promise<void>;
}

export function children<Child extends { id: number }>(
  api: FastifyInstance,
  platform: Platform,
  given: ChildrenDef<Child>,
): void {
  const core = childrenCore(given);
  const { def } = core;
  // What the children hold (a member's destination), so a delete elsewhere names their parent.
  if (def.usage) platform.references.addUses(def.table, def.fields as Record<string, FieldDef>, def.usage);
  registerChildReads(api, platform, core);
  childWriteRoute(api, platform, core, def.routes.add, childAdd);
  childWriteRoute(api, platform, core, def.routes.update, childUpdate);
  registerChildRemovals(api, platform, core);
}

/** What the routes of a child collection share. */
interface ChildrenCore<Child extends { id: number }> {
  def: Named<ChildrenDef<Child>, Child>;
  idSql: string;
  /** The field holding the parent's id (events name the parent). */
  parentKey: string;
  readRules: PermissionRule[];
  writeRules: PermissionRule[];
  ofParent: (ctx: Ctx, parentId: number) => AnyQuery;
  /** The parent's name, or 404 when it is not the account's. */
  parentLabel: (ctx: Ctx, parentId: number) => Promise<string>;
  /** A change of a child, as an event of its parent (named by the parent's label). */
  event: (parentId: number, label: string, kind: string, before: Child | null, after: Child | null) => ChangeEvent;
  mapViolation: (error: unknown) => never;
  /** The child :id as the API shows it (decorated), or nothing. */
  readOne: (ctx: Ctx, id: number) => Promise<Child[]>;
  /** Deletes each child (all or none); answers their names in order. */
  removeAll: (ctx: Ctx, ids: number[]) => Promise<string[]>;
}

function childrenCore<Child extends { id: number }>(given: ChildrenDef<Child>): ChildrenCore<Child> {
  const def = named<Child, ChildrenDef<Child>>(given.table, given);
  const { parent, table, fields } = def;
  const idSql = `${table}.id`;
  const parentKey =
    Object.entries(fields as Record<string, FieldDef>).find(([, d]) => d.column === def.parentColumn)?.[0] ?? '';
  if (parentKey === '') throw new Error(`The children of ${parent.def.table} need a field for ${def.parentColumn}`);
  const ofParent = (ctx: Ctx, parentId: number): AnyQuery =>
    ctx.db.selectFrom(table).where(sql.ref(`${table}.${def.parentColumn}`), '=', parentId);
  const parentLabel = async (ctx: Ctx, parentId: number) => parent.def.label(await parent.read(ctx.db, parentId));
  const event = (parentId: number, label: string, kind: string, before: Child | null, after: Child | null) => ({
    area: parent.def.area,
    recordId: parentId,
    kind: `${def.kind}.${kind}`,
    before: before as Record<string, unknown> | null,
    after: after as Record<string, unknown> | null,
    label,
  });
  const mapViolation = (error: unknown): never => {
    throw (
      uniqueViolationError(error, def.uniqueViolations ?? {}) ??
      foreignKeyViolationError(error, fields as Record<string, FieldDef>) ??
      error
    );
  };
  const readOne = async (ctx: Ctx, id: number): Promise<Child[]> => {
    const rows = await selectRecords<Child>(ctx.db.selectFrom(table).where(sql.ref(idSql), '=', id), fields);
    return def.decorate ? def.decorate(ctx.db, rows) : rows;
  };
  const removeAll = async (ctx: Ctx, ids: number[]): Promise<string[]> => {
    const read = await selectRecords<Child>(ctx.db.selectFrom(table).where(sql.ref(idSql), 'in', ids), fields);
    const found = def.decorate ? await def.decorate(ctx.db, read) : read;
    if (found.length !== ids.length) throw notFound();
    const byId = new Map(found.map((c) => [c.id, c]));
    const parentOf = (child: Child) => Number((child as Record<string, unknown>)[parentKey]);
    const parentIds = [...new Set(found.map(parentOf))];
    if (def.afterRemove) for (const id of parentIds) await parent.lock(ctx.db, id);
    // Each parent named once, however many of its children go.
    const labels = new Map<number, string>();
    for (const id of parentIds) labels.set(id, await parentLabel(ctx, id));
    await ctx.db.deleteFrom(table).where('id', 'in', ids).execute();
    await def.afterRemove?.(ctx, parentIds);
    await ctx.emit(
      found.map((child) => event(parentOf(child), labels.get(parentOf(child)) ?? '', 'delete', child, null)),
    );
    return ids.map((id) => def.label(byId.get(id) as Child));
  };
  const readRules = parent.rules('read');
  const writeRules = parent.rules(def.writeAction ?? 'update');
  return {
    def,
    idSql,
    parentKey,
    readRules,
    writeRules,
    ofParent,
    parentLabel,
    event,
    mapViolation,
    readOne,
    removeAll,
  };
}

/** Every child of a parent, and a page of them. */
function registerChildReads<Child extends { id: number }>(
  api: FastifyInstance,
  platform: Platform,
  { def, idSql, readRules, ofParent }: ChildrenCore<Child>,
): void {
  const { parent, fields, routes } = def;
  if (routes.all) {
    tenantRoute(api, platform, routes.all, {
      allow: readRules,
      handler: async (ctx, { params }) => {
        const parentId = (params as { id: number }).id;
        await parent.read(ctx.db, parentId);
        const records = await selectRecords<Child>(
          ofParent(ctx, parentId).orderBy(
            sql.raw((fields[def.defaultSort.field] as FieldDef).sql),
            def.defaultSort.direction,
          ),
          fields,
        );
        const shown = def.decorate ? await def.decorate(ctx.db, records) : records;
        return { records: shown, totalRecords: shown.length, lastPage: true };
      },
    });
  }
  if (routes.page) {
    tenantRoute(api, platform, routes.page, {
      allow: readRules,
      readOnly: true,
      schema: { body: listBodyFor(fields) },
      handler: async (ctx, { params, body }) => {
        const p = params as { id: number; offset: number; limit: number };
        await parent.read(ctx.db, p.id);
        const page = await pagedList(ofParent(ctx, p.id), fields, idSql, def.defaultSort as DefaultSort, {
          offset: p.offset,
          limit: p.limit,
          ...((body ?? {}) as object),
        });
        return def.decorate ? { ...page, records: await def.decorate(ctx.db, page.records as Child[]) } : page;
      },
    });
  }
}

type ChildHandler = TenantRouteOptions<RouteContract>['handler'];

/** A write of the children (an add, an update), when the area has its route: guarded by the write rules. */
function childWriteRoute<Child extends { id: number }>(
  api: FastifyInstance,
  platform: Platform,
  core: ChildrenCore<Child>,
  route: RouteContract | undefined,
  handlerOf: (core: ChildrenCore<Child>) => ChildHandler,
): void {
  if (!route) return;
  const handler = routingChecked(isRoutingObject(core.def.parent.def), handlerOf(core));
  tenantRoute(api, platform, route, { allow: core.writeRules, handler });
}

/** Adds a child to the parent of the path's :id (or the body's parent field). */
function childAdd<Child extends { id: number }>(core: ChildrenCore<Child>): ChildHandler {
  const { def, parentKey, parentLabel, event, mapViolation, readOne } = core;
  return async (ctx, { params, body }) => {
    const parentId =
      def.addParentFrom === 'body'
        ? Number((body as Record<string, unknown>)[parentKey])
        : (params as { id: number }).id;
    await def.parent.lock(ctx.db, parentId);
    const label = await parentLabel(ctx, parentId);
    const values = { ...(body as Record<string, unknown>), [parentKey]: parentId };
    await runValidators({ ...ctx, id: undefined, current: null, values }, def.validate ?? []);
    const row = { ...rowFrom(def.fields, values, { create: true }), account_no: ctx.auth.accountNo };
    const inserted = await ctx.db
      .insertInto(def.table)
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch(mapViolation);
    const id = Number(inserted.id);
    const [child] = await readOne(ctx, id);
    await ctx.emit(event(parentId, label, 'create', null, child as Child));
    return { success: true, message: `${def.label(child as Child)} ${MESSAGES.createdSuccessfully}`, id };
  };
}

/** Changes the child whose id is in the body, under its parent's lock. */
function childUpdate<Child extends { id: number }>(core: ChildrenCore<Child>): ChildHandler {
  const { def, parentKey, parentLabel, event, mapViolation, readOne } = core;
  return async (ctx, { body }) => {
    const { id, ...given } = body as { id: number } & Record<string, unknown>;
    const [found] = await readOne(ctx, id);
    if (!found) throw notFound();
    const parentId = Number((found as Record<string, unknown>)[parentKey]);
    // Every change of the parent's children holds the parent: the child read again under it is
    // what the edit must have been based on (If-Match, when the child has a version).
    await def.parent.lock(ctx.db, parentId);
    const [current] = await readOne(ctx, id);
    if (!current) throw notFound();
    assertVersion(ctx, current);
    const values = { ...(current as Record<string, unknown>), ...given, [parentKey]: parentId };
    await runValidators({ ...ctx, id, current, values }, def.validate ?? []);
    await ctx.db
      .updateTable(def.table)
      .set(rowFrom(def.fields, given, { create: false }))
      .where('id', '=', id)
      .execute()
      .catch(mapViolation);
    const [after] = await readOne(ctx, id);
    await ctx.emit(event(parentId, await parentLabel(ctx, parentId), 'update', current, after as Child));
    return { success: true, message: MESSAGES.updated(def.label(after as Child)), id };
  };
}

/** Deletes the child :id, and the children { id } / { ids } (all or none). */
function registerChildRemovals<Child extends { id: number }>(
  api: FastifyInstance,
  platform: Platform,
  { def, writeRules, removeAll }: ChildrenCore<Child>,
): void {
  const { routes } = def;
  // The children of a routing object (a group's members) are checked with it (platform/routing-writes.ts).
  const routing = isRoutingObject(def.parent.def);
  if (routes.remove) {
    tenantRoute(api, platform, routes.remove, {
      allow: writeRules,
      handler: routingChecked<Ctx, Parameters<ChildHandler>[1], unknown>(routing, async (ctx, { params }) => {
        const id = (params as { id: number }).id;
        const [name] = await removeAll(ctx, [id]);
        return { success: true, message: MESSAGES.successfullyDeleted(name ?? ''), id };
      }),
    });
  }
  if (routes.removeMany) {
    tenantRoute(api, platform, routes.removeMany, {
      allow: writeRules,
      handler: routingChecked<Ctx, Parameters<ChildHandler>[1], unknown>(routing, async (ctx, { body }) => {
        const b = body as { id: number } | { ids: number[] };
        const ids = 'id' in b ? [b.id] : [...new Set(b.ids)];
        const message = MESSAGES.successfullyDeleted((await removeAll(ctx, ids)).join(', '));
        return 'id' in b ? { success: true, message, id: b.id } : { success: true, message, ids };
      }),
    });
  }
}

/**
 * How a child is named where it uses something: by its parent's usage (type, name, page), e.g. a
 * member's destination 'In use in Call Group 300 - Sales'.
 */
export function parentUsage(
  // biome-ignore lint/suspicious/noExplicitAny: any resource can have children.
  parent: ResourceHandle<any, any, any>,
  table: string,
  parentColumn: string,
): UsageDef {
  const { area, table: parentTable } = parent.def;
  const { usage } = parent;
  if (!usage) throw new Error(`The children of ${parentTable} need the parent's usage`);
  const name = usage.name.replaceAll(`${parentTable}.`, 'p.');
  return {
    type: usage.type,
    name: `(select ${name} from ${parentTable} p where p.id = ${table}.${parentColumn})`,
    link: `'/${area}/' || ${table}.${parentColumn}`,
  };
}

/** A children `decorate` naming each row's destination (`from`, 'seat:201') in `to` ('201 - Reception'). */
export function destinationNames<Child>(platform: Platform, from: keyof Child & string, to: keyof Child & string) {
  return async (tx: Tx, rows: Child[]): Promise<Child[]> => {
    const found = await platform.destinations.find(
      tx,
      rows.map((r) => String(r[from])),
    );
    return rows.map((r) => ({ ...r, [to]: found.get(String(r[from]))?.label ?? String(r[from]) }));
  };
}
