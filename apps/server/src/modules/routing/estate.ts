/**
 * An account's routing estate (the domain's Estate) loaded in the caller's tenant transaction:
 * one statement (set-based, never one per object), each kind a JSON array of its rows reading only the
 * fields the engine needs through its area's own field map (platform.lists: the same columns, the
 * same mappings as the area's reads), checked by the domain's estate schemas. Row-level security
 * decides the rows: another account's objects are never read, so a destination naming one is
 * 'missing' in the trace.
 *
 * The estate read last for each account is kept, each kind with the fingerprint of its rows' versions:
 * a read first asks the database for every kind's fingerprint, in one statement (see FINGERPRINTS);
 * none changed, the kept estate itself is answered. Of a kind changed, its rows' ids and versions
 * are listed and only the rows not held as they are (new, or written since) are read again.
 */
import { calendarKey, type Estate, estateSchemas } from '@switchboard/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import { type FieldDef, recordFrom } from '../../platform/fields.ts';
import { type AnyQuery, pickedFields, selectAll } from '../../platform/list.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Tx } from '../../platform/tenancy.ts';

type Lists = Platform['lists'];
type FieldMapOf = Readonly<Record<string, FieldDef>>;

/** The table each listed kind of the estate is read from (its area's list). */
const LISTED = {
  numbers: 'telephone_numbers',
  timeProfiles: 'time_profiles',
  calendars: 'time_profile_calendars',
  ivrs: 'ivrs',
  callGroups: 'call_groups',
  queues: 'call_queues',
  seats: 'seats',
  nts: 'nts_destinations',
  conferences: 'conference_rooms',
  trunks: 'sip_trunks',
  accessLists: 'access_lists',
  prompts: 'prompts',
} as const satisfies Partial<Record<keyof typeof estateSchemas, string>>;
type Listed = keyof typeof LISTED;
const KINDS = Object.keys(LISTED) as Listed[];

/** The tables of the children read with their listed parents. */
const CHILD_TABLES = {
  groupMembers: 'call_group_members',
  queueMembers: 'call_queue_members',
  entries: 'access_list_entries',
} as const;
type Child = keyof typeof CHILD_TABLES;
type Part = Listed | Child;
const PARTS: Part[] = [...KINDS, ...(Object.keys(CHILD_TABLES) as Child[])];
const TABLE_OF: Record<Part, string> = { ...LISTED, ...CHILD_TABLES };

/** A row's version (where it is, the transaction that made it: `ctid:xmin`) and its 64-bit hash. */
interface Version {
  _v: string;
  _h: string;
}
/** A row as kept: its id, its version and its record. */
interface Held<R> extends Version {
  _id: number;
  record: R;
}
const VERSION_SQL = `ctid::text || ':' || xmin::text`;
const HASH_SQL = `hashtextextended(${VERSION_SQL}, 0)`;

/** The order each part's rows are read and kept in (the engine reads a queue's agents by penalty). */
const ORDER: Record<Part, readonly string[]> = { ...mapped(TABLE_OF, () => ['id']), queueMembers: ['penalty', 'id'] };
/** That order of a part's rows as read (the id read as `_id`). */
const ORDER_OF_ROWS = mapped(ORDER, (columns) => columns.map((c) => `r.${c === 'id' ? '_id' : c}`).join(', '));

function mapped<K extends string, V, W>(record: Record<K, V>, f: (v: V, k: K) => W): Record<K, W> {
  return Object.fromEntries((Object.entries(record) as Array<[K, V]>).map(([k, v]) => [k, f(v, k)])) as Record<K, W>;
}

/**
 * What each kind is made of, exactly: the sum of its row versions' 64-bit hashes (a row version:
 * where it is, the transaction that made it) and their count. An insert, update or delete — even
 * a second update of one row in the same transaction (a new version elsewhere) — changes it; a
 * rolled-back write's versions are never seen again. Worked out by the database in the reader's
 * own snapshot and under its row-level security, with no sort and no digest of the whole kind: the
 * same fingerprint means the very same rows (but for a chance of 2⁻⁶⁴ per write), so the kind read
 * under it is the kind.
 */
const FINGERPRINTS = PARTS.map((part) =>
  sql<string>`(select coalesce(sum(${sql.raw(HASH_SQL)}), 0)::text || ':' || count(*) from ${sql.table(TABLE_OF[part])})`.as(
    part,
  ),
);

/** The fingerprint of the rows held, as FINGERPRINTS makes it. */
const fingerprintOf = (rows: readonly Version[]): string =>
  `${rows.reduce((sum, row) => sum + BigInt(row._h), 0n)}:${rows.length}`;

