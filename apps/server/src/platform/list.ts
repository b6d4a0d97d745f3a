/**
 * Lists (spec 1 §7: {path}/{offset}/{limit}, -1/-1 = all; sortBy, direction, search, filters):
 * the sort / filter whitelist and its schema come from the area's field map. A page is fetched in
 * two steps — the page's ids (filter, sort, offset, limit), then only those rows decorated with
 * every column — so the cost of the computed columns does not grow with the account.
 */
import {
  type ListReply,
  listQueryWith,
  MAX_CURSOR_LENGTH,
  MAX_ID,
  MAX_PICK_FIELDS,
  recordId,
  SORT_DIRECTIONS,
  type SortDirection,
  withPagingRules,
} from '@switchboard/domain';
import {
  AliasNode,
  CommonTableExpressionNameNode,
  CommonTableExpressionNode,
  IdentifierNode,
  type KyselyPlugin,
  type OperationNode,
  type RawBuilder,
  type RootOperationNode,
  type SelectQueryBuilder,
  SelectQueryNode,
  sql,
  TableNode,
  WithNode,
} from 'kysely';
import { z } from 'zod';
import { COUNTED_TABLES, keptCountSql } from '../db/list-counts.ts';
import { SEARCH_TEXT_COLUMNS, SEARCH_TEXT_SEPARATOR } from '../db/search-text.ts';
import { HttpError } from './errors.ts';
import { type FieldDef, type FieldMap, fieldsWith, readable, recordFrom } from './fields.ts';
import {
  BAD_CURSOR,
  type Cursor,
  decodeCursor,
  encodeCursor,
  type KeyType,
  keyTextSql,
  listFingerprint,
} from './keyset.ts';

// biome-ignore lint/suspicious/noExplicitAny: lists run over any declared table and its joins.
export type AnyQuery = SelectQueryBuilder<any, any, any>;

export interface ListOptions {
  offset: number;
  limit: number;
  sortBy?: string | undefined;
  direction?: SortDirection | undefined;
  search?: string | undefined;
  filters?: Record<string, string | number | boolean | null> | undefined;
  /** A keyset list's position: the `nextCursor` of the page before. */
  cursor?: string | undefined;
}

export interface DefaultSort {
  field: string;
  direction: SortDirection;
  /**
   * A keyset list (a large append-only table: platform/keyset.ts): the SQL type of the sort field's
   * column (NOT NULL, indexed with the id). Sorted by it, the list's order is (field, id) both in
   * the direction, and a page answers the cursor of the next: `{ field: 'at', direction: 'desc',
   * keyset: 'timestamptz' }`.
   */
  keyset?: KeyType | undefined;
}

/** A page of a list; a keyset list's, sorted by its key, with the cursor of the next page (null: none). */
export type PagedReply<Rec> = ListReply<Rec> & { nextCursor?: string | null };

/** The body members of a keyset list beside the list body's (listBodyFor's `extra`). */
export const keysetBody = {
  cursor: z.string({ error: BAD_CURSOR }).max(MAX_CURSOR_LENGTH, { error: BAD_CURSOR }).optional(),
};

const INT_MIN = -MAX_ID - 1;
const wholeNumber = (field: string) => {
  const message = `The filter '${field}' must be a whole number`;
  return z
    .union([z.number(), z.string().regex(/^-?\d+$/)], { error: message })
    .pipe(
      z.coerce
        .number<string | number>()
        .int({ error: message })
        .min(INT_MIN, { error: message })
        .max(MAX_ID, { error: message }),
    );
};
const trueOrFalse = (field: string) => {
  const message = `The filter '${field}' must be true or false`;
  return z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0']), z.literal(1), z.literal(0)], { error: message })
    .transform((v) => v === true || v === 'true' || v === '1' || v === 1);
};

/** The schema of one filter's value by its field's kind; '' and null mean "no filter". */
function filterValueSchema(field: string, def: FieldDef) {
  const expects = def.kind === 'number' ? 'a whole number' : def.kind === 'boolean' ? 'true or false' : 'text';
  const message = def.filterBy?.message ?? `The filter '${field}' must be ${expects}`;
  const value = def.filterBy
    ? def.filterBy.value
    : def.kind === 'number'
      ? wholeNumber(field)
      : def.kind === 'boolean'
        ? trueOrFalse(field)
        : z.string({ error: message }).max(100, { error: message });
  return z.union([z.literal('').transform(() => null), z.null(), value], { error: message }).optional();
}

