import { type Kysely, sql } from 'kysely';
import { accountKey, CURRENT_ACCOUNT, run, TENANT_ROLE, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * An account's alphanumeric sender IDs (issue 28): beside its numbers and mobiles, a text may be sent
 * from a name (as UK gateways allow: 1-11 letters, digits or spaces, at least one letter), once the
 * provider has registered it with the gateway. Written by provider admins only (the cross-account
 * role, with a change event); the tenant reads its own (its originators).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sms_sender_ids')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_no', 'integer', (c) => c.notNull().references('accounts.account_no').onDelete('cascade'))
    .addColumn('sender_id', 'varchar(11)', (c) =>
      c.notNull().check(sql`sender_id ~ '^[A-Za-z0-9]([A-Za-z0-9 ]{0,9}[A-Za-z0-9])?$' and sender_id ~ '[A-Za-z]'`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await run(db, 'create unique index sms_sender_ids_key on sms_sender_ids (account_no, sender_id)');
  await accountKey(db, 'sms_sender_ids');
  await tenantTable(db, 'sms_sender_ids', { crossAccountOnly: true });
  await run(
    db,
    `grant select on sms_sender_ids to ${TENANT_ROLE}`,
    `create policy sms_sender_ids_tenant_read on sms_sender_ids for select to ${TENANT_ROLE}
      using (account_no = ${CURRENT_ACCOUNT})`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sms_sender_ids').execute();
}
