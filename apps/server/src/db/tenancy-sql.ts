/**
 * Row-level security, declared by migrations (see DESIGN.md "Isolation by the database").
 *
 * Two database roles, neither a superuser nor the tables' owner, so the policies bind:
 * - TENANT_ROLE: every request's queries. Its policies let it see and write only the rows of the
 *   account the transaction entered (`app_enter_account`, migration 090: a token in `app.account_no`
 *   that only the database makes, called by the platform before it switches role, never by an area).
 * - CROSS_ACCOUNT_ROLE: the named escape hatch (sign-in, the reseller's customers list, jobs that
 *   work over every account). Its policies allow every row.
 * The connection's own user (the owner: it runs the migrations) switches to one of them at the
 * start of each transaction; the tables are FORCE'd, so an owner that forgot to switch sees nothing.
 */
import { type Kysely, sql } from 'kysely';

export const TENANT_ROLE = 'switchboard_app';
export const CROSS_ACCOUNT_ROLE = 'switchboard_cross_account';

/**
 * The account of the transaction, or null when none was entered (then no tenant row matches): since
 * migration 090 a check of the transaction's token, so written as a sub-select, evaluated once per
 * statement (an InitPlan), not once per row (migration 091).
 */
export const CURRENT_ACCOUNT = '(select app_account_no())';

/**
 * Creates the two roles when missing (they are cluster-wide: several databases of one server share
 * them) and lets the connecting user switch to them. Safe when another database's migration does
 * the same at the same moment.
 */
export async function createRoles(db: Kysely<unknown>): Promise<void> {
  for (const role of [TENANT_ROLE, CROSS_ACCOUNT_ROLE]) {
    await sql
      .raw(`do $$ begin
        if not exists (select from pg_roles where rolname = '${role}') then
          create role ${role} nologin;
        end if;
      exception when duplicate_object or unique_violation then null;
      end $$`)
      .execute(db);
    await sql
      .raw(`do $$ begin
        if not pg_has_role(current_user, '${role}', 'member') then
          execute format('grant ${role} to %I', current_user);
        end if;
      exception when duplicate_object or unique_violation then null;
      end $$`)
      .execute(db);
  }
  await run(
    db,
    `grant usage on schema public to ${TENANT_ROLE}, ${CROSS_ACCOUNT_ROLE}`,
    // The first form, made when missing: migration 090 replaces it by the token's check, which a
    // later call of this function must not undo.
    `do $$ begin
      if to_regprocedure('app_account_no()') is null then
        create function app_account_no() returns integer language sql stable as
          $f$ select nullif(current_setting('app.account_no', true), '')::integer $f$;
      end if;
    end $$`,
  );
}

/**
 * A record version for `table` (migration 011's bump_version): the column, and the trigger that
 * moves it on every update, so every writer does. `unversioned` takes both away.
 */
export const versioned = (table: string): string[] => [
  `alter table ${table} add column version integer not null default 1`,
  `create trigger ${table}_version before update on ${table} for each row execute function bump_version()`,
];
export const unversioned = (table: string): string[] => [
  `drop trigger ${table}_version on ${table}`,
  `alter table ${table} drop column version`,
];

