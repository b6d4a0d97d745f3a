/**
 * An account's routing estate (the domain's Estate) loaded in the caller's tenant transaction, in
 * ONE statement (one round trip: on a busy server each round trip costs more than reading the rows):
 * a column per kind of object, each the JSON array of its rows, set-based (never one per object).
 * Each kind reads only the fields the engine needs through its area's own field map
 * (platform.lists: the same columns, the same mappings as the area's reads), read back as the
 * area's records are (recordFrom) and checked by the domain's estate schemas. Row-level security
 * decides the rows: another account's objects are never read, so a destination naming one is
 * 'missing' in the trace.
 */
import { calendarKey, type Estate, estateSchemas } from '@switchboard/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import { type FieldDef, readable, recordFrom } from '../../platform/fields.ts';
import { pickedFields } from '../../platform/list.ts';
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

/** Each listed kind's fields (only those its estate schema names), worked out once per registry. */
const fieldsOf = new WeakMap<Lists, Record<Listed, FieldMapOf>>();

function estateFields(lists: Lists): Record<Listed, FieldMapOf> {
  let out = fieldsOf.get(lists);
  if (out) return out;
  const entries = (Object.keys(LISTED) as Listed[]).map((kind) => {
    const list = lists.find((l) => l.table === LISTED[kind]);
    if (!list) throw new Error(`No list of ${LISTED[kind]} is registered: the routing estate cannot read it`);
    return [kind, pickedFields(list.fields, Object.keys(estateSchemas[kind].shape))] as const;
  });
  out = Object.fromEntries(entries) as Record<Listed, FieldMapOf>;
  fieldsOf.set(lists, out);
  return out;
}

/** The JSON array of a sub-query's rows ([] when none), each row an object keyed by its columns' names. */
const rowsOf = (table: string, fields: FieldMapOf) =>
  sql`coalesce((select json_agg(json_build_array(${sql.join(readable(fields).map(([, d]) => sql.raw(d.sql)))})) from ${sql.table(table)}), '[]'::json)`;

/** The children read with their parents: the members of every group and queue, every access list's entries. */
const CHILDREN = {
  groupMembers: sql`coalesce((select json_agg(json_build_object('groupId', group_id, 'name', member, 'days', days,
    'start', start_time, 'end', end_time, 'penalty', penalty) order by id) from call_group_members), '[]'::json)`,
  queueMembers: sql`coalesce((select json_agg(json_build_object('queueId', queue_id, 'memberName', member,
    'penalty', penalty) order by penalty, id) from call_queue_members), '[]'::json)`,
  entries: sql`coalesce((select json_agg(json_build_object('listId', access_list_id, 'number', number))
    from access_list_entries), '[]'::json)`,
};
const TABLES = [...Object.values(LISTED), 'call_group_members', 'call_queue_members', 'access_list_entries'];

/**
 * What the estate is made of, exactly: every row version read (its table, place and creating
 * transaction: an update, even a second one in the same transaction, makes a new version
 * elsewhere), in the statement's own snapshot and under the same row-level security. The same
 * fingerprint means the very same rows: the estate read under it is the estate.
 */
const FINGERPRINT = sql<string>`md5(concat_ws('|', ${sql.join(
  TABLES.map((t) => sql`(select string_agg(tableoid::text || ctid::text || xmin::text, ',') from ${sql.table(t)})`),
)}))`;

/** The raw estate, each kind the JSON array of its rows. */
type RawEstate = Record<Listed | keyof typeof CHILDREN, unknown[]>;

/**
 * The statement: the fingerprint of the rows, and the rows themselves as one JSON object of arrays
 * unless the fingerprint is `known` (then null: nothing read is sent).
 */
