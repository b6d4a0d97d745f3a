import { type Kysely, sql } from 'kysely';
import { run, tenantTable, versioned } from '../../../db/tenancy-sql.ts';

/**
 * An account's call recording storage settings (the Storage Settings modal): how many days a
 * recording is kept and the quota in GB (decimal: 1 GB = 1,000,000,000 bytes). One row an account,
 * written by its first save (until then the defaults apply); versioned, so a stale save is refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('call_recording_settings')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_no', 'integer', (c) =>
      c.notNull().unique().references('accounts.account_no').onDelete('cascade'),
    )
    .addColumn('retention_days', 'integer', (c) => c.notNull().check(sql`retention_days between 1 and 3650`))
    .addColumn('quota_gb', 'numeric(12, 3)', (c) => c.notNull().check(sql`quota_gb > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await run(db, ...versioned('call_recording_settings'));
  await tenantTable(db, 'call_recording_settings');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('call_recording_settings').execute();
}
