import type { Kysely } from 'kysely';
import { run, sharedReference, tenantTable } from '../../../db/tenancy-sql.ts';

const SWITCHES = [
  ['allow_uk_geo', true],
  ['allow_uk_mobile', true],
  ['allow_uk_118', false],
  ['allow_uk_other', true],
  ['allow_uk_premium_09', false],
  ['allow_uk_premium_070', false],
  ['allow_international', false],
  ['allow_international_high_risk', false],
] as const;

/**
 * NTS destinations, and the on-net check: whether a number is allocated to any account of the
 * platform, answered by a security-definer function that says yes or no and nothing else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table nts_destinations (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete cascade,
      name varchar(50) not null,
      destination varchar(16) not null,
      answer_prompt_id integer,
      ${SWITCHES.map(([column, on]) => `${column} boolean not null default ${on}`).join(',\n      ')},
      ext_refuse boolean not null default false,
      channel_limit smallint not null default 2,
      version integer not null default 1,
      created_at timestamptz not null default now()
    )`,
    `create index nts_destinations_name_idx on nts_destinations (account_no, name)`,
    `create trigger nts_destinations_version before update on nts_destinations
      for each row execute function bump_version()`,
    `create or replace function number_on_net(candidates text[]) returns boolean language sql stable
      security definer set search_path = public as
      $f$ select exists (select 1 from telephone_numbers where number = any(candidates)) $f$`,
    'revoke all on function number_on_net(text[]) from public',
    'grant execute on function number_on_net(text[]) to switchboard_app',
  );
  await tenantTable(db, 'nts_destinations');
  await sharedReference(db, {
    table: 'nts_destinations',
    columns: ['answer_prompt_id'],
    references: 'prompts',
    trigger: 'nts_destinations_prompt_refs',
  });
}
