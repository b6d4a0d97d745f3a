import { type Kysely, sql } from 'kysely';

/** Access lists with their entries, and mobile numbers. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('access_lists')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_no', 'integer', (c) => c.notNull().references('accounts.account_no').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('description', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('prompt_id', 'integer', (c) => c.references('prompts.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('access_lists_account_idx').on('access_lists').columns(['account_no', 'name']).execute();

  await db.schema
    .createTable('access_list_entries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_no', 'integer', (c) => c.notNull().references('accounts.account_no').onDelete('cascade'))
    .addColumn('access_list_id', 'integer', (c) => c.notNull().references('access_lists.id').onDelete('cascade'))
    .addColumn('number', 'varchar(14)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('access_list_entries_number_uq', ['access_list_id', 'number'])
    .execute();
  await db.schema
    .createIndex('access_list_entries_account_idx')
    .on('access_list_entries')
    .column('account_no')
    .execute();

  await db.schema
    .createTable('mobiles')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_no', 'integer', (c) => c.notNull().references('accounts.account_no').onDelete('cascade'))
    .addColumn('description', 'varchar(45)', (c) => c.notNull().defaultTo(''))
    .addColumn('number', 'varchar(16)', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('mobiles_number_uq', ['account_no', 'number'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mobiles').execute();
  await db.schema.dropTable('access_list_entries').execute();
  await db.schema.dropTable('access_lists').execute();
}
