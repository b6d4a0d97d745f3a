/**
 * Creating a control-panel user (spec 2 §7 POST /users): shared by POST /users and by seats
 * created as softphone users. Runs inside the caller's transaction; the new user gets the
 * spec's two permission grants when asked.
 */
import { NEW_USER_GRANTS, type NewUserBody } from '@switchboard/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { audit } from './audit.ts';
import type { AuthContext } from './auth.ts';
import { type UniqueViolations, uniqueViolationError, validationError } from './errors.ts';

export const USERNAME_TAKEN = 'This username is already in use';

/** The users table's unique index (lower(username), migration 001), for a username at `field`. */
export const usernameViolations = (field: string): UniqueViolations => ({
  users_username_uq: { field, message: USERNAME_TAKEN },
});

export async function createUser(
  trx: Transaction<Database>,
  auth: AuthContext,
  body: NewUserBody,
  ip: string,
  /** The field path of the username in the caller's body (for the validation map). */
  usernameField = 'username',
): Promise<number> {
  const taken = await trx
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', body.username.toLowerCase()))
    .executeTakeFirst();
  if (taken) throw validationError({ [usernameField]: USERNAME_TAKEN });
  // The check above cannot see a user another transaction is creating: the unique index is the
  // last word, and its violation is the same field message (the caller's transaction rolls back).
  const user = await trx
    .insertInto('users')
    .values({
      account_no: auth.accountNo,
      username: body.username,
      password_hash: null,
      name: body.name,
      surname: body.surname,
      email: body.email,
      enabled: body.enabled,
      is_holder: false,
      avatar: null,
      avatar_mime: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch((error: unknown) => {
      throw uniqueViolationError(error, usernameViolations(usernameField)) ?? error;
    });
  if (body.saveUserPermissions) {
    await trx
      .insertInto('user_permissions')
      .values(NEW_USER_GRANTS.map((g) => ({ user_id: user.id, feature_id: g.featureId, mask: g.mask })))
      .execute();
  }
  await audit(trx, {
    userId: auth.userId,
    accountNo: auth.accountNo,
    action: 'user.create',
    details: { newUserId: user.id, username: body.username },
    ip,
  });
  return user.id;
}
