import type { Kysely } from 'kysely';
import { DIAL_PLAN_BLOCK } from '../dial-plan-blocks.ts';
import { CROSS_ACCOUNT_ROLE, run, TENANT_ROLE } from '../tenancy-sql.ts';

/**
 * How full each block of 100 numbers of an account's plan is (issue 25: the next free number in
 * ≤ 20 ms at 80,000 seats whatever the gaps). With the account's top extension taken the next free
 * number is the lowest free one, which a walk of the plan found only after every taken number below
 * it (26.6 ms at 79,900 seats). `dial_plan_blocks` holds, per account and block (`number / 100`),
 * how many of its numbers are taken; the database keeps it in the writing transaction (a trigger on
 * `dial_plan` for every insert, delete and change of number), so numbered.ts finds the first block
 * with room by the blocks' key — a full block is one row, not a hundred — and the gap inside it in at
 * most a hundred rows of the plan.
 *
 * Like `list_counts`, the tenant's to read (its own account's rows) and nobody's to write but the
 * trigger's function, SECURITY DEFINER and owned by the cross-account role. A delete only lowers a
 * count (when an account goes, its blocks go with it first or after: nothing is inserted for it).
 * A block's row is locked by the transaction that changes its count until it ends, so two creates
 * in one block wait for each other (they already did: the seats' row count); `app_dial_plan_reserve`
 * lets a range add lock its blocks in order before its first create (numbered.ts), so a create
 * further up the range cannot hold one of them while waiting for the range's row count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const b = DIAL_PLAN_BLOCK;
  await run(
    db,
    `create table dial_plan_blocks (
      account_no integer not null references accounts (account_no) on delete cascade,
      block integer not null,
      taken integer not null,
      constraint dial_plan_blocks_pkey primary key (account_no, block)
    )`,
    'alter table dial_plan_blocks enable row level security',
    'alter table dial_plan_blocks force row level security',
    `grant select, insert, update, delete on dial_plan_blocks to ${CROSS_ACCOUNT_ROLE}`,
    `create policy dial_plan_blocks_cross_account on dial_plan_blocks to ${CROSS_ACCOUNT_ROLE}
      using (true) with check (true)`,
    `grant select on dial_plan_blocks to ${TENANT_ROLE}`,
    `create policy dial_plan_blocks_tenant_read on dial_plan_blocks for select to ${TENANT_ROLE}
      using (account_no = app_account_no())`,
    // A number's block count up (+1) or down (-1); a move changes the lower (account, block) first;
    // a truncate of the plan empties the counts.
    `create function app_dial_plan_blocks() returns trigger
      language plpgsql security definer set search_path = public as $f$
    declare
      old_block integer;
      new_block integer;
      down_first boolean;
    begin
      if tg_op = 'TRUNCATE' then
        delete from dial_plan_blocks;
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then old_block := old.number / ${b}; end if;
      if tg_op in ('INSERT', 'UPDATE') then new_block := new.number / ${b}; end if;
      if tg_op = 'UPDATE' and old.account_no = new.account_no and old_block = new_block then
        return null;
      end if;
      if old_block is not null then
        down_first := new_block is null or (old.account_no, old_block) < (new.account_no, new_block);
      end if;
      if down_first then
        update dial_plan_blocks set taken = taken - 1 where account_no = old.account_no and block = old_block;
      end if;
      if new_block is not null then
        insert into dial_plan_blocks (account_no, block, taken) values (new.account_no, new_block, 1)
          on conflict (account_no, block) do update set taken = dial_plan_blocks.taken + 1;
      end if;
      if old_block is not null and not down_first then
        update dial_plan_blocks set taken = taken - 1 where account_no = old.account_no and block = old_block;
      end if;
      return null;
    end $f$`,
    // The blocks of numbers from .. to of the transaction's account, locked in order (a range add).
    `create function app_dial_plan_reserve(p_from integer, p_to integer) returns void
      language sql security definer set search_path = public as $f$
      insert into dial_plan_blocks (account_no, block, taken)
        select app_account_no(), g, 0 from generate_series(p_from / ${b}, p_to / ${b}) g
        where app_account_no() is not null order by g
        on conflict (account_no, block) do update set taken = dial_plan_blocks.taken
    $f$`,
    // The owner must be allowed to create in the schema at the moment ownership passes to it.
    `grant create on schema public to ${CROSS_ACCOUNT_ROLE}`,
    `alter function app_dial_plan_blocks() owner to ${CROSS_ACCOUNT_ROLE}`,
    `alter function app_dial_plan_reserve(integer, integer) owner to ${CROSS_ACCOUNT_ROLE}`,
    `revoke create on schema public from ${CROSS_ACCOUNT_ROLE}`,
    'revoke execute on function app_dial_plan_blocks() from public',
    'revoke execute on function app_dial_plan_reserve(integer, integer) from public',
    `grant execute on function app_dial_plan_blocks() to ${TENANT_ROLE}, ${CROSS_ACCOUNT_ROLE}`,
    `grant execute on function app_dial_plan_reserve(integer, integer) to ${TENANT_ROLE}, ${CROSS_ACCOUNT_ROLE}`,
    `insert into dial_plan_blocks (account_no, block, taken)
      select account_no, number / ${b}, count(*) from dial_plan group by 1, 2`,
    `create trigger dial_plan_blocks after insert or delete or update of number, account_no on dial_plan
      for each row execute function app_dial_plan_blocks()`,
    `create trigger dial_plan_blocks_truncate after truncate on dial_plan
      for each statement execute function app_dial_plan_blocks()`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    'drop trigger dial_plan_blocks_truncate on dial_plan',
    'drop trigger dial_plan_blocks on dial_plan',
    'drop function app_dial_plan_reserve(integer, integer)',
    'drop function app_dial_plan_blocks()',
    'drop table dial_plan_blocks',
  );
}