/** Each part's rows (id and version, no record) in its order, as JSON: read for the parts changed only. */
const listingOf = (part: Part) =>
  sql<
    Array<[number, string]>
  >`(select coalesce(json_agg(json_build_array(id, ${sql.raw(VERSION_SQL)}) order by ${sql.raw(ORDER[part].join(', '))}), '[]'::json) from ${sql.table(TABLE_OF[part])})`.as(
    part,
  );

/** A row's id and version as fields of a field map (read with a listed kind's fields, selected beside a child's columns). */
const VERSION_FIELDS: Record<Exclude<keyof Held<unknown>, 'record'>, FieldDef> = {
  _id: { kind: 'number', sql: 'id' },
  _v: { kind: 'text', sql: VERSION_SQL },
  _h: { kind: 'text', sql: `${HASH_SQL}::text` },
};

/** Each listed kind's fields (only those its estate schema names) and its rows' version, worked out once per registry. */
const fieldsOf = new WeakMap<Lists, Record<Listed, FieldMapOf>>();

function estateFields(lists: Lists): Record<Listed, FieldMapOf> {
  let out = fieldsOf.get(lists);
  if (out) return out;
  const entries = KINDS.map((kind) => {
    const list = lists.find((l) => l.table === LISTED[kind]);
    if (!list) throw new Error(`No list of ${LISTED[kind]} is registered: the routing estate cannot read it`);
    const fields: FieldMapOf = {
      ...pickedFields(list.fields, Object.keys(estateSchemas[kind].shape)),
      ...VERSION_FIELDS,
    };
    return [kind, fields] as const;
  });
  out = Object.fromEntries(entries) as Record<Listed, FieldMapOf>;
  fieldsOf.set(lists, out);
  return out;
}

/** A row read with its version, its record checked by `parse` (which keeps only the record's own fields). */
function held<R>(row: Record<string, unknown>, parse: (row: Record<string, unknown>) => R): Held<R> {
  return { _id: Number(row._id), _v: String(row._v), _h: String(row._h), record: parse(row) };
}

/** Ids to read: all of the part's rows, or only these. */
type Ids = readonly number[] | undefined;
const only = (query: AnyQuery, table: string, ids: Ids): AnyQuery =>
  ids ? query.where(sql.ref(`${table}.id`), 'in', ids) : query;

/** An access list's entry. */
interface Entry {
  access_list_id: number;
  number: string;
}

/** How a part is read: the query of its rows (all, or those of some ids) and a row's record. */
interface PartRead<R> {
  query: (ids: Ids) => AnyQuery;
  parse: (row: Record<string, unknown>) => R;
}

/** The members of every group and queue, the entries of every access list (plain columns), with their versions. */
function childReads(db: Tx): { [C in Child]: PartRead<Rec[C]> } {
  return {
    groupMembers: {
      query: (ids) =>
        only(
          selectAll(
            db
              .selectFrom('call_group_members')
              .select([
                'group_id as groupId',
                'member as name',
                'days',
                'start_time as start',
                'end_time as end',
                'penalty',
              ]),
            VERSION_FIELDS,
          ),
          'call_group_members',
          ids,
        ),
      parse: (row) => estateSchemas.groupMembers.parse(row),
    },
    queueMembers: {
      query: (ids) =>
        only(
          selectAll(
            db.selectFrom('call_queue_members').select(['queue_id as queueId', 'member as memberName', 'penalty']),
            VERSION_FIELDS,
          ),
          'call_queue_members',
          ids,
        ),
      parse: (row) => estateSchemas.queueMembers.parse(row),
    },
    entries: {
      query: (ids) =>
        only(
          selectAll(db.selectFrom('access_list_entries').select(['access_list_id', 'number']), VERSION_FIELDS),
          'access_list_entries',
          ids,
        ),
      parse: (row) => ({ access_list_id: Number(row.access_list_id), number: String(row.number) }),
    },
  };
}

/** A part as kept: its rows held by id (in order), their records, and the fingerprint of their versions. */
interface Kept<R> {
  fp: string;
  byId: ReadonlyMap<number, Held<R>>;
  records: R[];
}
const keptOfRows = <R>(rows: readonly Held<R>[]): Kept<R> => ({
  fp: fingerprintOf(rows),
  byId: new Map(rows.map((r) => [r._id, r])),
  records: rows.map((r) => r.record),
});

