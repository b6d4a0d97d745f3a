import type { Kysely } from 'kysely';
import { run } from '../tenancy-sql.ts';

/**
 * Kept row counts in parts (issue 28: the call records' month). A table's rows may be counted per
 * account and per part — a text the trigger computes from each row, e.g. the month of a call's start
 * — so that a list narrowed to one part (the month the call-records page always shows) has its total
 * in one index lookup, as an unfiltered list has since migration 043. A table counted whole has the
 * one part ''; the sum over a table's parts is the table's count, as before.
 *
 * `app_count_rows` takes the SQL of a row's part as its trigger's argument (none: ''), and computes
 * it over the statement's transition table — a statement-level trigger on a partitioned table sees
 * the rows of every partition the statement wrote, so a partitioned table is counted through its
 * parent. `app_row_keeps_part` refuses an update that would move a row to another part (its trigger
 * fires only when a part's column changes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `alter table list_counts add column part text not null default ''`,
    'alter table list_counts drop constraint list_counts_pkey',
    'alter table list_counts add constraint list_counts_pkey primary key (account_no, table_name, part)',
    // CREATE OR REPLACE keeps the function's owner (the cross-account role) and its grants.
    `create or replace function app_count_rows() returns trigger
      language plpgsql security definer set search_path = public as $f$
    declare
      part text := case when tg_nargs > 0 then tg_argv[0] else '''''' end;
    begin
      if tg_op = 'TRUNCATE' then
        delete from list_counts where table_name = tg_table_name;
      else
        -- What the statement inserted (+) or deleted (-), per account and part; rows of no account
        -- are no tenant's and are not counted (migration 060).
        execute format(
          'insert into list_counts (account_no, table_name, part, n)
            select account_no, %L, %s, %s count(*) from %I where account_no is not null group by 1, 2, 3
            on conflict (account_no, table_name, part) do update set n = list_counts.n + excluded.n',
          tg_table_name, part, case when tg_op = 'INSERT' then '' else '-' end,
          case when tg_op = 'INSERT' then 'new_rows' else 'old_rows' end);
      end if;
      return null;
    end $f$`,
    `create function app_row_keeps_part() returns trigger language plpgsql as $f$
    begin
      raise exception 'A row of % does not change its %', tg_table_name, tg_argv[0] using errcode = '23514';
    end $f$`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `delete from list_counts where part <> ''`,
    'alter table list_counts drop constraint list_counts_pkey',
    'alter table list_counts drop column part',
    'alter table list_counts add constraint list_counts_pkey primary key (account_no, table_name)',
    'drop function app_row_keeps_part()',
    `create or replace function app_count_rows() returns trigger
      language plpgsql security definer set search_path = public as $f$
    begin
      if tg_op = 'TRUNCATE' then
        delete from list_counts where table_name = tg_table_name;
      elsif tg_op = 'INSERT' then
        insert into list_counts (account_no, table_name, n)
          select account_no, tg_table_name, count(*) from new_rows where account_no is not null group by account_no
          on conflict (account_no, table_name) do update set n = list_counts.n + excluded.n;
      else
        insert into list_counts (account_no, table_name, n)
          select account_no, tg_table_name, -count(*) from old_rows where account_no is not null group by account_no
          on conflict (account_no, table_name) do update set n = list_counts.n + excluded.n;
      end if;
      return null;
    end $f$`,
  );
}