/** Runs statements one by one (a prepared statement takes one command). */
export async function run(db: Kysely<unknown>, ...statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export interface TenantTableOptions {
  /**
   * 'own' (default): the account's rows only. 'shared': rows with a null account_no belong to the
   * provider and every account may read them (system prompts); writes stay the account's own.
   * 'readOnly': the tenant may read its rows but not write them (its account row).
   */
  rows?: 'own' | 'shared' | 'readOnly' | 'readInsert';
  /** The tenant role never touches the table (sessions, sign-in attempts): only the escape hatch. */
  crossAccountOnly?: boolean;
  /**
   * Why the table's writes need no change event (migration 064: CHANGE_EVENT_EXEMPT), when they do
   * not; otherwise a platform transaction that writes it without recording its event cannot commit.
   */
  noChangeEvents?: string;
}

/**
 * The tenant tables whose writes are no change of their own (migration 064), each with why. Every
 * other tenant table refuses the COMMIT of a platform transaction that wrote it without a change event.
 */
export const CHANGE_EVENT_EXEMPT: Readonly<Record<string, string>> = {
  change_events: 'the events themselves',
  audit_log: "the audit consumer's output, written from an event",
  sessions: 'sign-in bookkeeping: signing in and out are events (session.login / logout), a keep-alive is not a change',
  login_attempts: 'sign-in bookkeeping',
  sign_in_throttle: 'sign-in bookkeeping',
  password_tokens: "set-password links: the link's use is the event (password.set / reset)",
  list_counts: 'kept by the database from the counted tables, in their writes',
  dial_plan_blocks: 'kept by the database from the dial plan, in its writes',
  seat_registrations: "the registrar's state of the phones (the seats' status is derived from it)",
  trunk_registrations: "the registrar's state of the trunks",
  mail_outbox: "delivery state: a mail is queued in its cause's transaction, which records the cause's event",
  notifications: "the user's inbox: written with its cause, read marks are the reader's own",
  billing_runs: "the billing run's lease (what it bills is recorded as ledger postings)",
  invoice_numbers: 'a gap-free sequence, moved with the invoice it numbers',
  number_stock:
    "the provider's stock of numbers: its rows move with the purchases and releases that record their own events (telephone numbers), and the quarantine job's return",
  inbound_events: "providers' webhooks as received, stored once (what applying one changes records its own events)",
  identity_sandbox_sessions: "the sandbox provider's own records (the provider's system)",
  paypal_sandbox_orders: "the sandbox provider's own records (the provider's system)",
  paypal_sandbox_webhooks: "the sandbox provider's own records (the provider's system)",
  direct_debit_sandbox_mandates: "the sandbox provider's own records (the provider's system)",
  direct_debit_sandbox_payments: "the sandbox provider's own records (the provider's system)",
};

/**
 * The tables that record their own change events, by area (migration 066): state written by many
 * machine paths (providers' webhooks, jobs, sandboxes), each row written one 'row:{op}' event.
 */
export const ROW_EVENT_TABLES: Readonly<Record<string, string>> = {
  payments: 'payments',
  payment_customers: 'payments',
  auto_top_ups: 'payments',
  auto_top_up_charges: 'payments',
  invoice_auto_pay: 'payments',
  invoice_auto_charges: 'payments',
  direct_debits: 'direct-debit',
  direct_debit_collections: 'direct-debit',
  account_identity: 'identity',
  identity_verifications: 'identity',
  ems_submissions: 'telephone-numbers',
  account_bundles: 'bundles',
  teams_accounts: 'teams',
};

/** Makes each row written to `table` record its change event, of `area`, in the writing statement (migration 066). */
export async function rowEvents(db: Kysely<unknown>, table: string, area: string): Promise<void> {
  await sql
    .raw(`create trigger ${table}_row_event after insert or update or delete on ${table}
      for each row execute function app_row_event('${area}')`)
    .execute(db);
}

/**
 * Makes `table` refuse, at COMMIT, a platform transaction (one that switched to a role) that wrote it
 * at the top level (not from a trigger: derived state follows a write that has its own event) and
 * recorded no change event (migration 064). Before migration 064 ran it does nothing (that migration
 * guards the tables made before it).
 */
export async function guardChangeEvents(db: Kysely<unknown>, table: string): Promise<void> {
  await sql
    .raw(`do $$ begin
      if to_regprocedure('app_require_change_event()') is not null then
        create constraint trigger ${table}_change_event after insert or update or delete on ${table}
          deferrable initially deferred for each row when (app_change_unrecorded())
          execute function app_require_change_event();
      end if;
    end $$`)
    .execute(db);
}

/** Enables and forces row-level security on a table with an account_no column, with its grants. */
export async function tenantTable(db: Kysely<unknown>, table: string, options: TenantTableOptions = {}): Promise<void> {
  const t = table;
  const statements = [
    `alter table ${t} enable row level security`,
    `alter table ${t} force row level security`,
    `grant select, insert, update, delete on ${t} to ${CROSS_ACCOUNT_ROLE}`,
    `create policy ${t}_cross_account on ${t} to ${CROSS_ACCOUNT_ROLE} using (true) with check (true)`,
  ];
  if (!options.crossAccountOnly) {
    const own = `account_no = ${CURRENT_ACCOUNT}`;
    switch (options.rows ?? 'own') {
      case 'own':
        statements.push(
          `grant select, insert, update, delete on ${t} to ${TENANT_ROLE}`,
          `create policy ${t}_tenant on ${t} to ${TENANT_ROLE} using (${own}) with check (${own})`,
        );
        break;
      case 'shared':
        statements.push(
          `grant select, insert, update, delete on ${t} to ${TENANT_ROLE}`,
          `create policy ${t}_tenant_read on ${t} for select to ${TENANT_ROLE} using (${own} or account_no is null)`,
          `create policy ${t}_tenant_insert on ${t} for insert to ${TENANT_ROLE} with check (${own})`,
          `create policy ${t}_tenant_update on ${t} for update to ${TENANT_ROLE} using (${own}) with check (${own})`,
          `create policy ${t}_tenant_delete on ${t} for delete to ${TENANT_ROLE} using (${own})`,
        );
        break;
      case 'readOnly':
        statements.push(
          `grant select, update on ${t} to ${TENANT_ROLE}`,
          `create policy ${t}_tenant_read on ${t} for select to ${TENANT_ROLE} using (${own})`,
          `create policy ${t}_tenant_update on ${t} for update to ${TENANT_ROLE} using (${own}) with check (${own})`,
        );
        break;
      case 'readInsert':
        statements.push(
          `grant select, insert on ${t} to ${TENANT_ROLE}`,
          `create policy ${t}_tenant_read on ${t} for select to ${TENANT_ROLE} using (${own})`,
          `create policy ${t}_tenant_insert on ${t} for insert to ${TENANT_ROLE} with check (${own})`,
        );
        break;
    }
  }
  for (const statement of statements) await sql.raw(statement).execute(db);
  if (options.noChangeEvents === undefined && !(t in CHANGE_EVENT_EXEMPT) && !(t in ROW_EVENT_TABLES)) {
    await guardChangeEvents(db, t);
  }
  // Serial ids: both roles draw from the table's sequences.
  await sql
    .raw(`do $$ declare s record; begin
      for s in select pg_get_serial_sequence('${t}', a.attname) as seq from pg_attribute a
        where a.attrelid = '${t}'::regclass and a.attnum > 0 and not a.attisdropped
          and pg_get_serial_sequence('${t}', a.attname) is not null
      loop
        execute format('grant usage, select on sequence %s to ${TENANT_ROLE}, ${CROSS_ACCOUNT_ROLE}', s.seq);
      end loop;
    end $$`)
    .execute(db);
}

/**
 * A provider-level table (the provider's settings, stock, tariffs): no account's rows, readable by
 * every tenant, written only through the escape hatch (a provider admin's route, the seed). Row-level
 * security is on and forced as on tenant tables; its writes need a change event as theirs do.
 */
export async function providerTable(db: Kysely<unknown>, table: string): Promise<void> {
  const t = table;
  await run(
    db,
    `alter table ${t} enable row level security`,
    `alter table ${t} force row level security`,
    `grant select, insert, update, delete on ${t} to ${CROSS_ACCOUNT_ROLE}`,
    `create policy ${t}_cross_account on ${t} to ${CROSS_ACCOUNT_ROLE} using (true) with check (true)`,
    `grant select on ${t} to ${TENANT_ROLE}`,
    `create policy ${t}_tenant_read on ${t} for select to ${TENANT_ROLE} using (true)`,
  );
  await guardChangeEvents(db, t);
}

/** A unique (account_no, id) key, so other tenant tables can refer to a row together with its account. */
export async function accountKey(db: Kysely<unknown>, table: string): Promise<void> {
  await sql.raw(`alter table ${table} add constraint ${table}_account_key unique (account_no, id)`).execute(db);
}

export interface TenantReference {
  table: string;
  column: string;
  references: string;
  /** 'restrict' (default): the referenced row cannot go while used; 'cascade': it takes these rows with it. */
  onDelete?: 'restrict' | 'cascade';
  /** The constraint it replaces (a plain foreign key on `column`). */
  replaces?: string;
}

/**
 * A foreign key that carries the account: (account_no, column) → references(account_no, id), so a
 * row can only point at a row of its own account — whatever the application checks.
 */
export async function tenantReference(db: Kysely<unknown>, ref: TenantReference): Promise<void> {
  if (ref.replaces) await sql.raw(`alter table ${ref.table} drop constraint ${ref.replaces}`).execute(db);
  const onDelete = ref.onDelete ?? 'restrict';
  await sql
    .raw(`alter table ${ref.table} add constraint ${ref.table}_${ref.column}_tenant_fk
      foreign key (account_no, ${ref.column}) references ${ref.references} (account_no, id) on delete ${onDelete}`)
    .execute(db);
  await sql
    .raw(`create index if not exists ${ref.table}_${ref.column}_idx on ${ref.table} (${ref.column})`)
    .execute(db);
}

/**
 * References to a shared table (prompts: the account's own or the provider's, account_no null): a
 * restricting foreign key on the id, and a trigger refusing a row of another account — a composite
 * key cannot say "mine or the provider's".
 */
export async function sharedReference(
  db: Kysely<unknown>,
  ref: {
    table: string;
    columns: string[];
    references: string;
    replaces?: string[];
    /** The checking trigger's name, when the table has one already for another shared table. */
    trigger?: string;
  },
): Promise<void> {
  const trigger = ref.trigger ?? `${ref.table}_shared_refs`;
  for (const name of ref.replaces ?? []) await sql.raw(`alter table ${ref.table} drop constraint ${name}`).execute(db);
  for (const column of ref.columns) {
    await sql
      .raw(`alter table ${ref.table} add constraint ${ref.table}_${column}_fkey
        foreign key (${column}) references ${ref.references} (id) on delete restrict`)
      .execute(db);
    await sql.raw(`create index if not exists ${ref.table}_${column}_idx on ${ref.table} (${column})`).execute(db);
  }
  const checks = ref.columns
    .map(
      (c) => `if new.${c} is not null and not exists (select 1 from ${ref.references} r
          where r.id = new.${c} and (r.account_no is null or r.account_no = new.account_no)) then
        raise exception 'the ${ref.references} row % is not usable by account %', new.${c}, new.account_no
          using errcode = '23503', constraint = '${ref.table}_${c}_fkey';
      end if;`,
    )
    .join('\n');
  await run(
    db,
    `create or replace function ${trigger}() returns trigger language plpgsql
      security definer set search_path = public as $f$ begin
        ${checks}
        return new;
      end $f$`,
    `create trigger ${trigger} before insert or update on ${ref.table}
      for each row execute function ${trigger}()`,
  );
}