/** Each part's record. */
type Rec = { [K in Listed]: z.infer<(typeof estateSchemas)[K]> } & {
  groupMembers: z.infer<typeof estateSchemas.groupMembers>;
  queueMembers: z.infer<typeof estateSchemas.queueMembers>;
  entries: Entry;
};
/** Each part's records as held. */
type Parts = { [P in Part]: Kept<Rec[P]> };

/** How each part's rows are read in `db`: a listed kind's as its area reads them, checked by its estate schema. */
function partReads(db: Tx, lists: Lists): { [P in Part]: PartRead<Rec[P]> } {
  const fields = estateFields(lists);
  const listed = <S extends z.ZodObject>(kind: Listed, schema: S): PartRead<z.infer<S>> => ({
    query: (ids) => selectAll(only(db.selectFrom(LISTED[kind]), LISTED[kind], ids), fields[kind]),
    // The schema keeps only its own fields: the version is left out.
    parse: (row) => schema.parse(recordFrom(fields[kind], row)),
  });
  return {
    numbers: listed('numbers', estateSchemas.numbers),
    timeProfiles: listed('timeProfiles', estateSchemas.timeProfiles),
    calendars: listed('calendars', estateSchemas.calendars),
    ivrs: listed('ivrs', estateSchemas.ivrs),
    callGroups: listed('callGroups', estateSchemas.callGroups),
    queues: listed('queues', estateSchemas.queues),
    seats: listed('seats', estateSchemas.seats),
    nts: listed('nts', estateSchemas.nts),
    conferences: listed('conferences', estateSchemas.conferences),
    trunks: listed('trunks', estateSchemas.trunks),
    accessLists: listed('accessLists', estateSchemas.accessLists),
    prompts: listed('prompts', estateSchemas.prompts),
    ...childReads(db),
  };
}

/**
 * The rows of several parts (all of a part's, or those of some ids), in each part's order, in one
 * statement: each part's rows as a JSON array (a record's values as the driver would give them: the
 * estate reads numbers, text, booleans and JSON; numbers and booleans are mapped as the area maps them).
 */
async function rowsOf(db: Tx, lists: Lists, wanted: ReadonlyArray<readonly [Part, Ids]>) {
  const reads = partReads(db, lists);
  const columns = wanted.map(([part, ids]) =>
    sql<
      Array<Record<string, unknown>>
    >`(select coalesce(json_agg(r order by ${sql.raw(ORDER_OF_ROWS[part])}), '[]'::json) from (${reads[part].query(ids)}) r)`.as(
      part,
    ),
  );
  const json: Partial<Record<Part, Array<Record<string, unknown>>>> =
    columns.length > 0 ? await db.selectNoFrom(columns).executeTakeFirstOrThrow() : {};
  return <P extends Part>(part: P): Held<Rec[P]>[] => (json[part] ?? []).map((row) => held(row, reads[part].parse));
}

/** `items` by `key`, in their order. */
function grouped<T, K>(items: readonly T[], key: (t: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** The estate of its kinds' records (each object with its children). */
function estateOf(parts: Parts): Estate {
  const calendarsOf = grouped(parts.calendars.records, (c) => c.timeProfileId);
  const membersOf = grouped(parts.groupMembers.records, (m) => m.groupId);
  const agentsOf = grouped(parts.queueMembers.records, (m) => m.queueId);
  const entriesOf = grouped(parts.entries.records, (e) => e.access_list_id);
  return {
    numbers: parts.numbers.records,
    timeProfiles: parts.timeProfiles.records.map((p) => ({
      ...p,
      // By start, as the profile's status reads them: the first entry holding the instant decides.
      calendars: (calendarsOf.get(p.id) ?? []).sort((a, b) => calendarKey(a.start).localeCompare(calendarKey(b.start))),
    })),
    ivrs: parts.ivrs.records,
    callGroups: parts.callGroups.records.map((g) => ({ ...g, members: membersOf.get(g.id) ?? [] })),
    queues: parts.queues.records.map((q) => ({ ...q, members: agentsOf.get(q.id) ?? [] })),
    seats: parts.seats.records,
    nts: parts.nts.records,
    conferences: parts.conferences.records,
    trunks: parts.trunks.records,
    accessLists: parts.accessLists.records.map((a) => ({
      ...a,
      entries: (entriesOf.get(a.id) ?? []).map((e) => e.number),
    })),
    prompts: parts.prompts.records,
  };
}

/** The most accounts' estates a server keeps (the least recently read goes first). */
export const ESTATES_KEPT = 32;

/** `value` and everything in it made read-only: a kept estate is shared by every request that reads it. */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) frozen(v);
    Object.freeze(value);
  }
  return value;
}

