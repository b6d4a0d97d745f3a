import type { Kysely } from 'kysely';
import { run } from '../tenancy-sql.ts';

/**
 * The account once per statement, not once per row (issue 26 item 1). `app_account_no()` checks a
 * MAC since migration 090 (a SECURITY DEFINER call and two SHA-256s): a policy `account_no =
 * app_account_no()` would call it for every row a filter looks at. Written `account_no = (select
 * app_account_no())` it is an InitPlan, computed once per statement and then a plain parameter
 * (still an index condition). Every policy that calls it is rewritten so, whoever wrote it (the
 * `tenantTable()` helpers write the new form from now on: db/tenancy-sql.ts); `account-key.test.ts`
 * keeps it so.
 */
const CALL = 'app_account_no()';
/** How PostgreSQL deparses the sub-select. */
const WRAPPED = '( SELECT app_account_no() AS app_account_no)';
const HOLD = '{a held sub-select}';

/** Every policy calling the function, its clauses passed through `change` (an expression of `e`). */
const rewrite = (change: string) => `do $$ declare
    p record;
    e text;
    clauses text;
  begin
    for p in select schemaname, tablename, policyname, qual, with_check from pg_policies
      where qual like '%${CALL}%' or with_check like '%${CALL}%'
    loop
      clauses := '';
      if p.qual is not null then
        e := p.qual;
        clauses := clauses || format(' using (%s)', ${change});
      end if;
      if p.with_check is not null then
        e := p.with_check;
        clauses := clauses || format(' with check (%s)', ${change});
      end if;
      execute format('alter policy %I on %I.%I', p.policyname, p.schemaname, p.tablename) || clauses;
    end loop;
  end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Calls already in a sub-select are held aside, the others wrapped, the held ones put back.
  await run(
    db,
    rewrite(
      `replace(replace(replace(e, '${WRAPPED}', '${HOLD}'), '${CALL}', '(select ${CALL})'), '${HOLD}', '${WRAPPED}')`,
    ),
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, rewrite(`replace(e, '${WRAPPED}', '${CALL}')`));
}
