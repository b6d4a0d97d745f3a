import { type Kysely, sql } from 'kysely';

/** The Teams sandbox's tenant state per account. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('teams_accounts')
    .addColumn('account_no', 'integer', (c) => c.primaryKey().references('accounts.account_no').onDelete('cascade'))
    .addColumn('admin_email', 'varchar(100)')
    .addColumn('invited_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('teams_accounts').execute();
}
