import { type Kysely, sql } from 'kysely';

/** Seats (SIP users: extensions unique per account) and their registrations with the registrar. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('seats')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_no', 'integer', (c) => c.notNull().references('accounts.account_no').onDelete('cascade'))
    .addColumn('extension', 'integer', (c) => c.notNull().check(sql`extension between 200 and 99899`))
    // The SIP user name: '{account}*{extension}'.
    .addColumn('name', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(45)', (c) => c.notNull().defaultTo(''))
    .addColumn('caller_id_name', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('caller_id_number', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('withhold_number', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('emergency_service_cid', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('ring_time', 'smallint', (c) => c.notNull().defaultTo(20).check(sql`ring_time between 5 and 60`))
    .addColumn('music_on_hold', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('vm_mode', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`vm_mode between 0 and 2`))
    .addColumn('vm_email', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('vm_advanced_prompt_id', 'integer', (c) => c.references('prompts.id').onDelete('set null'))
    .addColumn('vm_advanced_dest', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('cfwd_all', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('cfwd_busy', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('cfwd_no_answer', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('cfwd_unavail', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('call_recording', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`call_recording between 0 and 2`))
    .addColumn('transport', 'varchar(3)', (c) => c.notNull().defaultTo('udp'))
    .addColumn('enable_video', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('video_codec', 'varchar(4)', (c) => c.notNull().defaultTo('h264'))
    .addColumn('hd_codec', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('keep_on_network', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('internal', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('seats_extension_uq', ['account_no', 'extension'])
    .execute();

  // Written by the SIP registrar (seeded for the demo): the seat's current contact.
  await db.schema
    .createTable('seat_registrations')
    .addColumn('seat_id', 'integer', (c) => c.primaryKey().references('seats.id').onDelete('cascade'))
    .addColumn('user_agent', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('ipaddr', 'varchar(45)', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('seat_registrations').execute();
  await db.schema.dropTable('seats').execute();
}
