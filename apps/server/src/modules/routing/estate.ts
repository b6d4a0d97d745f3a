/**
 * An account's routing estate (the domain's Estate) loaded in the caller's tenant transaction:
 * one statement per kind of object (set-based, never one per object), each reading only the
 * fields the engine needs through its area's own field map (platform.lists: the same columns, the
 * same mappings as the area's reads), checked by the domain's estate schemas. Row-level security
 * decides the rows: another account's objects are never read, so a destination naming one is
 * 'missing' in the trace.
 *
 * The estate read last for each account is kept, each kind with the fingerprint of its rows' versions:
 * a read first asks the database for every kind's fingerprint, in one statement, and reads again
 * only the kinds whose rows are not the very same (see FINGERPRINTS); none changed, the kept estate
 * itself is answered.
 */
import crypto from 'node:crypto';
import { calendarKey, type Estate, estateSchemas } from '@switchboard/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { FieldDef } from '../../platform/fields.ts';
import { pickedFields, selectRecords } from '../../platform/list.ts';
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

/** A row's version: where it is, and the transaction that made it. */
interface Version {
  _ctid: string;
  _xmin: string;
}
const VERSION = [sql<string>`ctid::text`.as('_ctid'), sql<string>`xmin::text`.as('_xmin')] as const;

/**
 * What each kind is made of, exactly: every row version read (where it is, the transaction that
 * made it), in place order, as an md5. An insert, update or delete — even a second update of one row
 * in the same transaction (a new version elsewhere) — changes it; a rolled-back write's versions are
 * never seen again. Worked out by the database in the reader's own snapshot and under its row-level
 * security: the same fingerprint means the very same rows, so the kind read under it is the kind.
 */
const FINGERPRINTS = PARTS.map((part) =>
  sql<string>`md5(coalesce((select string_agg(ctid::text || ':' || xmin::text, ',' order by ctid) from ${sql.table(TABLE_OF[part])}), ''))`.as(
    part,
  ),
);

/** The fingerprint of the rows read, as FINGERPRINTS makes it. */
function fingerprintOf(rows: readonly Version[]): string {
  const placed = rows.map((v) => {
    const comma = v._ctid.indexOf(',');
    return { block: Number(v._ctid.slice(1, comma)), offset: Number(v._ctid.slice(comma + 1, -1)), v };
  });
  placed.sort((a, b) => a.block - b.block || a.offset - b.offset);
  const text = placed.map(({ v }) => `${v._ctid}:${v._xmin}`).join(',');
  return crypto.createHash('md5').update(text).digest('hex');
}

/** A row's version as fields of a field map (read with the record's own fields). */
const VERSION_FIELDS: Record<keyof Version, FieldDef> = {
  _ctid: { kind: 'text', sql: 'ctid::text' },
  _xmin: { kind: 'text', sql: 'xmin::text' },
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

/** The records of a listed kind (read as its area reads them) with their versions, checked by its estate schema. */
async function recordsOf<S extends z.ZodObject>(db: Tx, table: string, fields: FieldMapOf, schema: S) {
  const rows = await selectRecords<Record<string, unknown>>(db.selectFrom(table as 'seats'), fields);
  // The schema keeps only its own fields: the version is left out.
  return {
    fp: fingerprintOf(rows.map((row): Version => ({ _ctid: String(row._ctid), _xmin: String(row._xmin) }))),
    records: rows.map((row): z.infer<S> => schema.parse(row)),
  };
}

/** The members of every group and queue, the entries of every access list (plain columns), with their fingerprint. */
const childReads = {
  groupMembers: async (db: Tx) => {
    const rows = await db
      .selectFrom('call_group_members')
      .select(['group_id as groupId', 'member as name', 'days', 'start_time as start', 'end_time as end', 'penalty'])
      .select(VERSION)
      .orderBy('id')
      .execute();
    return { fp: fingerprintOf(rows), records: rows.map((m) => estateSchemas.groupMembers.parse(m)) };
  },
  queueMembers: async (db: Tx) => {
    const rows = await db
      .selectFrom('call_queue_members')
      .select(['queue_id as queueId', 'member as memberName', 'penalty'])
      .select(VERSION)
      .orderBy('penalty')
      .orderBy('id')
      .execute();
    return { fp: fingerprintOf(rows), records: rows.map((m) => estateSchemas.queueMembers.parse(m)) };
  },
  entries: async (db: Tx) => {
    const rows = await db
      .selectFrom('access_list_entries')
      .select(['access_list_id', 'number'])
      .select(VERSION)
      .execute();
    return { fp: fingerprintOf(rows), records: rows.map(({ access_list_id, number }) => ({ access_list_id, number })) };
  },
};

/** Each kind's records as read, with the fingerprint of their rows. */
type Parts = { [K in Listed]: { fp: string; records: z.infer<(typeof estateSchemas)[K]>[] } } & {
  [C in Child]: Awaited<ReturnType<(typeof childReads)[C]>>;
};

/** How each kind is read in `db`. */
function partReads(db: Tx, lists: Lists): { [P in Part]: () => Promise<Parts[P]> } {
  const fields = estateFields(lists);
  const listed =
    <K extends Listed>(kind: K) =>
    () =>
      recordsOf(db, LISTED[kind], fields[kind], estateSchemas[kind]);
  return {
    numbers: listed('numbers'),
    timeProfiles: listed('timeProfiles'),
    calendars: listed('calendars'),
    ivrs: listed('ivrs'),
    callGroups: listed('callGroups'),
    queues: listed('queues'),
    seats: listed('seats'),
    nts: listed('nts'),
    conferences: listed('conferences'),
    trunks: listed('trunks'),
    accessLists: listed('accessLists'),
    prompts: listed('prompts'),
    groupMembers: () => childReads.groupMembers(db),
    queueMembers: () => childReads.queueMembers(db),
    entries: () => childReads.entries(db),
  };
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

/** The estates read last, each with its kinds' records and fingerprints, per account: one registry's (one server's). */
const keptOf = new WeakMap<Lists, Map<number, { parts: Parts; estate: Estate }>>();

/**
 * The account's routing objects, read in `db` (a tenant transaction of `account`). With a kept
 * estate for the account, the database is first asked for each kind's fingerprint in this
 * transaction's snapshot: a kind whose rows are the very same (nothing written since, nor by this
 * transaction) is not read again, and when none changed the kept estate itself is answered — one
 * statement. `account` only names the kept estate tried: rows are read by row-level security and
 * matched by fingerprint, never by the number.
 */
export async function loadEstate(db: Tx, lists: Lists, account: number): Promise<Estate> {
  let kept = keptOf.get(lists);
  if (!kept) {
    kept = new Map();
    keptOf.set(lists, kept);
  }
  const last = kept.get(account);
  kept.delete(account);
  const now = last ? await db.selectNoFrom(FINGERPRINTS).executeTakeFirstOrThrow() : undefined;
  const reads = partReads(db, lists);
  const part = async <P extends Part>(p: P): Promise<Parts[P]> =>
    last && now && last.parts[p].fp === now[p] ? last.parts[p] : frozen(await reads[p]());
  const parts: Parts = {
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
  const same = last !== undefined && PARTS.every((p) => parts[p] === last.parts[p]);
  const entry = same ? last : { parts, estate: frozen(estateOf(parts)) };
  kept.set(account, entry);
  for (const oldest of kept.keys()) {
    if (kept.size <= ESTATES_KEPT) break;
    kept.delete(oldest);
  }
  return entry.estate;
}
