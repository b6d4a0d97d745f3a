import type { Kysely } from 'kysely';
import { accountKey, run, tenantReference, tenantTable } from '../../../db/tenancy-sql.ts';

/** Pickup groups and their seats: a seat picks up in one group at most (unique per account). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table pickup_groups (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete cascade,
      name varchar(100) not null,
      version integer not null default 1,
      created_at timestamptz not null default now()
    )`,
    `create index pickup_groups_name_idx on pickup_groups (account_no, name)`,
    `create trigger pickup_groups_version before update on pickup_groups for each row execute function bump_version()`,
    `create table pickup_group_members (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete cascade,
      group_id integer not null,
      seat_id integer not null,
      created_at timestamptz not null default now(),
      constraint pickup_group_members_seat_uq unique (account_no, seat_id)
    )`,
    `create index pickup_group_members_group_idx on pickup_group_members (group_id)`,
  );
  await tenantTable(db, 'pickup_groups');
  await tenantTable(db, 'pickup_group_members');
  await accountKey(db, 'pickup_groups');
  await tenantReference(db, {
    table: 'pickup_group_members',
    column: 'group_id',
    references: 'pickup_groups',
    onDelete: 'cascade',
  });
  await tenantReference(db, { table: 'pickup_group_members', column: 'seat_id', references: 'seats' });
}
