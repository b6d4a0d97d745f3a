import type { Kysely } from 'kysely';
import { CROSS_ACCOUNT_ROLE, run, TENANT_ROLE, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * Call records (issue 28): one row per call the switch reports, partitioned by month of its start
 * (UTC) so a month's page, count and export read one partition's indexes. A call is stored once:
 * the switch's call id with the start (the partition key must be in every unique key) is the
 * primary key, and ingestion inserts `on conflict do nothing`. `id` orders rows of one instant
 * (keyset paging: (started_at, id)); its sequence is the table's.
 *
 * Partitions: `call_records_partition(at)` (SECURITY DEFINER, owned by the migrations' role) makes
 * the month's partition of `at` when missing — ingestion calls it for the months of a batch, the
 * monthly job for the next month ahead — and moves into it any row of that month the default
 * partition (the safety net for a month nobody made) holds, so the default stays empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table call_records (
      id bigserial not null,
      account_no integer not null references accounts (account_no) on delete cascade,
      call_id varchar(64) not null,
      started_at timestamptz not null,
      source varchar(32) not null,
      destination varchar(32) not null,
      direction varchar(8) not null check (direction in ('inbound', 'outbound', 'internal')),
      inbound_number varchar(32) not null default '',
      seconds integer not null check (seconds >= 0 and seconds <= 86400),
      answered boolean not null,
      tps_status varchar(40) not null default '',
      rejected_reason varchar(100) not null default '',
      restricted_reason varchar(100) not null default '',
      cost_pence integer not null default 0 check (cost_pence >= 0),
      rate_name varchar(100) not null default '',
      received_at timestamptz not null default now(),
      primary key (call_id, started_at)
    ) partition by range (started_at)`,
    'create table call_records_default partition of call_records default',
    'alter table call_records_default enable row level security, force row level security',
    // The month's page and its keyset (newest first), index-only for a page's ids at any offset.
    'create index call_records_account_at_idx on call_records (account_no, started_at desc, id desc)',
    // Sorts within the month (a partition's index holds its month only).
    'create index call_records_account_source_idx on call_records (account_no, source, id)',
    'create index call_records_account_destination_idx on call_records (account_no, destination, id)',
    'create index call_records_account_inbound_idx on call_records (account_no, inbound_number, id)',
    'create index call_records_account_seconds_idx on call_records (account_no, seconds, id)',
    'create index call_records_account_cost_idx on call_records (account_no, cost_pence, id)',
    `create function call_records_partition(at timestamptz) returns text language plpgsql
      security definer set search_path = public, pg_temp as $f$
      declare
        first timestamptz := date_trunc('month', at at time zone 'UTC') at time zone 'UTC';
        next timestamptz := (date_trunc('month', at at time zone 'UTC') + interval '1 month') at time zone 'UTC';
        name text := 'call_records_' || to_char(at at time zone 'UTC', 'YYYY_MM');
      begin
        if to_regclass(name) is not null then return name; end if;
        -- Two transactions making the same month queue here; the second finds it made.
        perform pg_advisory_xact_lock(hashtext('call_records_partition'), hashtext(name));
        if to_regclass(name) is not null then return name; end if;
        create temp table call_records_moved on commit drop as
          with moved as (delete from call_records_default where started_at >= first and started_at < next returning *)
          select * from moved;
        execute format('create table %I partition of call_records for values from (%L) to (%L)', name, first, next);
        execute format('insert into %I select * from call_records_moved', name);
        drop table call_records_moved;
        -- Read through the parent, whose policies apply; the partition alone answers nobody.
        execute format('alter table %I enable row level security, force row level security', name);
        return name;
      end $f$`,
    `revoke all on function call_records_partition(timestamptz) from public`,
    `grant execute on function call_records_partition(timestamptz) to ${TENANT_ROLE}, ${CROSS_ACCOUNT_ROLE}`,
    // This month and the next, made now; the job keeps one month ahead.
    'select call_records_partition(now())',
    `select call_records_partition(now() + interval '1 month')`,
  );
  await tenantTable(db, 'call_records');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, 'drop table call_records', 'drop function call_records_partition(timestamptz)');
}