/** The estates read last, each with its kinds' rows and fingerprints, per account: one registry's (one server's). */
const keptOf = new WeakMap<Lists, Map<number, { parts: Parts; estate: Estate }>>();

/** Each part made by `part` (in order: each may read from the one transaction). */
async function eachPart(part: <P extends Part>(p: P) => Promise<Kept<Rec[P]>>): Promise<Parts> {
  return {
    numbers: await part('numbers'),
    timeProfiles: await part('timeProfiles'),
    calendars: await part('calendars'),
    ivrs: await part('ivrs'),
    callGroups: await part('callGroups'),
    queues: await part('queues'),
    seats: await part('seats'),
    nts: await part('nts'),
    conferences: await part('conferences'),
    trunks: await part('trunks'),
    accessLists: await part('accessLists'),
    prompts: await part('prompts'),
    groupMembers: await part('groupMembers'),
    queueMembers: await part('queueMembers'),
    entries: await part('entries'),
  };
}

/** Every part read whole (no kept estate for the account): one statement. */
async function allParts(db: Tx, lists: Lists): Promise<Parts> {
  const rows = await rowsOf(
    db,
    lists,
    PARTS.map((p) => [p, undefined] as const),
  );
  return eachPart(async (p) => frozen(keptOfRows(rows(p))));
}

/** A part's rows as listed now (id and version, in the part's order). */
type Listing = ReadonlyArray<readonly [number, string]>;

/** The ids of the rows listed that are not held as they are (new, or written since). */
function staleOf(last: Kept<unknown>, listing: Listing): number[] {
  return listing.filter(([id, version]) => last.byId.get(id)?._v !== version).map(([id]) => id);
}

/**
 * A kept part brought up to its rows as listed: a row whose version is the one held is kept as it
 * is, the others taken from `fresh` (read by id). A row listed but gone when read (deleted in between)
 * is left out; the fingerprint is always of the rows held, so anything missed is read next time.
 */
function since<R>(last: Kept<R>, listing: Listing, fresh: readonly Held<R>[]): Kept<R> {
  const read = new Map(fresh.map((r) => [r._id, r]));
  const rows: Held<R>[] = [];
  for (const [id, version] of listing) {
    const held = last.byId.get(id);
    const row = held?._v === version ? held : read.get(id);
    if (row) rows.push(row);
  }
  return frozen(keptOfRows(rows));
}

/**
 * The kept parts as they are now in `db`: one statement asks for every part's fingerprint; none
 * changed, the kept parts are answered. Otherwise one more lists the changed parts' rows (id and
 * version), and one more reads the rows of those parts not held as they are: three at most.
 */
async function partsSince(db: Tx, lists: Lists, last: Parts): Promise<Parts> {
  const now = await db.selectNoFrom(FINGERPRINTS).executeTakeFirstOrThrow();
  const changed = PARTS.filter((p) => last[p].fp !== now[p]);
  if (changed.length === 0) return last;
  const listings = await db.selectNoFrom(changed.map(listingOf)).executeTakeFirstOrThrow();
  const listingOfPart = (p: Part): Listing => listings[p] ?? [];
  const stale = changed
    .map((p) => [p, staleOf(last[p], listingOfPart(p))] as const)
    .filter(([, ids]) => ids.length > 0);
  const fresh = await rowsOf(db, lists, stale);
  return eachPart(async (p) => (changed.includes(p) ? since(last[p], listingOfPart(p), fresh(p)) : last[p]));
}

/**
 * The account's routing objects, read in `db` (a tenant transaction of `account`). With a kept
 * estate for the account, the database is first asked for each kind's fingerprint in this
 * transaction's snapshot: a kind whose rows are the very same (nothing written since, nor by this
 * transaction) is not read again, and when none changed the kept estate itself is answered — one
 * statement; of a kind changed, only the rows written since are read. `account` only names the kept
 * estate tried: rows are read by row-level security and matched by id and version (where the row
 * version is, the transaction that made it), never by the number.
 */
export async function loadEstate(db: Tx, lists: Lists, account: number): Promise<Estate> {
  let kept = keptOf.get(lists);
  if (!kept) {
    kept = new Map();
    keptOf.set(lists, kept);
  }
  const last = kept.get(account);
  kept.delete(account);
  const parts = last ? await partsSince(db, lists, last.parts) : await allParts(db, lists);
  const entry = last && parts === last.parts ? last : { parts, estate: frozen(estateOf(parts)) };
  kept.set(account, entry);
  for (const oldest of kept.keys()) {
    if (kept.size <= ESTATES_KEPT) break;
    kept.delete(oldest);
  }
  return entry.estate;
}
