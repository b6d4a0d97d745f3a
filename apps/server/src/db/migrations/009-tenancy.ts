import { type Kysely, sql } from 'kysely';
import {
  accountKey,
  CROSS_ACCOUNT_ROLE,
  createRoles,
  run,
  sharedReference,
  TENANT_ROLE,
  tenantReference,
  tenantTable,
} from '../tenancy-sql.ts';

/**
 * Isolation by the database: row-level security on every tenant table, foreign keys that carry the
 * account (a row can only point at a row of its own account), references that restrict instead of
 * silently nulling (deleting an access list used to lift the restriction of every seat on it), and
 * the change-event outbox.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRoles(db);

  // Registrations get their account (the registrar writes them; the tenant reads them).
  for (const [table, key, parent] of [
    ['seat_registrations', 'seat_id', 'seats'],
    ['trunk_registrations', 'trunk_id', 'sip_trunks'],
  ] as const) {
    await sql.raw(`alter table ${table} add column account_no integer`).execute(db);
    await sql.raw(`update ${table} r set account_no = p.account_no from ${parent} p where p.id = r.${key}`).execute(db);
    await sql.raw(`alter table ${table} alter column account_no set not null`).execute(db);
    await sql
      .raw(`alter table ${table} add constraint ${table}_account_fk foreign key (account_no)
        references accounts (account_no) on delete cascade`)
      .execute(db);
  }

  // Keys other tables refer to together with the account.
  for (const table of ['users', 'access_lists', 'time_profiles', 'seats', 'sip_trunks', 'telephone_numbers']) {
    await accountKey(db, table);
  }

  // Composition: the children go with their parent.
  await tenantReference(db, {
    table: 'access_list_entries',
    column: 'access_list_id',
    references: 'access_lists',
    onDelete: 'cascade',
    replaces: 'access_list_entries_access_list_id_fkey',
  });
  await tenantReference(db, {
    table: 'time_profile_calendars',
    column: 'time_profile_id',
    references: 'time_profiles',
    onDelete: 'cascade',
    replaces: 'time_profile_calendars_time_profile_id_fkey',
  });
  for (const table of ['seat_registrations', 'seat_devices']) {
    await tenantReference(db, {
      table,
      column: 'seat_id',
      references: 'seats',
      onDelete: 'cascade',
      replaces: `${table}_seat_id_fkey`,
    });
  }
  await tenantReference(db, {
    table: 'trunk_registrations',
    column: 'trunk_id',
    references: 'sip_trunks',
    onDelete: 'cascade',
    replaces: 'trunk_registrations_trunk_id_fkey',
  });

  // Uses: the used row stays while anything uses it (the API names each use first).
  for (const table of ['seats', 'telephone_numbers']) {
    await tenantReference(db, {
      table,
      column: 'acl_id',
      references: 'access_lists',
      replaces: `${table}_acl_id_fkey`,
    });
  }
  await tenantReference(db, { table: 'seats', column: 'user_id', references: 'users', replaces: 'seats_user_id_fkey' });
  await sharedReference(db, {
    table: 'access_lists',
    columns: ['prompt_id'],
    references: 'prompts',
    replaces: ['access_lists_prompt_id_fkey'],
  });
  await sharedReference(db, {
    table: 'time_profiles',
    columns: ['in_prompt_id', 'out_prompt_id'],
    references: 'prompts',
    replaces: ['time_profiles_in_prompt_id_fkey', 'time_profiles_out_prompt_id_fkey'],
  });
  await sharedReference(db, {
    table: 'seats',
    columns: ['vm_advanced_prompt_id'],
    references: 'prompts',
    replaces: ['seats_vm_advanced_prompt_id_fkey'],
  });

  // The outbox: every write of an area, in the write's transaction (platform/outbox.ts).
  await sql
    .raw(`create table change_events (
      id bigserial primary key,
      at timestamptz not null default now(),
      account_no integer not null references accounts (account_no) on delete cascade,
      area text not null,
      record_id integer,
      kind text not null,
      before jsonb,
      after jsonb,
      user_id integer,
      puppeteer integer,
      ip text,
      processed_at timestamptz,
      attempts integer not null default 0,
      last_error text
    )`)
    .execute(db);
  await sql.raw('create index change_events_pending_idx on change_events (id) where processed_at is null').execute(db);
  await sql.raw('create index change_events_account_idx on change_events (account_no, id)').execute(db);
  await sql.raw('create index audit_log_at_idx on audit_log (at)').execute(db);

  // Row-level security.
  await tenantTable(db, 'accounts', { rows: 'readOnly' });
  await tenantTable(db, 'users');
  await tenantTable(db, 'audit_log', { rows: 'readInsert' });
  await tenantTable(db, 'change_events', { rows: 'readInsert' });
  await tenantTable(db, 'prompts', { rows: 'shared' });
  await tenantTable(db, 'sessions', { crossAccountOnly: true });
  await tenantTable(db, 'login_attempts', { crossAccountOnly: true });
  for (const table of [
    'teams_accounts',
    'access_lists',
    'access_list_entries',
    'mobiles',
    'time_profiles',
    'time_profile_calendars',
    'seats',
    'seat_registrations',
    'seat_devices',
    'sip_trunks',
    'trunk_registrations',
    'telephone_numbers',
    'ems_submissions',
  ]) {
    await tenantTable(db, table);
  }
  // A user's grants have no account of their own: they are the account's through their user.
  await run(
    db,
    'alter table user_permissions enable row level security',
    'alter table user_permissions force row level security',
    `grant select, insert, update, delete on user_permissions to ${TENANT_ROLE}, ${CROSS_ACCOUNT_ROLE}`,
    `create policy user_permissions_cross_account on user_permissions to ${CROSS_ACCOUNT_ROLE}
      using (true) with check (true)`,
    `create policy user_permissions_tenant on user_permissions to ${TENANT_ROLE}
      using (exists (select 1 from users u where u.id = user_permissions.user_id))
      with check (exists (select 1 from users u where u.id = user_permissions.user_id))`,
  );
}

export async function down(): Promise<void> {
  throw new Error('009-tenancy cannot be undone: it would lift tenant isolation');
}
