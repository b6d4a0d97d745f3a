import type { Kysely } from 'kysely';
import { CROSS_ACCOUNT_ROLE, run, TENANT_ROLE, tenantTable } from '../tenancy-sql.ts';

/**
 * The money ledger (spec 1, issue 13), notifications and the e-mail outbox.
 *
 * - `ledger_entries`: one append-only row per change of an account's balance, in integer pence.
 *   A row's insert moves `accounts.balance_pence` in the same statement (a trigger, under the
 *   account row's lock) and records the balance after it, so the balance is always the ledger's
 *   sum: no code path can post without moving the balance, or move the balance without posting
 *   (a direct change of `balance_pence` is refused). Nobody may update or delete an entry.
 *   An idempotency key (unique) lets a confirmation post once, however often it is replayed.
 * - Today's stored balances become one opening entry each, so nothing changes for users.
 * - `notifications`: the account's notifications (spec 1 §3), read or unread.
 * - `mail_outbox`: every e-mail the platform sends, written in the transaction of its cause; the
 *   sandbox keeps it there (the Outbox page), an SMTP transport delivers it and marks it sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table ledger_entries (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete restrict,
      kind text not null check (kind in
        ('opening', 'top-up', 'card-refund', 'charge', 'invoice-payment', 'adjustment')),
      amount_pence integer not null check (amount_pence <> 0 or kind = 'opening'),
      balance_after_pence integer not null default 0,
      user_id integer,
      user_name varchar(200) not null default '',
      user_account_no integer,
      description varchar(200) not null check (length(trim(description)) > 0),
      reference varchar(200),
      idempotency_key varchar(200) unique,
      created_at timestamptz not null default now()
    )`,
    `create index ledger_entries_account_idx on ledger_entries (account_no, created_at, id)`,
  );
  await tenantTable(db, 'ledger_entries', { rows: 'readInsert' });

  // The opening entries, read and written as the escape hatch (the tables force row-level security).
  await run(
    db,
    `select set_config('role', '${CROSS_ACCOUNT_ROLE}', true)`,
    `insert into ledger_entries (account_no, kind, amount_pence, balance_after_pence, description, idempotency_key, created_at)
      select account_no, 'opening', balance_pence, balance_pence, 'Opening balance', 'opening:' || account_no, now()
      from accounts where balance_pence <> 0`,
    'reset role',
  );

  await run(
    db,
    // Append-only, for every role (the owner included): no update, no delete, no truncate.
    `revoke update, delete, truncate on ledger_entries from ${CROSS_ACCOUNT_ROLE}, ${TENANT_ROLE}`,
    `create function ledger_entries_append_only() returns trigger language plpgsql as $f$ begin
      raise exception 'ledger entries are append-only' using errcode = '42501';
    end $f$`,
    `create trigger ledger_entries_no_update before update or delete on ledger_entries
      for each row execute function ledger_entries_append_only()`,
    `create trigger ledger_entries_no_truncate before truncate on ledger_entries
      for each statement execute function ledger_entries_append_only()`,
    // A posting moves the balance under the account row's lock and records the balance after it.
    `create function ledger_entries_post() returns trigger language plpgsql as $f$ begin
      update accounts set balance_pence = balance_pence + new.amount_pence
        where account_no = new.account_no
        returning balance_pence into new.balance_after_pence;
      if not found then
        raise exception 'no account % to post to', new.account_no using errcode = '23503';
      end if;
      return new;
    end $f$`,
    `create trigger ledger_entries_post before insert on ledger_entries
      for each row execute function ledger_entries_post()`,
    // The balance moves only with a posting (the trigger above runs one level down).
    `create function accounts_balance_guard() returns trigger language plpgsql as $f$ begin
      if tg_op = 'INSERT' and new.balance_pence <> 0 then
        raise exception 'a new account starts at a zero balance: post to the ledger' using errcode = '42501';
      end if;
      if tg_op = 'UPDATE' and new.balance_pence is distinct from old.balance_pence and pg_trigger_depth() < 2 then
        raise exception 'the balance changes only by a ledger posting' using errcode = '42501';
      end if;
      return new;
    end $f$`,
    `create trigger accounts_balance_guard before insert or update on accounts
      for each row execute function accounts_balance_guard()`,
  );

  await run(
    db,
    `create table notifications (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete cascade,
      kind varchar(50) not null,
      title varchar(200) not null,
      message text not null,
      icon varchar(50) not null default 'info',
      color varchar(20) not null default 'info',
      read_at timestamptz,
      read_by integer,
      created_at timestamptz not null default now()
    )`,
    `create index notifications_account_idx on notifications (account_no, created_at desc, id desc)`,
  );
  await tenantTable(db, 'notifications');

  await run(
    db,
    `create table mail_outbox (
      id serial primary key,
      -- A mail stays its account's: deleting an account that has mails is refused (accounts are
      -- soft-deleted), never turned into a mail of no account behind the provider's back.
      account_no integer references accounts (account_no) on delete restrict,
      template varchar(50) not null,
      to_address varchar(200) not null,
      subject varchar(300) not null,
      text_body text not null,
      status varchar(20) not null default 'pending' check (status in ('pending', 'sandbox', 'sent', 'failed')),
      attempts integer not null default 0,
      last_error text,
      sent_at timestamptz,
      created_at timestamptz not null default now()
    )`,
    `create index mail_outbox_created_idx on mail_outbox (created_at desc, id desc)`,
    `create index mail_outbox_pending_idx on mail_outbox (id) where status = 'pending'`,
  );
  // A request may queue a mail for its own account; only the provider (escape hatch) reads them.
  await tenantTable(db, 'mail_outbox', { crossAccountOnly: true });
  await run(
    db,
    `grant insert on mail_outbox to ${TENANT_ROLE}`,
    `create policy mail_outbox_tenant_insert on mail_outbox for insert to ${TENANT_ROLE}
      with check (account_no = app_account_no())`,
    `grant usage, select on sequence mail_outbox_id_seq to ${TENANT_ROLE}`,
  );
}
