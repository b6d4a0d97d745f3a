/**
 * The resource factory: an area declares its table, path, permission, schemas and columns; the
 * factory registers list / read / create / update / delete with the spec's contract.
 *
 * Tenant scoping is by construction: every query the factory runs starts from `scoped()`, which
 * filters the area's table on the session's effective account; inserts take account_no from the
 * session, never from the body; updates and deletes match id AND account_no.
 */
import {
  type Action,
  type DeleteBody,
  type DestinationType,
  deleteBody,
  deleteReply,
  destinationValue,
  idParam,
  isProviderAdmin,
  type ListReply,
  listBody,
  listParams,
  listQuery,
  MAX_ID,
  MESSAGES,
  type Resource,
  type SortDirection,
  saveReply,
} from '@switchboard/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/database.ts';
import type { TenantTable } from '../db/schema.ts';
import { type AuthContext, type PermissionRule, requirePermission } from './auth.ts';
import { HttpError, notFound, type UniqueViolations, uniqueViolationError, validationError } from './errors.ts';
import type { Platform } from './platform.ts';

// biome-ignore lint/suspicious/noExplicitAny: the factory builds SQL over any declared table.
type AnyDB = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyQuery = SelectQueryBuilder<any, any, any>;

export type FieldKind = 'text' | 'number' | 'boolean' | 'json';

export interface ColumnDef {
  /** A trusted SQL expression over the area's FROM (never user input). */
  sql: string;
  kind: FieldKind;
  sortable?: boolean;
  searchable?: boolean;
  filterable?: boolean;
  /** The expression to sort by when it differs from the shown value (e.g. a formatted date). */
  sortSql?: string;
}

export interface WriteContext {
  trx: Transaction<Database>;
  auth: AuthContext;
  /** The record id on update, undefined on create. */
  id?: number;
}
type Database = DB extends Kysely<infer D> ? D : never;

export interface ResourceDefinition<Rec extends Record<string, unknown>, Input extends z.ZodObject> {
  path: string;
  table: TenantTable;
  tag: string;
  /** The permission resource; its create / read / update / delete guard each route. */
  permission: Resource;
  /** A different resource for listing and reading (spec: the mobile list uses callGroups). */
  readPermission?: Resource;
  /** Further rules every route needs (spec: mobile pages are retail only). */
  requires?: PermissionRule[];
  record: z.ZodType<Rec>;
  input: Input;
  /** Joins over the area's table (aliased by its own name). */
  from?: (query: AnyQuery) => AnyQuery;
  columns: Record<keyof Rec & string, ColumnDef>;
  defaultSort: { field: keyof Rec & string; direction: SortDirection };
  /** Input to table columns (account_no is added by the factory). */
  toRow: (input: z.output<Input>) => Record<string, unknown>;
  /**
   * A create body richer than the update body (e.g. the number, fixed once created), with its
   * row mapping. Defaults to `input` and `toRow`.
   */
  create?: {
    input: z.ZodObject;
    toRow: (input: Record<string, unknown>, auth: AuthContext) => Record<string, unknown>;
  };
  /**
   * Unique constraints of the table, by constraint name, to the field and message a clash gives:
   * the database is the last word when two saves race past `check`.
   */
  uniqueViolations?: UniqueViolations;
  /**
   * Secret text fields (e.g. a PIN) sent only to users who `maySee` them; others get '' in lists
   * and reads (the record schema still holds). A save by such a user that carries '' keeps the
   * stored value, so a form filled from the blanked record does not wipe it.
   */
  secrets?: { fields: Array<keyof Rec & keyof z.output<Input> & string>; maySee: (auth: AuthContext) => boolean };
  /** The name used in feedback ('{name} has been updated'). */
  label: (input: z.output<Input>) => string;
  /** Rules needing the database (uniqueness, references): field to message. */
  check?: (ctx: WriteContext, input: z.output<Input>) => Promise<Record<string, string>>;
  /** Record limit per account: Add is refused past it unless VHAdmin. */
  maxRecords?: number;
  /** The spec also saves with POST {path}/{id} (seats, time profiles): registered as the same update. */
  saveByPost?: boolean;
  /**
   * Another shape the area's create and save bodies may come in (e.g. the spec's seat body), mapped
   * onto the schema's before validation, so one schema validates either.
   */
  bodyFrom?: (body: unknown) => unknown;
  /**
   * When the area is a destination: its type and the key of a record. Deleting a record that
   * something routes to is refused with 'In use in {type} {name}' for each use.
   */
  destination?: { type: DestinationType; key: (record: Rec) => string };
  /** Further writes of a create (e.g. rows in other tables), inside the create's transaction. */
  afterCreate?: (ctx: WriteContext & { id: number }, input: Record<string, unknown>) => Promise<void>;
  /** Further refusals before a delete (throw an HttpError), inside the delete's transaction. */
  beforeDelete?: (ctx: WriteContext, record: Rec) => Promise<void>;
}

