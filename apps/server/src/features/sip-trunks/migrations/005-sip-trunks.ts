import { type Kysely, sql } from 'kysely';

/** SIP trunks and, for dynamic trunks, their registrations with the SIP server. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sip_trunks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_no', 'integer', (c) => c.notNull().references('accounts.account_no').onDelete('cascade'))
    // The SIP user name: '{account}_trunk{n}'.
    .addColumn('name', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(15)', (c) => c.notNull())
    .addColumn('cli_number', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('withhold_number', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('emergency_services_cid', 'varchar(16)', (c) => c.notNull())
    .addColumn('trunk_fail_over', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('channel_limit', 'smallint', (c) => c.notNull().defaultTo(2).check(sql`channel_limit between 1 and 200`))
    .addColumn('host', 'varchar(45)', (c) => c.notNull().defaultTo(''))
    .addColumn('trunk_ip_auth', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ip_location', 'varchar(2)', (c) => c.notNull().defaultTo('GB'))
    .addColumn('permit', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('transport', 'varchar(3)', (c) => c.notNull().defaultTo('udp'))
    .addColumn('trunk_no_plus', 'smallint', (c) => c.notNull().defaultTo(-1))
    .addColumn('any_presentation', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('enable_teams', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('call_recording', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('tps', 'varchar(12)', (c) => c.notNull().defaultTo('off'))
    .addColumn('ctps', 'varchar(12)', (c) => c.notNull().defaultTo('off'))
    .addColumn('restrictions', 'jsonb', (c) => c.notNull())
    // Weekday / weekend call times: { mode: 'off' | 'on' | 'range', from, to }.
    .addColumn('weekday_times', 'jsonb', (c) =>
      c.notNull().defaultTo(sql`'{"mode":"on","from":"00:00","to":"23:59"}'::jsonb`),
    )
    .addColumn('weekend_times', 'jsonb', (c) =>
      c.notNull().defaultTo(sql`'{"mode":"on","from":"00:00","to":"23:59"}'::jsonb`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sip_trunks_account_idx').on('sip_trunks').column('account_no').execute();

  await db.schema
    .createTable('trunk_registrations')
    .addColumn('trunk_id', 'integer', (c) => c.primaryKey().references('sip_trunks.id').onDelete('cascade'))
    .addColumn('user_agent', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('ipaddr', 'varchar(45)', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('trunk_registrations').execute();
  await db.schema.dropTable('sip_trunks').execute();
}
