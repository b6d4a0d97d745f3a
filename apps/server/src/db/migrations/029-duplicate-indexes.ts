import { type Kysely, sql } from 'kysely';

/**
 * Indexes that repeat another index of their table (same columns, expressions, operator classes,
 * orders and predicate; not unique, not backing a constraint): the scale indexes of 013 and the reference indexes made by
 * tenantReference() / sharedReference() both indexed seats.user_id, music_on_hold_id,
 * vm_advanced_prompt_id and telephone_numbers.acl_id, and 008 had seats.acl_id twice (one partial).
 * A duplicate answers no query the other cannot and costs every insert, update and delete of the
 * table. The one kept is the first by name; the schema test in platform/tenancy.test.ts refuses new
 * duplicates.
 */
export const DUPLICATE_INDEXES_SQL = `
  select i.indexrelid::regclass::text as name, c.relname as table
  from pg_index i
  join pg_class c on c.oid = i.indrelid
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and not i.indisunique
    and not exists (select 1 from pg_constraint con where con.conindid = i.indexrelid)
    and exists (
      select 1 from pg_index o
      where o.indrelid = i.indrelid and o.indexrelid <> i.indexrelid
        and o.indkey::text = i.indkey::text
        and coalesce(pg_get_expr(o.indexprs, o.indrelid), '') = coalesce(pg_get_expr(i.indexprs, i.indrelid), '')
        and o.indclass::text = i.indclass::text
        -- A column descending in one and ascending in the other: another order (migration 053's pairs).
        and o.indoption::text = i.indoption::text
        and coalesce(pg_get_expr(o.indpred, o.indrelid), '') = coalesce(pg_get_expr(i.indpred, i.indrelid), '')
        and (exists (select 1 from pg_constraint con where con.conindid = o.indexrelid)
          or o.indexrelid::regclass::text < i.indexrelid::regclass::text)
    )
  order by 2, 1`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // A partial index beside the full one on the same column (a partial pending-rows index stays:
  // it is small on purpose).
  await sql.raw('drop index if exists seats_acl_idx').execute(db);
  const { rows } = await sql.raw<{ name: string }>(DUPLICATE_INDEXES_SQL).execute(db);
  for (const { name } of rows) await sql.raw(`drop index ${name}`).execute(db);
}
