import { type Kysely, sql } from 'kysely';
import { run, tenantReference, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * A seat's softphone presents the numbers of the outbound caller-ID lists it is given (spec 2
 * outboundCLILists, spec 3 /outbound-clis): a row per seat and list, whose keys carry the account
 * (a list a seat uses cannot be deleted, even by a write the application did not check). The numbers
 * a seat held itself until now become a list of its own ('Seat {extension} caller IDs'), given to it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('seat_outbound_clis')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_no', 'integer', (c) => c.notNull().references('accounts.account_no').onDelete('cascade'))
    .addColumn('seat_id', 'integer', (c) => c.notNull())
    .addColumn('outbound_cli_id', 'integer', (c) => c.notNull())
    .addUniqueConstraint('seat_outbound_clis_uq', ['seat_id', 'outbound_cli_id'])
    .execute();
  await tenantReference(db, {
    table: 'seat_outbound_clis',
    column: 'seat_id',
    references: 'seats',
    onDelete: 'cascade',
  });
  await tenantReference(db, { table: 'seat_outbound_clis', column: 'outbound_cli_id', references: 'outbound_clis' });
  await tenantTable(db, 'seat_outbound_clis');
  // The owner moves every account's rows (the tables' row-level security is forced on their owner too).
  await run(
    db,
    ...['seats', 'outbound_clis', 'seat_outbound_clis'].map((t) => `alter table ${t} no force row level security`),
  );
  await sql`
    with held as (
      select id as seat_id, account_no, extension, outbound_cli_lists as numbers from seats
      where jsonb_typeof(outbound_cli_lists) = 'array' and jsonb_array_length(outbound_cli_lists) > 0
    ), made as (
      insert into outbound_clis (account_no, name, description, numbers)
      select account_no, 'Seat ' || extension || ' caller IDs', 'The numbers seat ' || extension || ' presented', numbers
      from held
      returning id, account_no, name
    )
    insert into seat_outbound_clis (account_no, seat_id, outbound_cli_id)
    select held.account_no, held.seat_id, made.id from held
      join made on made.account_no = held.account_no and made.name = 'Seat ' || held.extension || ' caller IDs'`.execute(
    db,
  );
  await run(
    db,
    ...['seats', 'outbound_clis', 'seat_outbound_clis'].map((t) => `alter table ${t} force row level security`),
    'alter table seats drop column outbound_cli_lists',
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table seats add column outbound_cli_lists jsonb not null default '[]'::jsonb`.execute(db);
  await db.schema.dropTable('seat_outbound_clis').execute();
}
