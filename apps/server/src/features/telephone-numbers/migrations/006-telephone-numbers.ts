import { type Kysely, sql } from 'kysely';

/**
 * Allocated telephone numbers with their routing, caller-ID, screening, recording and fax settings,
 * and their emergency (EMS) address with the registry's state.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('telephone_numbers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_no', 'integer', (c) => c.notNull().references('accounts.account_no').onDelete('cascade'))
    // A public number is allocated to one account at a time.
    .addColumn('number', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('nickname', 'varchar(15)', (c) => c.notNull().defaultTo(''))
    .addColumn('destination', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('distinctive_ring', 'smallint')
    .addColumn('cid_prefix', 'varchar(15)', (c) => c.notNull().defaultTo(''))
    .addColumn('cid_called_number', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('cid_on_divert', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('acl_id', 'integer', (c) => c.references('access_lists.id').onDelete('set null'))
    .addColumn('acl_reject', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('anon_call_reject', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('anon_call_reject_advanced', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('call_record', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('call_record_warn', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('fax_contact', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('fax_address', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('fax_password', 'varchar(15)', (c) => c.notNull().defaultTo(''))
    .addColumn('ems_needed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('cancellation_available', 'boolean', (c) => c.notNull().defaultTo(true))
    // Emergency address (as the registry holds it) and the registry's answer.
    .addColumn('ems_title', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('ems_forename', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('ems_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('ems_business_suffix', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('ems_premises', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('ems_thoroughfare', 'varchar(55)', (c) => c.notNull().defaultTo(''))
    .addColumn('ems_locality', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('ems_postcode', 'varchar(12)', (c) => c.notNull().defaultTo(''))
    .addColumn('ems_update_pending', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ems_error_code', 'integer')
    .addColumn('ems_error_message', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('ems_submitted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('telephone_numbers_account_idx')
    .on('telephone_numbers')
    .columns(['account_no', 'number'])
    .execute();
  // The sandbox emergency-address registry's queue: each submission waits until the registry
  // decides it (code 0 accepted, any other code a rejection with its message).
  await db.schema
    .createTable('ems_submissions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_no', 'integer', (c) => c.notNull().references('accounts.account_no').onDelete('cascade'))
    .addColumn('number', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'jsonb', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('code', 'integer')
    .addColumn('message', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('ems_submissions_open_idx')
    .on('ems_submissions')
    .columns(['decided_at', 'submitted_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ems_submissions').execute();
  await db.schema.dropTable('telephone_numbers').execute();
}
