import { type Kysely, sql } from 'kysely';
import { accountKey, run, tenantTable, versioned } from '../../../db/tenancy-sql.ts';

/**
 * Outbound caller-ID lists: a name unique in the account whatever its case (the save's check cannot
 * see a list another request is creating at the same moment; this key can), a description and the
 * numbers (a jsonb array of the account's own numbers, which a number's delete checks).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbound_clis')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_no', 'integer', (c) => c.notNull().references('accounts.account_no').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('description', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('numbers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await run(
    db,
    'create unique index outbound_clis_name_key on outbound_clis (account_no, lower(name))',
    // A number's delete looks for the lists holding it.
    'create index outbound_clis_numbers_idx on outbound_clis using gin (numbers)',
    ...versioned('outbound_clis'),
  );
  await accountKey(db, 'outbound_clis');
  await tenantTable(db, 'outbound_clis');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbound_clis').execute();
}
