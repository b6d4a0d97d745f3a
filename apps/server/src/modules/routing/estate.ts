/**
 * An account's routing estate (the domain's Estate) loaded in the caller's tenant transaction:
 * one statement per kind of object (set-based, never one per object), each reading only the
 * fields the engine needs through its area's own field map (platform.lists: the same columns,
 * the same mappings as the area's reads), checked by the domain's estate schemas. Row-level
 * security decides the rows: another account's objects are never read, so a destination naming
 * one is 'missing' in the trace.
 */
import { calendarKey, type Estate, estateSchemas } from '@switchboard/domain';
import type { z } from 'zod';
import { pickedFields, selectRecords } from '../../platform/list.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Tx } from '../../platform/tenancy.ts';

type Lists = Platform['lists'];

/** The records of `table` (an area's list), only the fields `schema` names, checked by it. */
async function recordsOf<S extends z.ZodObject>(db: Tx, lists: Lists, table: string, schema: S): Promise<z.infer<S>[]> {
  const list = lists.find((l) => l.table === table);
  if (!list) throw new Error(`No list of ${table} is registered: the routing estate cannot read it`);
  const fields = pickedFields(list.fields, Object.keys(schema.shape));
  const rows = await selectRecords<unknown>(db.selectFrom(table as 'seats'), fields);
  return rows.map((row) => schema.parse(row));
}

/** The members of every group and queue, the entries of every access list: plain columns. */
async function childrenOf(db: Tx) {
  const groupMembers = await db
    .selectFrom('call_group_members')
    .select(['group_id as groupId', 'member as name', 'days', 'start_time as start', 'end_time as end', 'penalty'])
    .orderBy('id')
    .execute();
  const queueMembers = await db
    .selectFrom('call_queue_members')
    .select(['queue_id as queueId', 'member as memberName', 'penalty'])
    .orderBy('penalty')
    .orderBy('id')
    .execute();
  const entries = await db.selectFrom('access_list_entries').select(['access_list_id', 'number']).execute();
  return {
    groupMembers: groupMembers.map((m) => estateSchemas.groupMembers.parse(m)),
    queueMembers: queueMembers.map((m) => estateSchemas.queueMembers.parse(m)),
    entries,
  };
}

const grouped = <T, K>(items: readonly T[], key: (t: T) => K) => {
  const out = new Map<K, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
};

/** The account's routing objects, read in `db` (a tenant transaction). */
export async function loadEstate(db: Tx, lists: Lists): Promise<Estate> {
  const read = <K extends keyof typeof estateSchemas>(table: string, key: K) =>
    recordsOf(db, lists, table, estateSchemas[key]);
  const numbers = await read('telephone_numbers', 'numbers');
  const timeProfiles = await read('time_profiles', 'timeProfiles');
  const calendars = await read('time_profile_calendars', 'calendars');
  const ivrs = await read('ivrs', 'ivrs');
  const callGroups = await read('call_groups', 'callGroups');
  const queues = await read('call_queues', 'queues');
  const seats = await read('seats', 'seats');
  const nts = await read('nts_destinations', 'nts');
  const conferences = await read('conference_rooms', 'conferences');
  const trunks = await read('sip_trunks', 'trunks');
  const accessLists = await read('access_lists', 'accessLists');
  const prompts = await read('prompts', 'prompts');
  const { groupMembers, queueMembers, entries } = await childrenOf(db);
  const calendarsOf = grouped(calendars, (c) => c.timeProfileId);
  const membersOf = grouped(groupMembers, (m) => m.groupId);
  const agentsOf = grouped(queueMembers, (m) => m.queueId);
  const entriesOf = grouped(entries, (e) => e.access_list_id);
  return {
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
}
