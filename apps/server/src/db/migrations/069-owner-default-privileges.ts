import type { Kysely } from 'kysely';
import { CROSS_ACCOUNT_ROLE, run } from '../tenancy-sql.ts';

/**
 * What the owner creates from now on — tables, sequences, schemas (a job queue's, an outbox
 * consumer's cursors) — the cross-account role may use at once: its login serves the named
 * cross-account uses and any background client (a job queue's own connections) on a pool of its own
 * (db/logins.ts), no longer as the owner. Row-level security still binds it where a table has it
 * (`tenantTable()` gives it its policy). The tenant role gets nothing by default: a table is the
 * tenant's only through `tenantTable()`'s grants and policies. Default privileges belong to the
 * role that runs the migrations: the MIGRATION_DATABASE_URL's user. Schemas of its own that earlier
 * migrations made (other than public, whose tables `tenantTable()` grants) get the same grants now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `alter default privileges grant usage on schemas to ${CROSS_ACCOUNT_ROLE}`,
    `alter default privileges grant select, insert, update, delete on tables to ${CROSS_ACCOUNT_ROLE}`,
    `alter default privileges grant usage, select, update on sequences to ${CROSS_ACCOUNT_ROLE}`,
    // And what earlier migrations made in schemas of their own (a job queue's made before this one).
    `do $$ declare s record; begin
      for s in select n.nspname from pg_namespace n
        where n.nspowner = (select oid from pg_roles where rolname = current_user)
          and n.nspname <> 'public' and n.nspname !~ '^(pg_|information_schema)'
      loop
        execute format('grant usage on schema %I to ${CROSS_ACCOUNT_ROLE}', s.nspname);
        execute format('grant select, insert, update, delete on all tables in schema %I to ${CROSS_ACCOUNT_ROLE}', s.nspname);
        execute format('grant usage, select, update on all sequences in schema %I to ${CROSS_ACCOUNT_ROLE}', s.nspname);
      end loop;
    end $$`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `alter default privileges revoke usage on schemas from ${CROSS_ACCOUNT_ROLE}`,
    `alter default privileges revoke select, insert, update, delete on tables from ${CROSS_ACCOUNT_ROLE}`,
    `alter default privileges revoke usage, select, update on sequences from ${CROSS_ACCOUNT_ROLE}`,
  );
}