function estateStatement(db: Tx, fields: Record<Listed, FieldMapOf>, known: string) {
  const kinds = [
    ...(Object.keys(LISTED) as Listed[]).map((kind) => [kind, rowsOf(LISTED[kind], fields[kind])] as const),
    ...Object.entries(CHILDREN),
  ];
  const rows = sql.join(kinds.map(([kind, rows]) => sql`${sql.lit(kind)}, ${rows}`));
  return db
    .selectFrom(sql<{ fp: string }>`(select ${FINGERPRINT} as fp offset 0)`.as('f'))
    .select([
      'f.fp',
      sql<RawEstate | null>`case when f.fp = ${known} then null else json_build_object(${rows}) end`.as('estate'),
    ]);
}

/** A kind's rows as its area reads its records (`fields`), checked by its estate schema. */
function recordsOf<S extends z.ZodObject>(rows: unknown, schema: S, fields?: FieldMapOf): z.infer<S>[] {
  if (!fields) return (rows as Array<Record<string, unknown>>).map((row) => schema.parse(row));
  const names = readable(fields).map(([name]) => name);
  return (rows as unknown[][]).map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i] as string] = values[i];
    return schema.parse(recordFrom(fields, row));
  });
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

/** The estate of a statement's raw rows. */
function estateOf(raw: RawEstate, fields: Record<Listed, FieldMapOf>): Estate {
  const read = <K extends Listed>(kind: K) => recordsOf(raw[kind], estateSchemas[kind], fields[kind]);
  const calendarsOf = grouped(read('calendars'), (c) => c.timeProfileId);
  const membersOf = grouped(recordsOf(raw.groupMembers, estateSchemas.groupMembers), (m) => m.groupId);
  const agentsOf = grouped(recordsOf(raw.queueMembers, estateSchemas.queueMembers), (m) => m.queueId);
  const entriesOf = grouped(recordsOf(raw.entries, estateSchemas.listEntries), (e) => e.listId);
  return {
    numbers: read('numbers'),
    timeProfiles: read('timeProfiles').map((p) => ({
      ...p,
      // By start, as the profile's status reads them: the first entry holding the instant decides.
      calendars: (calendarsOf.get(p.id) ?? []).sort((a, b) => calendarKey(a.start).localeCompare(calendarKey(b.start))),
    })),
    ivrs: read('ivrs'),
    callGroups: read('callGroups').map((g) => ({ ...g, members: membersOf.get(g.id) ?? [] })),
    queues: read('queues').map((q) => ({ ...q, members: agentsOf.get(q.id) ?? [] })),
    seats: read('seats'),
    nts: read('nts'),
    conferences: read('conferences'),
    trunks: read('trunks'),
    accessLists: read('accessLists').map((a) => ({ ...a, entries: (entriesOf.get(a.id) ?? []).map((e) => e.number) })),
    prompts: read('prompts'),
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

/** The estates read last, each under its fingerprint, per account: one registry's (one server's). */
const keptOf = new WeakMap<Lists, Map<number, { fp: string; estate: Estate }>>();

/**
 * The account's routing objects, read in `db` (a tenant transaction of `account`). The estate read
 * last for the account is kept with its fingerprint: when the rows the statement would read are the
 * very same (the same fingerprint, in this transaction's snapshot: nothing written since, or a write
 * of this transaction, is never missed), it is answered without their being sent again. `account`
 * only names the kept estate tried: rows are read by row-level security, and matched by fingerprint.
 */
export async function loadEstate(db: Tx, lists: Lists, account: number): Promise<Estate> {
  const fields = estateFields(lists);
  let kept = keptOf.get(lists);
  if (!kept) {
    kept = new Map();
    keptOf.set(lists, kept);
  }
  const last = kept.get(account);
  const row = await estateStatement(db, fields, last?.fp ?? '').executeTakeFirstOrThrow();
  // Null: the fingerprint is the kept one's (never the '' sent when there is none).
  const estate = row.estate === null ? last?.estate : frozen(estateOf(row.estate, fields));
  if (!estate) throw new Error('The routing estate was neither read nor kept');
  kept.delete(account);
  kept.set(account, { fp: row.fp, estate });
  for (const oldest of kept.keys()) {
    if (kept.size <= ESTATES_KEPT) break;
    kept.delete(oldest);
  }
  return estate;
}
