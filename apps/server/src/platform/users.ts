/**
 * Creating a control-panel user (spec 2 §7 POST /users): shared by POST /users and by seats
 * created as softphone users. Runs in the caller's tenant transaction; the new user gets the
 * spec's two permission grants when asked.
 */
import { NEW_USER_GRANTS, type NewUserBody } from '@switchboard/domain';
import { audit } from './audit.ts';
import { type UniqueViolations, uniqueViolationError } from './errors.ts';
import type { Ctx } from './routes.ts';

export const USERNAME_TAKEN = 'This username is already in use';

/** The users table's unique index (lower(username), migration 001), for a username at `field`. */
export const usernameViolations = (field: string): UniqueViolations => ({
  users_username_uq: { field, message: USERNAME_TAKEN },
});

export async function createUser(
  ctx: Pick<Ctx, 'db' | 'auth' | 'request'>,
  body: Pick<NewUserBody, 'username' | 'name' | 'surname' | 'email' | 'enabled' | 'saveUserPermissions'>,
  /** The field path of the username in the caller's body (for the validation map). */
  usernameField = 'username',
): Promise<number> {
  const { db, auth } = ctx;
  // Usernames are unique across the provider: the unique index (which sees every account, unlike
  // this account's transaction) is what refuses a taken one.
  const user = await db
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
    await db
      .insertInto('user_permissions')
      .values(NEW_USER_GRANTS.map((g) => ({ user_id: user.id, feature_id: g.featureId, mask: g.mask })))
      .execute();
  }
  await audit(db, {
    userId: auth.userId,
    accountNo: auth.accountNo,
    action: 'user.create',
    details: { newUserId: user.id, username: body.username },
    ip: ctx.request.ip,
  });
  return user.id;
}
