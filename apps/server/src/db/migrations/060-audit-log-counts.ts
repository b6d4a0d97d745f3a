import type { Kysely } from 'kysely';
import { countRowsOf } from '../list-counts.ts';
import { run } from '../tenancy-sql.ts';

/**
 * The audit log is a keyset list (issue 26: platform/keyset.ts): its rows are counted per account
 * (043) so that a page's total — and a deep offset read from the far end of the key's index — does
 * not count millions of rows. A row of no account (a provider admin's own sign-in) is no tenant's
 * and is not counted: the count is what a tenant's list holds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, countsOfAccountRowsOnly(' where account_no is not null'));
  await run(db, 'delete from list_counts where account_no is null');
  await countRowsOf(db, 'audit_log', 'account_no is not null');
}

/** app_count_rows (043) counting only the rows of an account (`where`: '' counts every row). */
function countsOfAccountRowsOnly(where: string): string {
  // CREATE OR REPLACE keeps the function's owner (the cross-account role) and its grants.
  return `create or replace function app_count_rows() returns trigger
      language plpgsql security definer set search_path = public as $f$
    begin
      if tg_op = 'TRUNCATE' then
        delete from list_counts where table_name = tg_table_name;
      elsif tg_op = 'INSERT' then
        insert into list_counts (account_no, table_name, n)
          select account_no, tg_table_name, count(*) from new_rows${where} group by account_no
          on conflict (account_no, table_name) do update set n = list_counts.n + excluded.n;
      else
        insert into list_counts (account_no, table_name, n)
          select account_no, tg_table_name, -count(*) from old_rows${where} group by account_no
          on conflict (account_no, table_name) do update set n = list_counts.n + excluded.n;
      end if;
      return null;
    end $f$`;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    ...['insert', 'delete', 'truncate', 'account'].map(
      (t) => `drop trigger if exists audit_log_count_${t} on audit_log`,
    ),
    `delete from list_counts where table_name = 'audit_log'`,
    countsOfAccountRowsOnly(''),
  );
}
