import { type Kysely, sql } from 'kysely';

// The defaults of call-options.ts, frozen here as migrations must not change with the code.
const RESTRICTIONS = JSON.stringify({
  allowUKGeo: true,
  allowUKMobile: true,
  allowUK118: false,
  allowUKOther: true,
  allowUKPremium09: false,
  allowUKPremium070: false,
  allowInternational: false,
  allowInternationalHighRisk: false,
  internationalPIN: '',
});
const ALL_DAY = JSON.stringify({ mode: 'on', from: '00:00', to: '23:59' });

/**
 * Seats (SIP users: extensions unique per account), their registrations with the registrar (desk
 * phone, desktop and mobile softphones) and their provisioned devices.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('seats')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_no', 'integer', (c) => c.notNull().references('accounts.account_no').onDelete('cascade'))
    .addColumn('extension', 'integer', (c) => c.notNull().check(sql`extension between 200 and 99899`))
    // The SIP user name: '{account}*{extension}'.
    .addColumn('name', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(15)', (c) => c.notNull().defaultTo(''))
    .addColumn('caller_id_name', 'varchar(80)', (c) => c.notNull().defaultTo(''))
    .addColumn('caller_id_number', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('withhold_number', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('emergency_service_cid', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('ring_time', 'smallint', (c) => c.notNull().defaultTo(20).check(sql`ring_time between 5 and 60`))
    .addColumn('music_on_hold', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('vm_mode', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`vm_mode between 0 and 2`))
    .addColumn('vm_fullname', 'varchar(150)', (c) => c.notNull().defaultTo(''))
    .addColumn('vm_email', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    // The mailbox PIN (4-6 digits): the voicemail server needs it in clear; never sent to the panel.
    .addColumn('vm_pin', 'varchar(6)', (c) => c.notNull().defaultTo(''))
    .addColumn('vm_delete', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('vm_advanced_prompt_id', 'integer', (c) => c.references('prompts.id').onDelete('set null'))
    .addColumn('vm_advanced_dest', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('cfwd_all', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('cfwd_busy', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('cfwd_no_answer', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('cfwd_unavail', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('call_recording', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`call_recording between 0 and 2`))
    // Call options (call-options.ts): { allowUKGeo, ..., internationalPIN } and { mode, from, to }.
    .addColumn('restrictions', 'jsonb', (c) => c.notNull().defaultTo(sql.raw(`'${RESTRICTIONS}'::jsonb`)))
    .addColumn('weekday_times', 'jsonb', (c) => c.notNull().defaultTo(sql.raw(`'${ALL_DAY}'::jsonb`)))
    .addColumn('weekend_times', 'jsonb', (c) => c.notNull().defaultTo(sql.raw(`'${ALL_DAY}'::jsonb`)))
    .addColumn('tps', 'varchar(12)', (c) => c.notNull().defaultTo('off'))
    .addColumn('ctps', 'varchar(12)', (c) => c.notNull().defaultTo('off'))
    .addColumn('channel_limit', 'smallint', (c) => c.notNull().defaultTo(2).check(sql`channel_limit between 1 and 10`))
    .addColumn('enable_teams', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('teams_cli', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('transport', 'varchar(3)', (c) => c.notNull().defaultTo('udp'))
    .addColumn('enable_video', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('video_codec', 'varchar(4)', (c) => c.notNull().defaultTo('h264'))
    .addColumn('hd_codec', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('keep_on_network', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('internal', 'boolean', (c) => c.notNull().defaultTo(false))
    // Softphone: the control-panel user of a softphone seat, call waiting, outbound CLI list, QR code.
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('enable_desktop_call_waiting', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('enable_mobile_call_waiting', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('outbound_cli_lists', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('unique_string', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('seats_extension_uq', ['account_no', 'extension'])
    .execute();

  await db.schema.createIndex('seats_account_idx').on('seats').column('account_no').execute();

  // Written by the SIP registrar (seeded for the demo): the seat's current contact per endpoint.
  await db.schema
    .createTable('seat_registrations')
    .addColumn('seat_id', 'integer', (c) => c.notNull().references('seats.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(8)', (c) =>
      c.notNull().defaultTo('desk').check(sql`kind in ('desk', 'desktop', 'mobile')`),
    )
    .addColumn('user_agent', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('ipaddr', 'varchar(45)', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('seat_registrations_pk', ['seat_id', 'kind'])
    .execute();

  // Desk phones provisioned for a seat. A device locks after its first check-in or 15 minutes
  // after an unlock (locked = locked or unlocked_at older than 15 minutes).
  await db.schema
    .createTable('seat_devices')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_no', 'integer', (c) => c.notNull().references('accounts.account_no').onDelete('cascade'))
    .addColumn('seat_id', 'integer', (c) => c.notNull().references('seats.id').onDelete('cascade'))
    .addColumn('make', 'varchar(30)', (c) => c.notNull())
    .addColumn('model', 'varchar(30)', (c) => c.notNull())
    .addColumn('mac_address', 'varchar(17)', (c) => c.notNull().unique())
    .addColumn('last_checkin', 'timestamptz')
    .addColumn('locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('unlocked_at', 'timestamptz', (c) => c.defaultTo(sql`now()`))
    .addColumn('initialised', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ldap_password', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('seat_devices_seat_idx').on('seat_devices').column('seat_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('seat_devices').execute();
  await db.schema.dropTable('seat_registrations').execute();
  await db.schema.dropTable('seats').execute();
}