/**
 * Locks the account's row until the transaction ends: creates that check a per-account limit
 * (count, then insert) take it first, so concurrent creates are counted one after the other.
 * FOR NO KEY UPDATE: exclusive among these creates, yet it does not block the foreign-key checks
 * of other inserts into the account's tables (FOR UPDATE would, for no gain).
 */
export async function lockAccount(trx: Transaction<Database>, accountNo: number): Promise<void> {
  await trx.selectFrom('accounts').select('account_no').where('account_no', '=', accountNo).forNoKeyUpdate().execute();
}

/** The area's table filtered on the effective account: the only way the factory reads rows. */
function scoped(db: AnyDB, def: { table: string; from?: (q: AnyQuery) => AnyQuery }, accountNo: number): AnyQuery {
  const base = db.selectFrom(def.table).where(`${def.table}.account_no`, '=', accountNo);
  return def.from ? def.from(base) : base;
}

function selectColumns(query: AnyQuery, columns: Record<string, ColumnDef>): AnyQuery {
  return query.select(Object.entries(columns).map(([field, col]) => sql.raw(col.sql).as(field)));
}

function normalise<Rec>(row: Record<string, unknown>, columns: Record<string, ColumnDef>): Rec {
  const out: Record<string, unknown> = {};
  for (const [field, col] of Object.entries(columns)) {
    const v = row[field];
    out[field] =
      col.kind === 'number' && v !== null && v !== undefined ? Number(v) : col.kind === 'boolean' ? Boolean(v) : v;
  }
  return out as Rec;
}

const INT_MIN = -MAX_ID - 1;
const FILTER_EXPECTS: Record<FieldKind, string> = {
  number: 'a whole number',
  boolean: 'true or false',
  text: 'text',
  json: 'text',
};

/**
 * A filter's value as its column's kind: a whole number within the integer range for number
 * columns (a numeric string is accepted), true / false (also 'true' / 'false', 1 / 0) for
 * boolean columns, a string for text. Anything else is a 400 naming the filter, never SQL.
 */
function filterValueOf(field: string, col: ColumnDef, value: string | number | boolean): string | number | boolean {
  let typed: string | number | boolean | undefined;
  if (col.kind === 'number') {
    const n =
      typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
    if (Number.isInteger(n) && n >= INT_MIN && n <= MAX_ID) typed = n;
  } else if (col.kind === 'boolean') {
    if (value === true || value === 'true' || value === 1 || value === '1') typed = true;
    else if (value === false || value === 'false' || value === 0 || value === '0') typed = false;
  } else if (typeof value === 'string') {
    typed = value;
  }
  if (typed === undefined) {
    const message = `The filter '${field}' must be ${FILTER_EXPECTS[col.kind]}`;
    throw new HttpError(400, message, { [`filters.${field}`]: message });
  }
  return typed;
}

export interface ListOptions {
  offset: number;
  limit: number;
  sortBy?: string | undefined;
  direction?: SortDirection | undefined;
  search?: string | undefined;
  filters?: Record<string, string | number | boolean> | undefined;
}

