import { IVR_KEYS } from '@switchboard/domain';
import type { Kysely } from 'kysely';
import { run, sharedReference, tenantTable } from '../../../db/tenancy-sql.ts';

/** The column of a key's destination ('optionStar' → option_star). */
export const keyColumn = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * IVR menus: a number in the account's plan (kind 'ivr'), a greeting and an invalid-choice prompt
 * (the account's or the provider's), and a destination per key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table ivrs (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete cascade,
      ivr_no integer not null,
      description varchar(45) not null,
      greeting_id integer,
      invalid_prompt_id integer,
      invalid_prompt_none boolean not null default false,
      ${IVR_KEYS.map((k) => `${keyColumn(k.field)} varchar(64) not null default ''`).join(',\n      ')},
      version integer not null default 1,
      created_at timestamptz not null default now(),
      constraint ivrs_number_uq unique (account_no, ivr_no)
    )`,
    `create trigger ivrs_version before update on ivrs for each row execute function bump_version()`,
    `create trigger ivrs_dial_plan after insert or update of ivr_no or delete on ivrs
      for each row execute function dial_plan_sync('ivr', 'ivr_no')`,
  );
  await tenantTable(db, 'ivrs');
  await sharedReference(db, {
    table: 'ivrs',
    columns: ['greeting_id', 'invalid_prompt_id'],
    references: 'prompts',
    trigger: 'ivrs_prompt_refs',
  });
}
