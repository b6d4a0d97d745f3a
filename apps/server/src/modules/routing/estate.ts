/**
 * An account's routing estate (the domain's Estate) loaded in the caller's tenant transaction:
 * one statement per kind of object (set-based, never one per object), each reading only the
 * fields the engine needs through its area's own field map (platform.lists: the same columns, the
 * same mappings as the area's reads), checked by the domain's estate schemas. Row-level security
 * decides the rows: another account's objects are never read, so a destination naming one is
 * 'missing' in the trace.
 *
 * The estate read last for each account is kept with its fingerprint (every row version read):
 * a read first asks the database for the fingerprint of the rows it would read, in one statement,
 * and answers the kept estate when it is the same — the very same rows (see FINGERPRINT).
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

/** Every table the estate reads, in the fingerprint's order: the listed kinds', then the children's. */
const TABLES = [...KINDS.map((k) => LISTED[k]), 'call_group_members', 'call_queue_members', 'access_list_entries'];

/** A row's version: where it is, and the transaction that made it. */
interface Version {
  _ctid: string;
  _xmin: string;
}
const VERSION = [sql<string>`ctid::text`.as('_ctid'), sql<string>`xmin::text`.as('_xmin')] as const;

/**
 * What the estate is made of, exactly: every row version read, by table, in place order. An
 * insert, update or delete — even a second update of one row in the same transaction (a new
 * version elsewhere) — changes it; a rolled-back write's versions are never seen again. Worked out
 * by the database in the reader's own snapshot and under its row-level security: the same
 * fingerprint means the very same rows, so the estate read under it is the estate.
 */
const FINGERPRINT = sql<string>`md5(concat_ws('|', ${sql.join(
  TABLES.map(
    (t) =>
      sql`coalesce((select string_agg(ctid::text || ':' || xmin::text, ',' order by ctid) from ${sql.table(t)}), '')`,
  ),
)}))`;

/** The fingerprint of the rows read (each table's, in TABLES' order), as FINGERPRINT makes it. */
function fingerprintOf(tables: ReadonlyArray<readonly Version[]>): string {
  const each = tables.map((rows) => {
    const placed = rows.map((v) => {
      const comma = v._ctid.indexOf(',');
      return { block: Number(v._ctid.slice(1, comma)), offset: Number(v._ctid.slice(comma + 1, -1)), v };
    });
    placed.sort((a, b) => a.block - b.block || a.offset - b.offset);
    return placed.map(({ v }) => `${v._ctid}:${v._xmin}`).join(',');
  });
  return crypto.createHash('md5').update(each.join('|')).digest('hex');
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
    versions: rows.map((row): Version => ({ _ctid: String(row._ctid), _xmin: String(row._xmin) })),
    records: rows.map((row): z.infer<S> => schema.parse(row)),
  };
}

/** The members of every group and queue, the entries of every access list: plain columns. */
async function childrenOf(db: Tx) {
  const groupMembers = await db
    .selectFrom('call_group_members')
    .select(['group_id as groupId', 'member as name', 'days', 'start_time as start', 'end_time as end', 'penalty'])
    .select(VERSION)
    .orderBy('id')
    .execute();
  const queueMembers = await db
    .selectFrom('call_queue_members')
    .select(['queue_id as queueId', 'member as memberName', 'penalty'])
    .select(VERSION)
    .orderBy('penalty')
    .orderBy('id')
    .execute();
  const entries = await db
    .selectFrom('access_list_entries')
    .select(['access_list_id', 'number'])
    .select(VERSION)
    .execute();
  return {
    versions: [groupMembers, queueMembers, entries],
    groupMembers: groupMembers.map((m) => estateSchemas.groupMembers.parse(m)),
    queueMembers: queueMembers.map((m) => estateSchemas.queueMembers.parse(m)),
    entries,
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

/** The account's routing objects read in `db`, with the fingerprint of the rows read. */
async function readEstate(db: Tx, lists: Lists): Promise<{ fp: string; estate: Estate }> {
  const fields = estateFields(lists);
  const versions: Version[][] = [];
  const read = async <K extends Listed>(kind: K) => {
    const { versions: v, records } = await recordsOf(db, LISTED[kind], fields[kind], estateSchemas[kind]);
    versions[KINDS.indexOf(kind)] = v;
    return records;
  };
  const numbers = await read('numbers');
  const timeProfiles = await read('timeProfiles');
  const calendars = await read('calendars');
  const ivrs = await read('ivrs');
  const callGroups = await read('callGroups');
  const queues = await read('queues');
  const seats = await read('seats');
  const nts = await read('nts');
  const conferences = await read('conferences');
  const trunks = await read('trunks');
  const accessLists = await read('accessLists');
  const prompts = await read('prompts');
  const children = await childrenOf(db);
  const calendarsOf = grouped(calendars, (c) => c.timeProfileId);
  const membersOf = grouped(children.groupMembers, (m) => m.groupId);
  const agentsOf = grouped(children.queueMembers, (m) => m.queueId);
  const entriesOf = grouped(children.entries, (e) => e.access_list_id);
  const estate: Estate = {
    numbers,
    timeProfiles: timeProfiles.map((p) => ({
      ...p,
      // By start, as the profile's status reads them: the first entry holding the instant decides.
      calendars: (calendarsOf.get(p.id) ?? []).sort((a, b) => calendarKey(a.start).localeCompare(calendarKey(b.start))),
    })),
    ivrs,
    callGroups: callGroups.map((g) => ({ ...g, members: membersOf.get(g.id) ?? [] })),
    queues: queues.map((q) => ({ ...q, members: agentsOf.get(q.id) ?? [] })),
    seats,
    nts,
    conferences,
    trunks,
    accessLists: accessLists.map((a) => ({ ...a, entries: (entriesOf.get(a.id) ?? []).map((e) => e.number) })),
    prompts,
  };
  return { fp: fingerprintOf([...versions, ...children.versions]), estate };
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

/** The estates read last, each with its fingerprint, per account: one registry's (one server's). */
const keptOf = new WeakMap<Lists, Map<number, { fp: string; estate: Estate }>>();

/**
 * The account's routing objects, read in `db` (a tenant transaction of `account`). When the
 * account's kept estate has the fingerprint of the rows this transaction would read (nothing
 * written since, nor by this transaction), it is answered and the rows are not read: one statement.
 * `account` only names the kept estate tried: rows are read by row-level security and matched by
 * fingerprint, never by the number. `changed`: the caller knows the rows changed (it has just
 * written them), so the kept estate is not tried.
 */
export async function loadEstate(
  db: Tx,
  lists: Lists,
  account: number,
  options: { changed?: boolean } = {},
): Promise<Estate> {
  let kept = keptOf.get(lists);
  if (!kept) {
    kept = new Map();
    keptOf.set(lists, kept);
  }
  const last = options.changed ? undefined : kept.get(account);
  kept.delete(account);
  let entry = last;
  if (last) {
    const { fp } = await db.selectNoFrom(FINGERPRINT.as('fp')).executeTakeFirstOrThrow();
    if (fp !== last.fp) entry = undefined;
  }
  if (!entry) {
    const read = await readEstate(db, lists);
    entry = { fp: read.fp, estate: frozen(read.estate) };
  }
  kept.set(account, entry);
  for (const oldest of kept.keys()) {
    if (kept.size <= ESTATES_KEPT) break;
    kept.delete(oldest);
  }
  return entry.estate;
}
