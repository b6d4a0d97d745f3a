import type { Kysely } from 'kysely';
import { run } from '../tenancy-sql.ts';

/**
 * An index for every sortable or filterable column of a list that had none (issue 11: "indexes for
 * every sortable / filterable column"; migration 013 gave the seats and telephone numbers theirs).
 * Each leads with the account, as row-level security reads every list by it, then the column and the
 * id (the list's tie-break): a sorted page is read in order and stops at its offset and limit, a
 * filter finds its rows without reading the account's others. Most of these tables hold tens of an
 * account's rows today; the indexes are small, and the list-indexes test keeps every new sortable
 * or filterable column from arriving without one.
 */
const LISTED: Record<string, string[]> = {
  access_lists: ['description'],
  call_groups: ['answer_elsewhere', 'cid_prefix', 'fallover_location', 'ignore_cfwd', 'ring_time', 'ring_type'],
  call_queues: [
    'exit_switch',
    'fallover_location',
    'max_length',
    'queue_cid_prefix',
    'queue_time',
    'strategy',
    'timeout',
    'wrap_up_time',
  ],
  conference_rooms: ['announce_users', 'listen_only', 'max_participants', 'moh', 'nickname', 'wait_for_marked'],
  dial_throughs: ['channels', 'cli', 'inter', 'pin_enabled', 'uk_geo', 'uk_mob', 'uk_other'],
  ivrs: ['description'],
  mobiles: ['active', 'description'],
  music_on_hold: ['name'],
  nts_destinations: ['allow_international', 'channel_limit', 'destination', 'ext_refuse'],
  prompts: ['name'],
  sip_trunks: ['call_recording', 'channel_limit', 'host', 'nickname'],
  telephone_numbers: ['anon_call_reject', 'ems_needed', 'fax_contact'],
  time_profile_calendars: ['description'],
  time_profiles: ['bank_holiday', 'description', 'mode', 'name'],
  users: ['email', 'enabled', 'name', 'surname', 'username'],
};

const indexes = () =>
  Object.entries(LISTED).flatMap(([table, columns]) => columns.map((column) => ({ table, column })));
const indexName = ({ table, column }: { table: string; column: string }) => `${table}_${column}_list_idx`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    ...indexes().map((i) => `create index if not exists ${indexName(i)} on ${i.table} (account_no, ${i.column}, id)`),
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, ...indexes().map((i) => `drop index if exists ${indexName(i)}`));
}