/** Paged, sorted, searched, filtered list over a scoped query (shared by every list route). */
export async function pagedList<Rec>(
  query: AnyQuery,
  columns: Record<string, ColumnDef>,
  defaultSort: { field: string; direction: SortDirection },
  options: ListOptions,
): Promise<ListReply<Rec>> {
  let q = query;
  const search = options.search?.trim();
  if (search) {
    const searchable = Object.values(columns).filter((c) => c.searchable);
    const pattern = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    if (searchable.length > 0) {
      q = q.where((eb) => eb.or(searchable.map((c) => eb(sql.raw(`(${c.sql})::text`), 'ilike', pattern))));
    }
  }
  for (const [field, value] of Object.entries(options.filters ?? {})) {
    const col = columns[field];
    if (!col?.filterable) throw new HttpError(400, `Unknown filter '${field}'`);
    if (value === '' || value === null) continue;
    q = q.where(sql.raw(col.sql), '=', filterValueOf(field, col, value));
  }
  const countRow = await q.clearSelect().select(sql<number>`count(*)::int`.as('total')).executeTakeFirst();
  const total = Number(countRow?.total ?? 0);

  const sortField = options.sortBy && columns[options.sortBy]?.sortable ? options.sortBy : defaultSort.field;
  if (options.sortBy && !columns[options.sortBy]?.sortable)
    throw new HttpError(400, `Cannot sort by '${options.sortBy}'`);
  const direction = options.sortBy ? (options.direction ?? 'asc') : defaultSort.direction;
  const sortCol = columns[sortField] as ColumnDef;
  let page = selectColumns(q, columns).orderBy(sql.raw(sortCol.sortSql ?? sortCol.sql), direction);
  // A stable tie-break so pages never overlap.
  if (columns.id && sortField !== 'id') page = page.orderBy(sql.raw((columns.id as ColumnDef).sql), 'asc');
  if (options.limit !== -1) page = page.offset(options.offset).limit(options.limit);
  const rows = (await page.execute()) as Record<string, unknown>[];
  const records = rows.map((r) => normalise<Rec>(r, columns));
  const lastPage = options.limit === -1 || options.offset + options.limit >= total;
  return { records, totalRecords: total, lastPage };
}

/** The distinct ids of a delete body, in the order given. */
export { deleteBody, deleteReply };

export function idsOf(body: DeleteBody): number[] {
  return 'id' in body ? [body.id] : [...new Set(body.ids)];
}

/** 'Successfully deleted {name}' (names joined for several), echoing `id` or `ids` as the body did. */
export function deleteReplyOf(body: DeleteBody, ids: number[], names: string[]): z.infer<typeof deleteReply> {
  const message = MESSAGES.successfullyDeleted(names.join(', '));
  return 'id' in body ? { success: true, message, id: body.id } : { success: true, message, ids };
}

const offsetLimit = listParams;

