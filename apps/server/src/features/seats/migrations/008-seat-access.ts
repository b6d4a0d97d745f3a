import { type Kysely, sql } from 'kysely';

/**
 * A seat's access controls (spec 2 §3 options acl and ipAcl): the access list its outbound calls
 * are limited to, and the country its phones may register from (GB when the seat is created).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('seats')
    .addColumn('acl_id', 'integer', (c) => c.references('access_lists.id').onDelete('set null'))
    .addColumn('ip_acl', 'varchar(2)', (c) => c.notNull().defaultTo('GB'))
    .execute();
  await sql`create index seats_acl_idx on seats (acl_id) where acl_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('seats').dropColumn('acl_id').dropColumn('ip_acl').execute();
}
