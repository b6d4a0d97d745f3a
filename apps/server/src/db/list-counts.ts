/**
 * Row counts the database keeps per account for the large tables (migration 043), so a list's
 * total with no filter and no search is one lookup instead of a count of the account's rows.
 */
import { type Kysely, sql } from 'kysely';
import { run } from './tenancy-sql.ts';

/**
 * The tables whose counts are kept: a table joins by a migration calling `countRowsOf` and by its
 * name here (list.ts then reads its count). Only tables whose rows a tenant sees by account_no alone
 * (the 'own' or 'readInsert' policy): the count is then what a count(*) of the tenant's list would
 * be. A row of no account (the audit log's provider-level entries) is no tenant's and is not counted.
 */
export const COUNTED_TABLES: ReadonlySet<string> = new Set(['seats', 'telephone_numbers', 'audit_log', 'call_records']);

/**
 * How a table's rows are counted in parts (migration 104): `sql`, a row's part as text (its columns
 * unqualified), and the `columns` it reads (an update of one that changes the part is refused).
 */
export interface CountedPart {
  sql: string;
  columns: readonly string[];
}

/**
 * Keeps `table`'s rows counted per account from now on (its existing `rows` counted first; the
 * triggers count only rows of an account, migration 060), and per `part` when given (migration 104:
 * the count of each part a list filtered to it reads). The migration runs as the tables' owner with
 * row-level security bypassed, as every migration does.
 */
export async function countRowsOf(
  db: Kysely<unknown>,
  table: string,
  rows = 'true',
  part?: CountedPart,
): Promise<void> {
  // Without a part, as migration 043 counted (migrations before 104 call this too: no part column).
  const argument = part ? `$part$${part.sql}$part$` : '';
  await run(
    db,
    part
      ? `insert into list_counts (account_no, table_name, part, n)
          select account_no, '${table}', ${part.sql}, count(*) from ${table} where ${rows} group by 1, 2, 3`
      : `insert into list_counts (account_no, table_name, n)
          select account_no, '${table}', count(*) from ${table} where ${rows} group by account_no`,
    `create trigger ${table}_count_insert after insert on ${table}
      referencing new table as new_rows for each statement execute function app_count_rows(${argument})`,
    `create trigger ${table}_count_delete after delete on ${table}
      referencing old table as old_rows for each statement execute function app_count_rows(${argument})`,
    `create trigger ${table}_count_truncate after truncate on ${table}
      for each statement execute function app_count_rows()`,
    // Counted per account: a row never changes account (no request does; this keeps it so).
    `create trigger ${table}_count_account before update of account_no on ${table}
      for each row when (old.account_no is distinct from new.account_no) execute function app_row_stays()`,
  );
  if (!part) return;
  const changed = part.columns.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');
  await run(
    db,
    `create trigger ${table}_count_part before update of ${part.columns.join(', ')} on ${table}
      for each row when (${changed}) execute function app_row_keeps_part('${part.columns.join(', ')}')`,
  );
}

/** The kept count of `table` (its `part` when given) over the accounts the reader may see (their policy). */
export const keptCountSql = (table: string, part?: string) =>
  part === undefined
    ? sql<number>`(select coalesce(sum(n), 0) from list_counts where table_name = ${table})`
    : sql<number>`(select coalesce(sum(n), 0) from list_counts where table_name = ${table} and part = ${part})`;
