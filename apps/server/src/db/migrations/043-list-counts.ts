import type { Kysely } from 'kysely';
import { countRowsOf } from '../list-counts.ts';
import { CROSS_ACCOUNT_ROLE, run, TENANT_ROLE } from '../tenancy-sql.ts';

/**
 * The number of rows each account has in a large table, kept as rows are written (issue 11: a list's
 * page within 1.5× of the raw SQL). A page's total was a count of its own: at 20,000 seats that
 * count read the account's whole index (2.8 of the statement's 3.2 ms) to number 15 rows. With no
 * filter and no search the total is the account's row count, which the database now keeps: a
 * statement-level trigger adds what an INSERT added and takes away what a DELETE removed, per
 * account, in the writing transaction (so a total is never ahead of or behind the rows the reader
 * sees), and a list reads it in one index lookup.
 *
 * `list_counts` is the tenant's to read (its own accounts' rows, by the same policy as the tables
 * counted) and nobody's to write but the trigger's function, which is SECURITY DEFINER and owned by
 * the cross-account role. Rows never move between accounts in the counted tables (the trigger on
 * UPDATE refuses it), so inserts and deletes are the whole story; TRUNCATE clears the table's counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table list_counts (
      account_no integer not null,
      table_name text not null,
      n bigint not null,
      constraint list_counts_pkey primary key (account_no, table_name)
    )`,
    'alter table list_counts enable row level security',
    'alter table list_counts force row level security',
    `grant select, insert, update, delete on list_counts to ${CROSS_ACCOUNT_ROLE}`,
    `create policy list_counts_cross_account on list_counts to ${CROSS_ACCOUNT_ROLE} using (true) with check (true)`,
    `grant select on list_counts to ${TENANT_ROLE}`,
    `create policy list_counts_tenant_read on list_counts for select to ${TENANT_ROLE}
      using (account_no = app_account_no())`,
    // What a statement inserted (+) or deleted (-), per account; the sign is the trigger's argument.
    `create function app_count_rows() returns trigger
      language plpgsql security definer set search_path = public as $f$
    begin
      if tg_op = 'TRUNCATE' then
        delete from list_counts where table_name = tg_table_name;
      elsif tg_op = 'INSERT' then
        insert into list_counts (account_no, table_name, n)
          select account_no, tg_table_name, count(*) from new_rows group by account_no
          on conflict (account_no, table_name) do update set n = list_counts.n + excluded.n;
      else
        insert into list_counts (account_no, table_name, n)
          select account_no, tg_table_name, -count(*) from old_rows group by account_no
          on conflict (account_no, table_name) do update set n = list_counts.n + excluded.n;
      end if;
      return null;
    end $f$`,
    `create function app_row_stays() returns trigger language plpgsql as $f$
    begin
      raise exception 'A row of % does not move to another account', tg_table_name using errcode = '23514';
    end $f$`,
    // The owner must be allowed to create in the schema at the moment ownership passes to it.
    `grant create on schema public to ${CROSS_ACCOUNT_ROLE}`,
    `alter function app_count_rows() owner to ${CROSS_ACCOUNT_ROLE}`,
    `revoke create on schema public from ${CROSS_ACCOUNT_ROLE}`,
    'revoke execute on function app_count_rows() from public',
    `grant execute on function app_count_rows() to ${TENANT_ROLE}, ${CROSS_ACCOUNT_ROLE}`,
  );
  await countRowsOf(db, 'seats');
  await countRowsOf(db, 'telephone_numbers');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['seats', 'telephone_numbers']) {
    await run(
      db,
      ...['insert', 'delete', 'truncate', 'account'].map(
        (t) => `drop trigger if exists ${table}_count_${t} on ${table}`,
      ),
    );
  }
  await run(db, 'drop table list_counts', 'drop function app_count_rows()', 'drop function app_row_stays()');
}