export function registerResource<Rec extends Record<string, unknown>, Input extends z.ZodObject>(
  app: FastifyInstance,
  platform: Platform,
  def: ResourceDefinition<Rec, Input>,
): void {
  const db = platform.db;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const anyDb = db as AnyDB;
  const rules = (action: Action): PermissionRule[] => [
    ...(def.requires ?? []),
    { resource: action === 'read' ? (def.readPermission ?? def.permission) : def.permission, action },
  ];
  const authorise = (request: FastifyRequest, action: Action) => requirePermission(request, ...rules(action));
  const columns = def.columns as Record<string, ColumnDef>;
  const listReplySchema = z.object({ records: z.array(def.record), totalRecords: z.number(), lastPage: z.boolean() });
  const tags = [def.tag];

  const readOne = async (auth: AuthContext, id: number, via: AnyDB = anyDb): Promise<Rec> => {
    const row = await selectColumns(scoped(via, def, auth.accountNo), columns)
      .where(`${def.table}.id`, '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return normalise<Rec>(row as Record<string, unknown>, columns);
  };
  /** The record as `auth` may see it: secrets blanked for those who may not. */
  const shown = (auth: AuthContext, record: Rec): Rec => {
    if (!def.secrets || def.secrets.maySee(auth)) return record;
    return { ...record, ...Object.fromEntries(def.secrets.fields.map((f) => [f, ''])) };
  };
  const shownPage = (auth: AuthContext, page: ListReply<Rec>): ListReply<Rec> =>
    !def.secrets || def.secrets.maySee(auth) ? page : { ...page, records: page.records.map((r) => shown(auth, r)) };
  /** A save by a user who cannot see the secrets: '' (what they were sent) keeps the stored value. */
  const keepSecrets = async (trx: Transaction<Database>, auth: AuthContext, id: number, input: z.output<Input>) => {
    if (!def.secrets || def.secrets.maySee(auth)) return input;
    const blank = def.secrets.fields.filter((f) => (input as Record<string, unknown>)[f] === '');
    if (blank.length === 0) return input;
    const stored = await readOne(auth, id, trx as AnyDB);
    return { ...input, ...Object.fromEntries(blank.map((f) => [f, stored[f]])) } as z.output<Input>;
  };

  r.post(
    `${def.path}/:offset/:limit`,
    { schema: { tags, params: offsetLimit, body: listBody.optional(), response: { 200: listReplySchema } } },
    async (request) => {
      const auth = authorise(request, 'read');
      const body = request.body ?? {};
      const page = await pagedList<Rec>(scoped(anyDb, def, auth.accountNo), columns, def.defaultSort, {
        ...request.params,
        ...body,
      });
      return shownPage(auth, page);
    },
  );

  r.get(
    `${def.path}/:offset/:limit`,
    { schema: { tags, params: offsetLimit, querystring: listQuery, response: { 200: listReplySchema } } },
    async (request) => {
      const auth = authorise(request, 'read');
      const q = request.query;
      const page = await pagedList<Rec>(scoped(anyDb, def, auth.accountNo), columns, def.defaultSort, {
        ...request.params,
        sortBy: q.sortBy,
        direction: q.sortByDir,
        search: q.search,
        filters: q.filters,
      });
      return shownPage(auth, page);
    },
  );

  r.get(
    `${def.path}/:id`,
    { schema: { tags, params: idParam, response: { 200: def.record as z.ZodType } } },
    async (request) => {
      const auth = authorise(request, 'read');
      return shown(auth, await readOne(auth, request.params.id));
    },
  );

  const runChecks = async (ctx: WriteContext, input: z.output<Input>) => {
    const problems = def.check ? await def.check(ctx, input) : {};
    if (Object.keys(problems).length > 0) throw validationError(problems);
  };

  const uniqueViolation = (error: unknown): never => {
    throw (def.uniqueViolations && uniqueViolationError(error, def.uniqueViolations)) || error;
  };

  // Create and save: a body in the area's other shape is mapped before the schema sees it.
  const { bodyFrom } = def;
  const mapBody = bodyFrom
    ? {
        preValidation: async (request: FastifyRequest) => {
          request.body = bodyFrom(request.body);
        },
      }
    : {};

  const createBody = def.create?.input ?? def.input;
  const createRow = (input: z.output<Input>, auth: AuthContext) =>
    def.create ? def.create.toRow(input as Record<string, unknown>, auth) : def.toRow(input);

  r.post(
    def.path,
    { schema: { tags, body: createBody, response: { 200: saveReply } }, ...mapBody },
    async (request) => {
      const auth = authorise(request, 'create');
      const input = request.body as z.output<Input>;
      const id = await db
        .transaction()
        .execute(async (trx) => {
          if (def.maxRecords !== undefined && !isProviderAdmin(auth)) {
            // One create at a time per account past this point, so two cannot both pass the count.
            await lockAccount(trx, auth.accountNo);
            const count = await (trx as AnyDB)
              .selectFrom(def.table)
              .select(sql<number>`count(*)::int`.as('n'))
              .where('account_no', '=', auth.accountNo)
              .executeTakeFirst();
            if (Number(count?.n ?? 0) >= def.maxRecords) {
              throw new HttpError(409, `You cannot add more than ${def.maxRecords} records to this account`);
            }
          }
          await runChecks({ trx, auth }, input);
          const inserted = await (trx as AnyDB)
            .insertInto(def.table)
            .values({ ...createRow(input, auth), account_no: auth.accountNo })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (def.afterCreate) {
            await def.afterCreate({ trx, auth, id: Number(inserted.id) }, input as Record<string, unknown>);
          }
          return Number(inserted.id);
        })
        .catch(uniqueViolation);
      return { success: true, message: `${def.label(input)} ${MESSAGES.createdSuccessfully}`, id };
    },
  );

  // The update: PUT {path}/{id}, and POST {path}/{id} too where the spec saves that way (saveByPost).
  r.route({
    method: def.saveByPost ? ['PUT', 'POST'] : 'PUT',
    url: `${def.path}/:id`,
    schema: { tags, params: idParam, body: def.input, response: { 200: saveReply } },
    ...mapBody,
    handler: async (request) => {
      const auth = authorise(request, 'update');
      const body = request.body as z.output<Input>;
      const id = request.params.id;
      await db
        .transaction()
        .execute(async (trx) => {
          const existing = await (trx as AnyDB)
            .selectFrom(def.table)
            .select('id')
            .where('id', '=', id)
            .where('account_no', '=', auth.accountNo)
            .forUpdate()
            .executeTakeFirst();
          if (!existing) throw notFound();
          const input = await keepSecrets(trx, auth, id, body);
          await runChecks({ trx, auth, id }, input);
          await (trx as AnyDB)
            .updateTable(def.table)
            .set(def.toRow(input))
            .where('id', '=', id)
            .where('account_no', '=', auth.accountNo)
            .execute();
        })
        .catch(uniqueViolation);
      return { success: true, message: MESSAGES.updated(def.label(body)), id };
    },
  });

  /**
   * Deletes one of the caller's records inside `trx`: 404 when it is not the caller's, the in-use
   * refusal when something routes to it, then the area's own refusals. Answers the record's name.
   */
  const deleteOne = async (trx: Transaction<Database>, auth: AuthContext, id: number): Promise<string> => {
    const record = await readOne(auth, id, trx as AnyDB);
    if (def.destination) {
      const value = destinationValue(def.destination.type, def.destination.key(record));
      await platform.references.assertUnused(trx, auth.accountNo, 'destination', value);
    }
    if (def.beforeDelete) await def.beforeDelete({ trx, auth, id }, record);
    const deleted = await (trx as AnyDB)
      .deleteFrom(def.table)
      .where('id', '=', id)
      .where('account_no', '=', auth.accountNo)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw notFound();
    return def.label(record as unknown as z.output<Input>);
  };

  /** Deletes every id or none (one transaction); answers the names in the order given. */
  const deleteAll = (auth: AuthContext, ids: number[]): Promise<string[]> =>
    db.transaction().execute(async (trx) => {
      const names: string[] = [];
      for (const id of ids) names.push(await deleteOne(trx, auth, id));
      return names;
    });

  r.delete(`${def.path}/:id`, { schema: { tags, params: idParam, response: { 200: saveReply } } }, async (request) => {
    const auth = authorise(request, 'delete');
    const id = request.params.id;
    return deleteReplyOf({ id }, [id], await deleteAll(auth, [id]));
  });

  // The spec's id-less form (e.g. 'DELETE /accesscontrol'): the id, or the ids, in the body.
  r.delete(def.path, { schema: { tags, body: deleteBody, response: { 200: deleteReply } } }, async (request) => {
    const auth = authorise(request, 'delete');
    const ids = idsOf(request.body);
    const names = await deleteAll(auth, ids);
    return deleteReplyOf(request.body, ids, names);
  });
}
