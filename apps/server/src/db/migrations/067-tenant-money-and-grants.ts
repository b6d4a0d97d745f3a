import { GRANTABLE_FEATURES, NEW_USER_GRANTS } from '@switchboard/domain';
import type { Kysely } from 'kysely';
import { run, TENANT_ROLE } from '../tenancy-sql.ts';

/**
 * What the tenant role may not do at database level, whatever SQL a request runs (issue 26 item 1):
 * - post to the ledger: no INSERT on `ledger_entries` (it keeps reading its own). Every posting is a
 *   cross-account use's ('payments', 'billing', 'direct-debit': a provider's signed confirmation, the
 *   billing run, a provider admin), and the posting trigger of migration 022 is the only writer of a
 *   balance;
 * - change a balance, or what the provider decides about the account (its number, parent, kind,
 *   deletion): UPDATE on `accounts` is granted column by column, without those;
 * - give its users a feature the provider grants (provider admin, reseller, account type marks):
 *   a restrictive policy lets it write only grants of the features in `tenant_grantable_features`,
 *   those an account's user manager offers (GRANTABLE_FEATURES) and a new user's (NEW_USER_GRANTS);
 *   a test compares the table with the domain's lists.
 */
const PROVIDER_COLUMNS = ['account_no', 'parent', 'account_kind', 'balance_pence', 'deleted_at'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const features = [...new Set([...GRANTABLE_FEATURES.map((f) => f.id), ...NEW_USER_GRANTS.map((g) => g.featureId)])];
  await run(
    db,
    `drop policy ledger_entries_tenant_insert on ledger_entries`,
    `revoke insert on ledger_entries from ${TENANT_ROLE}`,
    `revoke update on accounts from ${TENANT_ROLE}`,
    `do $$ declare cols text; begin
      select string_agg(quote_ident(a.attname), ', ' order by a.attnum) into cols from pg_attribute a
        where a.attrelid = 'accounts'::regclass and a.attnum > 0 and not a.attisdropped
          and a.attname <> all (array['${PROVIDER_COLUMNS.join("','")}']);
      execute format('grant update (%s) on accounts to ${TENANT_ROLE}', cols);
    end $$`,
    `create table tenant_grantable_features (feature_id integer primary key)`,
    `insert into tenant_grantable_features (feature_id) values ${features.map((id) => `(${id})`).join(', ')}`,
    `grant select on tenant_grantable_features to ${TENANT_ROLE}`,
    `create policy user_permissions_tenant_grantable on user_permissions as restrictive to ${TENANT_ROLE}
      using (true)
      with check (feature_id in (select g.feature_id from tenant_grantable_features g))`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `drop policy user_permissions_tenant_grantable on user_permissions`,
    `drop table tenant_grantable_features`,
    `grant update on accounts to ${TENANT_ROLE}`,
    `grant insert on ledger_entries to ${TENANT_ROLE}`,
    `create policy ledger_entries_tenant_insert on ledger_entries for insert to ${TENANT_ROLE}
      with check (account_no = app_account_no())`,
  );
}
