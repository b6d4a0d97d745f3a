import { type Kysely, sql } from 'kysely';

/**
 * An access list's name is unique in its account, whatever its case: the save's check (uniqueIn)
 * cannot see a list another request is creating at the same moment; this key can. Lists already
 * sharing a name keep the first and number the others ('Callers (2)') rather than fail the upgrade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    with named as (
      select id, name, row_number() over (partition by account_no, lower(name) order by id) as n
      from access_lists
    )
    update access_lists a set name = left(named.name, 44) || ' (' || named.n || ')'
    from named where named.id = a.id and named.n > 1`.execute(db);
  await sql`create unique index access_lists_name_key on access_lists (account_no, lower(name))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index access_lists_name_key`.execute(db);
}
