import { type Kysely, sql } from 'kysely';

/** Time profiles (numbers 200-998, unique per account) and their calendar entries. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('time_profiles')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_no', 'integer', (c) => c.notNull().references('accounts.account_no').onDelete('cascade'))
    .addColumn('extension', 'integer', (c) => c.notNull().check(sql`extension between 200 and 998`))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_holiday', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`bank_holiday between 0 and 3`))
    .addColumn('mode', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`mode between 0 and 2`))
    .addColumn('in_prompt_id', 'integer', (c) => c.references('prompts.id').onDelete('set null'))
    .addColumn('in_destination', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('out_prompt_id', 'integer', (c) => c.references('prompts.id').onDelete('set null'))
    .addColumn('out_destination', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('days', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('time_profiles_extension_uq', ['account_no', 'extension'])
    .execute();

  await db.schema
    .createTable('time_profile_calendars')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_no', 'integer', (c) => c.notNull().references('accounts.account_no').onDelete('cascade'))
    .addColumn('time_profile_id', 'integer', (c) => c.notNull().references('time_profiles.id').onDelete('cascade'))
    .addColumn('description', 'varchar(100)', (c) => c.notNull())
    .addColumn('destination', 'varchar(100)', (c) => c.notNull())
    // Wall-clock times in the UK (Europe/London), as the customer enters them.
    .addColumn('start_at', 'timestamp', (c) => c.notNull())
    .addColumn('end_at', 'timestamp', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('time_profile_calendars_order', sql`end_at > start_at`)
    .execute();
  await db.schema
    .createIndex('time_profile_calendars_profile_idx')
    .on('time_profile_calendars')
    .columns(['time_profile_id', 'start_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('time_profile_calendars').execute();
  await db.schema.dropTable('time_profiles').execute();
}
