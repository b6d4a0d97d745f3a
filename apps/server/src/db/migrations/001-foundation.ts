import { type Kysely, sql } from 'kysely';

/** Accounts, users, permission masks, sessions, sign-in attempts, audit log, prompts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('account_no', 'integer', (c) => c.primaryKey())
    .addColumn('parent', 'integer', (c) => c.notNull())
    .addColumn('account_type', 'text', (c) => c.notNull().check(sql`account_type in ('prepay', 'postpay')`))
    .addColumn('account_kind', 'text', (c) =>
      c.notNull().check(sql`account_kind in ('wholesale', 'retail', 'standard')`),
    )
    .addColumn('first_name', 'varchar(45)', (c) => c.notNull().defaultTo(''))
    .addColumn('surname', 'varchar(45)', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('address_line1', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('address_line2', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('address_city', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('address_county', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('address_country', 'varchar(100)', (c) => c.notNull().defaultTo('United Kingdom'))
    .addColumn('address_postcode', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('telephone', 'varchar(14)', (c) => c.notNull().defaultTo(''))
    .addColumn('fax', 'varchar(14)', (c) => c.notNull().defaultTo(''))
    .addColumn('mobile', 'varchar(14)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('end_user_type', 'text', (c) => c.notNull().defaultTo('0').check(sql`end_user_type in ('0', '1', '2')`))
    .addColumn('vulnerable_person', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('alert', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('balance_pence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('primary_colour', 'varchar(7)')
    .addColumn('accent_colour', 'varchar(7)')
    .addColumn('logo', 'bytea')
    .addColumn('logo_mime', 'text')
    .addColumn('extension_digits', 'smallint', (c) =>
      c.notNull().defaultTo(3).check(sql`extension_digits in (3, 4, 5)`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('accounts_parent_idx').on('accounts').column('parent').execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_no', 'integer', (c) => c.notNull().references('accounts.account_no').onDelete('cascade'))
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('name', 'varchar(45)', (c) => c.notNull())
    .addColumn('surname', 'varchar(45)', (c) => c.notNull())
    .addColumn('email', 'varchar(100)', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_holder', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('avatar', 'bytea')
    .addColumn('avatar_mime', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_username_uq on users (lower(username))`.execute(db);
  await db.schema.createIndex('users_account_idx').on('users').column('account_no').execute();

  await db.schema
    .createTable('user_permissions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('feature_id', 'integer', (c) => c.notNull())
    .addColumn('mask', 'smallint', (c) => c.notNull().check(sql`mask between 0 and 15`))
    .addPrimaryKeyConstraint('user_permissions_pk', ['user_id', 'feature_id'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_no', 'integer', (c) => c.notNull().references('accounts.account_no').onDelete('cascade'))
    .addColumn('puppeteer', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('success', 'boolean', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('login_attempts_user_idx').on('login_attempts').columns(['username', 'at']).execute();
  await db.schema.createIndex('login_attempts_ip_idx').on('login_attempts').columns(['ip', 'at']).execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('user_id', 'integer')
    .addColumn('account_no', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_account_no', 'integer')
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('audit_log_account_idx').on('audit_log').columns(['account_no', 'at']).execute();

  await db.schema
    .createTable('prompts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_no', 'integer', (c) => c.references('accounts.account_no').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('prompts_account_idx').on('prompts').column('account_no').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['prompts', 'audit_log', 'login_attempts', 'sessions', 'user_permissions', 'users', 'accounts']) {
    await db.schema.dropTable(table).execute();
  }
}
