import { type Kysely, sql } from 'kysely';
import { accountKey, run, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * SMS (issue 28): `sms_messages`, one row per text and destination, sent or received, built for
 * volume: the list walks `(account_no, created_at, id)` (keyset paging, newest first; the derived
 * list indexes add the sortable and filterable columns'), the gateway's message id is unique (an
 * inbound text or a status callback finds its row by it, and a redelivered inbound text is stored
 * once), and the texts still on their way have a partial index of their own. Inserted by the
 * cross-account role only (a send is charged to the ledger in its transaction, an inbound text finds
 * its account by the number); the tenant reads, marks read and deletes its own.
 *
 * `sms_sandbox_callbacks`: the sandbox gateway's status reports waiting for their moment (no account:
 * the sandbox's own state, the cross-account role's alone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sms_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_no', 'integer', (c) => c.notNull().references('accounts.account_no').onDelete('cascade'))
    .addColumn('direction', 'varchar(3)', (c) => c.notNull().check(sql`direction in ('in', 'out')`))
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`status between 0 and 2`))
    .addColumn('from_number', 'varchar(16)', (c) => c.notNull())
    .addColumn('to_number', 'varchar(16)', (c) => c.notNull())
    .addColumn('message', 'varchar(250)', (c) => c.notNull())
    .addColumn('originator', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('destinations', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('from_mobile', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('delivery', 'varchar(10)', (c) =>
      c.notNull().check(sql`delivery in ('queued', 'sent', 'delivered', 'failed', 'received')`),
    )
    .addColumn('failure', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('gateway_id', 'varchar(64)')
    .addColumn('cost_pence', 'integer', (c) => c.notNull().defaultTo(0).check(sql`cost_pence >= 0`))
    // A prepay account paid when it sent; a postpay one pays on its next invoice (the 'sms' charge source).
    .addColumn('on_ledger', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await run(
    db,
    'create unique index sms_messages_gateway_id_key on sms_messages (gateway_id)',
    'create index sms_messages_account_date_idx on sms_messages (account_no, created_at, id)',
    `create index sms_messages_on_the_way_idx on sms_messages (created_at) where delivery in ('queued', 'sent')`,
    // The invoices' charge source: a postpay account's texts of a month.
    'create index sms_messages_invoiced_idx on sms_messages (account_no, created_at) where not on_ledger and cost_pence > 0',
  );
  await accountKey(db, 'sms_messages');
  await tenantTable(db, 'sms_messages');
  await db.schema
    .createTable('sms_sandbox_callbacks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('params', 'jsonb', (c) => c.notNull())
    .execute();
  await run(db, 'create index sms_sandbox_callbacks_due_idx on sms_sandbox_callbacks (due_at)');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sms_sandbox_callbacks').execute();
  await db.schema.dropTable('sms_messages').execute();
}
