import { type Kysely, sql } from 'kysely';
import { run } from '../tenancy-sql.ts';

/**
 * Indexes for accounts of tens of thousands of seats (bench/scale.bench.ts). Every list query runs
 * under row-level security (account_no = the transaction's account), so each index leads with the
 * account: a sortable column's index gives a page in order without sorting the account's rows, a
 * filterable one finds its rows, a referencing column's one answers a delete's 'in use' check.
 * Searches ('%text%' in several columns) use trigram indexes where pg_trgm is available (PGlite
 * loads it; on PostgreSQL it is a trusted extension of the contrib package): without it they scan.
 */
const BTREE: Array<[string, string, string]> = [
  // Seats: sortable and filterable columns, then what refers to a number, a destination or a row.
  ['seats_nickname_idx', 'seats', 'account_no, nickname, id'],
  ['seats_caller_id_name_idx', 'seats', 'account_no, caller_id_name, id'],
  ['seats_caller_id_number_idx', 'seats', 'account_no, caller_id_number, id'],
  ['seats_call_recording_idx', 'seats', 'account_no, call_recording, extension'],
  ['seats_vm_mode_idx', 'seats', 'account_no, vm_mode, extension'],
  ['seats_emergency_cid_idx', 'seats', 'account_no, emergency_service_cid'],
  ['seats_teams_cli_idx', 'seats', 'account_no, teams_cli'],
  ['seats_vm_advanced_dest_idx', 'seats', 'account_no, vm_advanced_dest'],
  ['seats_music_idx', 'seats', 'music_on_hold_id'],
  ['seats_user_idx', 'seats', 'user_id'],
  ['seats_vm_prompt_idx', 'seats', 'vm_advanced_prompt_id'],
  // Telephone numbers.
  ['telephone_numbers_account_number_idx', 'telephone_numbers', 'account_no, number, id'],
  ['telephone_numbers_nickname_idx', 'telephone_numbers', 'account_no, nickname, id'],
  ['telephone_numbers_destination_idx', 'telephone_numbers', 'account_no, destination, id'],
  ['telephone_numbers_call_record_idx', 'telephone_numbers', 'account_no, call_record, number'],
  ['telephone_numbers_acl_idx', 'telephone_numbers', 'acl_id'],
  // Destinations and numbers named by the other numbered / routed tables.
  ['time_profiles_in_destination_idx', 'time_profiles', 'account_no, in_destination'],
  ['time_profiles_out_destination_idx', 'time_profiles', 'account_no, out_destination'],
  ['time_profile_calendars_destination_idx', 'time_profile_calendars', 'account_no, destination'],
  ['sip_trunks_fail_over_idx', 'sip_trunks', 'account_no, trunk_fail_over'],
  ['sip_trunks_cli_number_idx', 'sip_trunks', 'account_no, cli_number'],
  ['sip_trunks_emergency_cid_idx', 'sip_trunks', 'account_no, emergency_services_cid'],
  // Next free number: the highest of a kind in a range.
  ['dial_plan_kind_idx', 'dial_plan', 'account_no, kind, number'],
];

/** Searchable columns (as the lists search them: the expression as text). */
const TRIGRAM: Array<[string, string, string]> = [
  ['seats_extension_trgm', 'seats', '(extension::text)'],
  ['seats_name_trgm', 'seats', 'name'],
  ['seats_nickname_trgm', 'seats', 'nickname'],
  ['seats_caller_id_name_trgm', 'seats', 'caller_id_name'],
  ['seats_caller_id_number_trgm', 'seats', 'caller_id_number'],
  ['seats_vm_email_trgm', 'seats', 'vm_email'],
  ['telephone_numbers_number_trgm', 'telephone_numbers', 'number'],
  ['telephone_numbers_nickname_trgm', 'telephone_numbers', 'nickname'],
  ['telephone_numbers_cid_prefix_trgm', 'telephone_numbers', 'cid_prefix'],
  ['telephone_numbers_fax_address_trgm', 'telephone_numbers', 'fax_address'],
];

/** Whether pg_trgm is (now) installed: created when available and allowed, never failing the migration. */
export async function trigramAvailable(db: Kysely<unknown>): Promise<boolean> {
  await run(
    db,
    `do $$ begin
      if exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
        create extension if not exists pg_trgm;
      end if;
    exception when others then raise notice 'pg_trgm not installed: %', sqlerrm;
    end $$`,
  );
  const { rows } = await sql<{
    ok: boolean;
  }>`select exists (select 1 from pg_extension where extname = 'pg_trgm') as ok`.execute(db);
  return rows[0]?.ok === true;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of BTREE) {
    await run(db, `create index if not exists ${name} on ${table} (${columns})`);
  }
  if (await trigramAvailable(db)) {
    for (const [name, table, expression] of TRIGRAM) {
      await run(db, `create index if not exists ${name} on ${table} using gin (${expression} gin_trgm_ops)`);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of [...TRIGRAM, ...BTREE]) await run(db, `drop index if exists ${name}`);
}
