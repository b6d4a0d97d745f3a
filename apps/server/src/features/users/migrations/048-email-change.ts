import { type Kysely, sql } from 'kysely';

/**
 * E-mail changes wait for the old address (issue 24): the address a user's e-mail is to change to,
 * and the link mailed to the old address to confirm it (a password_tokens row of purpose 'email').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'alter table users add column pending_email text',
    'alter table password_tokens drop constraint password_tokens_purpose_check',
    `alter table password_tokens add constraint password_tokens_purpose_check
      check (purpose in ('activation', 'reset', 'email'))`,
  ])
    await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `delete from password_tokens where purpose = 'email'`,
    'alter table password_tokens drop constraint password_tokens_purpose_check',
    `alter table password_tokens add constraint password_tokens_purpose_check
      check (purpose in ('activation', 'reset'))`,
    'alter table users drop column pending_email',
  ])
    await sql.raw(statement).execute(db);
}