/** The `filters` object of a list: only the filterable fields, each by its kind. */
export function filtersSchemaFor<Rec>(fields: FieldMap<Rec>) {
  const shape = Object.fromEntries(
    fieldsWith(fields, 'filterable').map((name) => [name, filterValueSchema(name, fields[name as keyof Rec & string])]),
  );
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown filter '${issue.keys[0]}'` : 'filters must be an object',
  });
}

function sortBySchema<Rec>(fields: FieldMap<Rec>) {
  const sortable = fieldsWith(fields, 'sortable');
  const error = (issue: { input?: unknown }) => `Cannot sort by '${String(issue.input)}'`;
  return sortable.length > 0 ? z.enum(sortable as [string, ...string[]], { error }) : z.never({ error });
}

function listBodyShape<Rec>(fields: FieldMap<Rec>) {
  return {
    sortBy: sortBySchema(fields).optional(),
    direction: z.enum(SORT_DIRECTIONS).optional(),
    search: z.string().max(100).optional(),
    filters: filtersSchemaFor(fields).optional(),
    /** The dashboard names its account; it must be the session's (checked by the route). */
    accountNo: recordId().optional(),
  };
}

/**
 * POST body of the area's list (the contract's generic body, with the area's whitelist); `extra`
 * adds the area's own members (e.g. a date range the list applies itself).
 */
export function listBodyFor<Rec>(fields: FieldMap<Rec>, extra: Record<string, z.ZodType> = {}) {
  return z
    .object({ ...listBodyShape(fields), ...extra })
    .nullish()
    .transform((body) => body ?? {});
}

/**
 * POST body of a list whose paging is in the body rather than the path (offset and limit, -1/-1 =
 * all, the default), with the area's whitelist; no body at all is the empty one (all).
 */
export function pagedBodyFor<Rec>(fields: FieldMap<Rec>) {
  return z.preprocess(
    (body) => body ?? {},
    withPagingRules(
      z.object({
        ...listBodyShape(fields),
        offset: z.number().int().min(-1).default(-1),
        limit: z.number().int().min(-1).default(-1),
      }),
    ),
  );
}

/** POST body of the area's pick: the list's, with the readable fields wanted. */
export function pickBodyFor<Rec>(fields: FieldMap<Rec>) {
  const names = readable(fields).map(([name]) => name) as [string, ...string[]];
  const error = (issue: { input?: unknown }) => `Unknown field '${String(issue.input)}'`;
  return z.object({
    ...listBodyShape(fields),
    fields: z
      .array(z.enum(names, { error }))
      .min(1, { error: 'Name at least one field' })
      .max(MAX_PICK_FIELDS, { error: `Name at most ${MAX_PICK_FIELDS} fields` }),
  });
}

/** The part of `fields` a pick reads: the id and the names wanted. */
export function pickedFields<Rec>(fields: FieldMap<Rec>, names: readonly string[]): FieldMap<Rec> {
  const wanted = new Set(['id', ...names]);
  return Object.fromEntries(
    (Object.entries(fields) as Array<[string, FieldDef]>).filter(([name]) => wanted.has(name)),
  ) as FieldMap<Rec>;
}

/** GET query of the area's list: sortByDir instead of direction, filters as JSON. */
export function listQueryFor<Rec>(fields: FieldMap<Rec>) {
  return listQueryWith(filtersSchemaFor(fields), sortBySchema(fields));
}

/** `query` selecting the readable fields of `fields` (their SQL, as their names). */
export function selectAll<Rec>(query: AnyQuery, fields: FieldMap<Rec>): AnyQuery {
  return query.select(readable(fields).map(([name, d]) => sql.raw(d.sql).as(name)));
}

/** The rows of `query` (already scoped and joined) as records, in the query's order. */
export async function selectRecords<Rec>(query: AnyQuery, fields: FieldMap<Rec>): Promise<Rec[]> {
  const rows = (await selectAll(query, fields).execute()) as Record<string, unknown>[];
  return rows.map((r) => recordFrom(fields, r));
}

/** The shortest search a trigram index can answer. */
export const TRIGRAM = 3;

/** The LIKE pattern of text holding `term` anywhere, its wildcards and escapes taken literally. */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Whether case folding leaves `term` as it is (digits, '@', '+'...): then LIKE finds what ILIKE would. */
const uncased = (term: string) => term.toLowerCase() === term && term.toUpperCase() === term;

/**
 * How a list searches `search` ('%search%' in every searchable field). The fields that are plain
 * columns of the table whose ids the list pages (`idSql` is `table.id`):
 * - a term long enough for a trigram: by that table's trigram indexes, through app_search_ids
 *   (migration 041: a plain ilike cannot use them under row-level security) — the one index of
 *   its `search_text` (migration 052) when that is made of exactly these columns;
 * - a shorter one, which reads every row anyway: by one LIKE on the table's lower-cased
 *   `search_text` (migration 044) when it is made of exactly these columns.
 * Every other field (joined or computed), and the columns otherwise, by ILIKE — by LIKE when the term
 * has no letter case to fold. Undefined when the list has no searchable field (the search is ignored).
 */
function searchPlan(defs: Record<string, FieldDef>, idSql: string, search: string) {
  const searchable = Object.values(defs).filter((d) => d.searchable);
  if (searchable.length === 0) return undefined;
  const table = idSql.endsWith('.id') ? idSql.slice(0, -'.id'.length) : '';
  const plain = (d: FieldDef) => table !== '' && d.column !== undefined && d.sql === `${table}.${d.column}`;
  const columns = searchable.filter(plain).map((d) => d.column as string);
  const rest = searchable.filter((d) => !plain(d));
  const like: 'like' | 'ilike' = uncased(search) ? 'like' : 'ilike';
  const kept = SEARCH_TEXT_COLUMNS.get(table);
  const searchText =
    kept !== undefined &&
    !search.includes(SEARCH_TEXT_SEPARATOR) &&
    kept.length === columns.length &&
    columns.every((c) => kept.includes(c));
  if (columns.length > 0 && [...search].length >= TRIGRAM) {
    // The one trigram index of the stored search text (migration 052) where the table keeps one.
    return { table, trigram: searchText ? ['search_text'] : columns, like, rest };
  }
  if (columns.length > 0 && searchText) return { table, searchText: `${table}.search_text`, like, rest };
  return { table, like, rest: searchable };
}

/**
 * The table whose kept row count (migration 043) is the total of `query` unfiltered: `query` is
 * that counted table alone, or with LEFT JOINs only (they keep every row), with no condition of
 * its own and paged by the table's id. Otherwise undefined: the list counts its rows.
 */
function countedTable(query: AnyQuery, idSql: string): string | undefined {
  const node = query.toOperationNode();
  if (!SelectQueryNode.is(node) || node.where || node.groupBy || node.having || node.distinctOn) return undefined;
  const [from, ...more] = node.from?.froms ?? [];
  if (!from || more.length > 0 || !TableNode.is(from)) return undefined;
  const table = from.table.identifier.name;
  if (from.table.schema || !COUNTED_TABLES.has(table) || idSql !== `${table}.id`) return undefined;
  return (node.joins ?? []).every((j) => j.joinType === 'LeftJoin') ? table : undefined;
}

/** The name a join's table goes by in the rest of the query (its alias, else its name). */
function joinedName(table: OperationNode): string | undefined {
  if (AliasNode.is(table)) return IdentifierNode.is(table.alias) ? table.alias.name : undefined;
  return TableNode.is(table) ? table.table.identifier.name : undefined;
}

/**
 * `node` without its joins when they are all LEFT JOINs that nothing else in it names. Such a join
 * keeps every row of the table (it can only repeat one), so the ids of a page and the count of a
 * list are those of the table alone — and PostgreSQL, which removes a join it can prove unique but
 * still reads each row's id for it, may then count from an index alone (issue 11: a filtered
 * count at 20,000 seats 2.3 → 0.5 ms). Conservative: the name anywhere else, even in a string of
 * raw SQL, keeps the joins.
 */
export function withoutUnusedLeftJoins(node: RootOperationNode): RootOperationNode {
  if (!SelectQueryNode.is(node) || !node.joins?.length) return node;
  const names = node.joins.map((j) => (j.joinType === 'LeftJoin' ? joinedName(j.table) : undefined));
  if (names.some((n) => n === undefined)) return node;
  const rest = JSON.stringify({ ...node, joins: undefined });
  const named = names.some((n) => new RegExp(`\\b${n?.replace(/\W/g, '\\$&')}\\b`).test(rest));
  return named ? node : { ...node, joins: undefined };
}

/** A plugin that rewrites a statement's node and leaves its result as it is. */
export const queryPlugin = (transform: (node: RootOperationNode) => RootOperationNode): KyselyPlugin => ({
  transformQuery: ({ node }) => transform(node),
  transformResult: async ({ result }) => result,
});

const unusedLeftJoinsDropped = queryPlugin(withoutUnusedLeftJoins);

/** The name of the statement's one call of app_search_ids (see `searchHits`). */
const SEARCH_HITS = '__search_hits';

/**
 * A plugin giving a statement the ids `app_search_ids` answers for a trigram search, as the common
 * table expression `__search_hits (id)`: the page's ids and the list's count both read it, and the
 * function (a catalogue read and a dynamic query each call) runs once a statement, not once for
 * each (issue 11: "202" at 20,000 seats). Added to the statement's own WITH when it has one.
 */
function searchHits(table: string, columns: readonly string[], pattern: string): KyselyPlugin {
  const hits = CommonTableExpressionNode.create(
    CommonTableExpressionNameNode.create(SEARCH_HITS, ['id']),
    sql`(select app_search_ids(${table}, array[${sql.join(columns)}]::text[], ${pattern}))`.toOperationNode(),
  );
  return queryPlugin((node) =>
    SelectQueryNode.is(node)
      ? { ...node, with: node.with ? WithNode.cloneWithExpression(node.with, hits) : WithNode.create(hits) }
      : node,
  );
}

/**
 * The part of the table's kept count that is the total of the list narrowed by `options`: its one
 * condition a filter with a kept part (`filterBy.keptPart`), no search, no other filter.
 */
function keptPartOf(defs: Record<string, FieldDef>, options: ListOptions): string | undefined {
  if (options.search?.trim()) return undefined;
  const active = Object.entries(options.filters ?? {}).filter(([, value]) => value !== null && value !== '');
  const [only, ...more] = active;
  if (!only || more.length > 0) return undefined;
  const [name, value] = only;
  return defs[name]?.filterBy?.keptPart?.(String(value));
}

/** The list narrowed by its search and filters, and the statement's wrapper the search needs. */
function narrowed(query: AnyQuery, defs: Record<string, FieldDef>, idSql: string, options: ListOptions) {
  let q = query;
  /** A statement of the list's own: with the search's hits when they are read (`searchHits`). */
  let statement = (qb: AnyQuery) => qb;
  const search = options.search?.trim();
  const plan = search ? searchPlan(defs, idSql, search) : undefined;
  if (search && plan) {
    const pattern = containsPattern(search);
    if (plan.trigram) {
      const hits = searchHits(plan.table, plan.trigram, pattern);
      statement = (qb) => qb.withPlugin(hits);
    }
    q = q.where((eb) =>
      eb.or([
        ...(plan.trigram ? [eb(sql.raw(idSql), 'in', sql`(select id from ${sql.table(SEARCH_HITS)})`)] : []),
        ...(plan.searchText ? [eb(sql.raw(plan.searchText), 'like', sql<string>`lower(${pattern})`)] : []),
        ...plan.rest.map((d) => eb(sql.raw(`(${d.sql})::text`), plan.like, pattern)),
      ]),
    );
  }
  for (const [name, value] of Object.entries(options.filters ?? {})) {
    const def = defs[name];
    // The schema has refused unknown filters; a value of null / '' is no filter.
    if (!def?.filterable || value === null || value === '') continue;
    q = def.filterBy ? q.where(def.filterBy.where(String(value))) : q.where(sql.raw(def.sql), '=', value);
  }
  return { q, statement };
}

const flipped = (direction: SortDirection): SortDirection => (direction === 'asc' ? 'desc' : 'asc');

/**
 * The list's order: the sort, then the id (a stable order for equal values) — ascending, or on a
 * keyset list sorted by its key in the sort's direction (the key's index order), when `key` says
 * the key's type and SQL and `fingerprint` what a cursor of this order is bound to.
 */
function listOrder(defs: Record<string, FieldDef>, idSql: string, defaultSort: DefaultSort, options: ListOptions) {
  const sortField = options.sortBy && defs[options.sortBy]?.sortable ? options.sortBy : defaultSort.field;
  // A direction alone turns the default order round.
  const direction = options.direction ?? (options.sortBy ? 'asc' : defaultSort.direction);
  const sortDef = defs[sortField] as FieldDef;
  const sortText = sortDef.sortSql ?? sortDef.sql;
  const key =
    defaultSort.keyset && sortField === defaultSort.field ? { type: defaultSort.keyset, sql: sortText } : undefined;
  const idDirection = key ? direction : 'asc';
  const fingerprint = listFingerprint({ ...options, sortBy: sortField, direction });
  /** `qb` in the list's order, or in the reverse of it. */
  const inOrder = (qb: AnyQuery, reversed = false) =>
    qb
      .orderBy(sql.raw(sortText), reversed ? flipped(direction) : direction)
      .orderBy(sql.raw(idSql), reversed ? flipped(idDirection) : idDirection);
  return { direction, key, fingerprint, inOrder };
}
type Order = ReturnType<typeof listOrder>;

/** The cursor a page starts after, checked (400: a bad cursor, or one this order cannot page by). */
function startingCursor(order: Order, options: ListOptions): Cursor | undefined {
  if (options.cursor === undefined) return undefined;
  if (!order.key) throw new HttpError(400, 'This list pages by cursor only in its default order');
  if (options.limit === -1) throw new HttpError(400, 'A cursor pages: give a limit (1-200), not -1');
  if (options.offset !== 0) throw new HttpError(400, 'With a cursor the offset is 0: the cursor says where to start');
  return decodeCursor(options.cursor, order.key.type, order.fingerprint);
}

/** Which of the list's ids a page reads: by offset (perhaps from the end, reversed), or after a cursor. */
interface Window {
  offset: number;
  limit: number;
  reversed?: boolean;
  after?: Cursor;
  /** The list's total when it was read to choose the window (the page need not read it again). */
  total?: number;
}

/** `qb` cut to the window's rows, in the window's order (an index on the sort column stops at offset + limit). */
function windowed(qb: AnyQuery, idSql: string, order: Order, window: Window): AnyQuery {
  let rows = order.inOrder(qb, window.reversed);
  const { after } = window;
  if (after && order.key) {
    const past = order.direction === 'desc' ? '<' : '>';
    const type = sql.raw(order.key.type);
    rows = rows.where(
      sql<boolean>`(${sql.raw(order.key.sql)}, ${sql.raw(idSql)}) ${sql.raw(past)} (cast(${after.key} as ${type}), cast(${after.id} as bigint))`,
    );
  }
  return rows.offset(window.offset).limit(window.limit);
}

/**
 * The rows of a page with every column, the row's id, its key's text and the list's total. Read in
 * two steps — the window's ids, then only those rows decorated — unless the list is read in its key's
 * order and the window skips no more than a page: then in one, the rows decorated as the key's index
 * gives them (the database computes the columns of the rows it returns, and the limit stops it).
 * Answered in the list's order.
 */
async function pageRows<Rec>(
  list: { query: AnyQuery; q: AnyQuery; statement: (qb: AnyQuery) => AnyQuery; idSql: string; shown: FieldMap<Rec> },
  order: Order,
  window: Window,
  total: RawBuilder<number>,
): Promise<Record<string, unknown>[]> {
  const { query, q, statement, idSql, shown } = list;
  const extras = (qb: AnyQuery) =>
    selectAll(qb, shown).select([
      sql.raw(idSql).as('__row_id'),
      sql.raw(order.key ? keyTextSql(order.key.type, order.key.sql) : 'null').as('__key'),
      (window.total === undefined ? total : sql<number>`${window.total}::bigint`).as('__total'),
    ]);
  if (order.key && window.offset <= window.limit) {
    const rows = (await statement(windowed(extras(q), idSql, order, window)).execute()) as Record<string, unknown>[];
    return window.reversed ? rows.reverse() : rows;
  }
  const pageIds = windowed(q.select(sql.raw(idSql).as('id')), idSql, order, window).withPlugin(unusedLeftJoinsDropped);
  const byIds = query.where(sql.raw(idSql), '=', sql`any(array(${pageIds}))`);
  return (await statement(order.inOrder(extras(byIds))).execute()) as Record<string, unknown>[];
}

/**
 * The window of a page. After a cursor: the next limit + 1 rows (the one more says whether a page
 * follows). A deep offset of a keyset list whose total is kept (`list_counts`, no filter or search)
 * is read from the far end — the key's index walked backwards past total - offset - limit entries —
 * so the last pages of 5,000,000 rows cost what the first ones do.
 */
async function windowOf(
  order: Order,
  options: ListOptions,
  after: Cursor | undefined,
  keptTotal: (() => Promise<number>) | undefined,
): Promise<Window> {
  const { offset, limit } = options;
  if (after) return { offset: 0, limit: limit + 1, after };
  if (!order.key || !keptTotal || offset < DEEP_OFFSET) return { offset, limit };
  const total = await keptTotal();
  const fromEnd = total - offset;
  if (fromEnd <= 0 || fromEnd >= offset) return { offset, limit, total };
  return { offset: Math.max(0, fromEnd - limit), limit: Math.min(limit, fromEnd), reversed: true, total };
}

/** An offset from which a keyset list with a kept total reads from the end when that is nearer. */
const DEEP_OFFSET = 1000;

/** One page of a list as the database answers it: records, their ids and the keys of a cursor. */
interface Page<Rec> {
  records: Rec[];
  keys: string[];
  ids: number[];
  total: number | undefined;
}

function recordsOf<Rec>(rows: Record<string, unknown>[], shown: FieldMap<Rec>): Page<Rec> {
  const page: Page<Rec> = { records: [], keys: [], ids: [], total: undefined };
  for (const row of rows) {
    const id = Number(row.__row_id);
    if (page.ids.includes(id)) continue; // a join of the area's that repeats a row
    page.ids.push(id);
    page.keys.push(String(row.__key));
    page.records.push(recordFrom(shown, row));
  }
  // A page past the end has no row to carry the total (nor has an empty list: its total is 0).
  if (rows.length > 0) page.total = Number(rows[0]?.__total);
  return page;
}

/** The reply of a page: the total, whether it is the last, and the cursor of the next on a keyset list. */
function replyOf<Rec>(page: Page<Rec>, total: number, order: Order, options: ListOptions, after?: Cursor) {
  const more = after ? page.records.length > options.limit : options.offset + options.limit < total;
  const records = page.records.slice(0, options.limit);
  const reply: PagedReply<Rec> = { records, totalRecords: total, lastPage: !more };
  if (order.key) {
    const last = records.length - 1;
    const key = page.keys[last];
    const id = page.ids[last];
    reply.nextCursor =
      more && key !== undefined && id !== undefined ? encodeCursor({ key, id }, order.fingerprint) : null;
  }
  return reply;
}

/**
 * One page of `query` (the area's scoped FROM with its joins). `idSql` is the expression of the row
 * id (the page is fetched by id, then decorated). A keyset list (`defaultSort.keyset`) also pages by
 * cursor and answers the next page's (platform/keyset.ts).
 */
export async function pagedList<Rec>(
  query: AnyQuery,
  fields: FieldMap<Rec>,
  idSql: string,
  defaultSort: DefaultSort,
  options: ListOptions,
  /** The fields read (a pick's few); sort, filter and search always have every field's. */
  shown: FieldMap<Rec> = fields,
): Promise<PagedReply<Rec>> {
  const defs = fields as Record<string, FieldDef>;
  const { q, statement } = narrowed(query, defs, idSql, options);
  const order = listOrder(defs, idSql, defaultSort, options);
  const after = startingCursor(order, options);

  if (options.limit === -1) {
    // Every row: one query in order (the ids first would only make an IN list of all of them).
    const rows = (await statement(order.inOrder(selectAll(q, shown))).execute()) as Record<string, unknown>[];
    const records = rows.map((r) => recordFrom(shown, r));
    return { records, totalRecords: records.length, lastPage: true };
  }

  // The whole list's total is the account's kept row count where the table has one (the sum over
  // the accounts the caller may read: its own, or every one for the cross-account role).
  // Builders are immutable: `q` is `query` itself when no search or filter added a condition.
  // So is a list whose one condition is a filter the table's count keeps a part of (migration 104).
  const table = countedTable(query, idSql);
  const part = table ? keptPartOf(defs, options) : undefined;
  const counted = table && (q === query || part !== undefined) ? table : undefined;
  const total = counted
    ? keptCountSql(counted, q === query ? undefined : part)
    : sql<number>`(${q.select(sql<number>`count(*)`.as('total')).withPlugin(unusedLeftJoinsDropped)})`;
  const totalAlone = async () =>
    Number(
      ((await statement(query.select(total.as('total')).limit(1)).executeTakeFirst()) as { total?: number } | undefined)
        ?.total ?? 0,
    );
  const window = await windowOf(order, options, after, counted ? totalAlone : undefined);

  // One statement: the page (`pageRows`) and the total of the filtered list as a count of its own (a
  // count(*) over () would read and sort every row of the list to number them), a sub-query the
  // database runs once.
  const rows = await pageRows({ query, q, statement, idSql, shown }, order, window, total);
  const page = recordsOf(rows, shown);
  return replyOf(page, page.total ?? (await totalAlone()), order, options, after);
}
