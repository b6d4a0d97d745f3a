import { type Kysely, sql } from 'kysely';
import { run, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * Call recordings, built for volume (issue 28): one row a recorded call — when it started, its
 * parties, direction and length, the switch's call id (one recording a call, to match its call
 * record) and the recorded seat as the switch named it — and its audio's key, size and hash in the
 * file store. Rows are written once (ingestion) and deleted (retention), never changed: no version.
 *
 * Indexes: the list's default order and date range, and the retention's oldest first, walk
 * (account_no, started_at, id), which also carries the size so that the account's used storage is
 * an index-only sum; an origin or destination filter within a range walks its own
 * (account_no, party, started_at, id). The list's sorts get their (account_no, column, id) indexes
 * from the list platform (list-indexes.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('call_recordings')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_no', 'integer', (c) => c.notNull().references('accounts.account_no').onDelete('cascade'))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('origin', 'varchar(21)', (c) => c.notNull())
    .addColumn('destination', 'varchar(21)', (c) => c.notNull())
    .addColumn('inbound', 'boolean', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull().check(sql`seconds >= 0`))
    .addColumn('call_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('seat', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('file_key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('file_size', 'bigint', (c) => c.notNull().check(sql`file_size > 0`))
    .addColumn('file_sha256', 'char(64)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await run(
    db,
    'create unique index call_recordings_call_key on call_recordings (account_no, call_id)',
    'create index call_recordings_started_idx on call_recordings (account_no, started_at, id) include (file_size)',
    'create index call_recordings_origin_started_idx on call_recordings (account_no, origin, started_at, id)',
    'create index call_recordings_destination_started_idx on call_recordings (account_no, destination, started_at, id)',
  );
  await tenantTable(db, 'call_recordings');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('call_recordings').execute();
}
