/**
 * Creating a control-panel user (spec 2 §7 POST /users): shared by POST /users and by seats
 * created as softphone users. Runs in the caller's tenant transaction; the new user gets the
 * spec's two permission grants when asked.
 */
import { ACCOUNT_TYPE_FEATURE, NEW_USER_GRANTS, type NewUserBody, USER_MESSAGES } from '@switchboard/domain';
import type { AuthContext } from '../../platform/auth.ts';
import { type UniqueViolations, uniqueViolationError, validationError } from '../../platform/errors.ts';
import { recordChange } from '../../platform/outbox.ts';
import type { Ctx } from '../../platform/routes.ts';
import type { Tx } from '../../platform/tenancy.ts';

/** How a user is named wherever a record says who did something: 'Jane Smith (jsmith)'. */
export const userLabel = (u: { name: string; surname: string; username: string }) =>
  `${u.name} ${u.surname} (${u.username})`.trim();
/** The same, in SQL, of the users row `alias`. */
export const userLabelSql = (alias: string) =>
  `trim(${alias}.name || ' ' || ${alias}.surname || ' (' || ${alias}.username || ')')`;

/**
 * Usernames are unique within an account (migration 050), so one the account already has is refused
 * with a free alternative to use instead. Another account's users are never looked at: a name used
 * elsewhere is taken as any unused one is (issue 24: nothing tells that it exists there).
 */
export const USERNAME_TAKEN = 'This username is not available';
export const usernameSuggestion = (suggestion: string) => `${USERNAME_TAKEN}. You could use ${suggestion}`;

/** The users table's unique index ((account_no, lower(username)), migration 050), for a username at `field`. */
export const usernameViolations = (field: string): UniqueViolations => ({
  users_account_username_uq: { field, message: USERNAME_TAKEN },
});

export async function createUser(
  ctx: Pick<Ctx, 'db' | 'auth' | 'request'>,
  body: Pick<NewUserBody, 'username' | 'name' | 'surname' | 'email' | 'enabled' | 'saveUserPermissions'>,
  /** The field path of the username in the caller's body (for the validation map). */
  usernameField = 'username',
): Promise<number> {
  const { db, auth } = ctx;
  // The account's own users (row-level security shows no other's); the unique index is the last
  // word when two creates race.
  if (await usernameTaken(ctx, body.username)) {
    const suggestion = await freeUsername(ctx, body.username);
    throw validationError({ [usernameField]: suggestion ? usernameSuggestion(suggestion) : USERNAME_TAKEN });
  }
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
  // A change event as every area's create: the audit log names the new user and the fields set.
  await recordChange(db, auth, ctx.request.ip, {
    area: 'users',
    recordId: user.id,
    kind: 'create',
    after: {
      name: body.name,
      surname: body.surname,
      username: body.username,
      email: body.email,
      enabled: body.enabled,
    },
    label: userLabel(body),
  });
  return user.id;
}

/** Whether the account (the transaction's, by row-level security) has a user of that name, whatever its case. */
async function usernameTaken(ctx: Pick<Ctx, 'db' | 'auth'>, candidate: string): Promise<boolean> {
  const found = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('account_no', '=', ctx.auth.accountNo)
    .where((eb) => eb(eb.fn('lower', ['username']), '=', candidate.toLowerCase()))
    .executeTakeFirst();
  return found !== undefined;
}

/** A free username like `wanted`: with the account number, then a counter (within the pattern's 100). */
async function freeUsername(ctx: Pick<Ctx, 'db' | 'auth'>, wanted: string): Promise<string | null> {
  const base = wanted.slice(0, 90);
  const candidates = [`${base}.${ctx.auth.accountNo}`, ...Array.from({ length: 8 }, (_, i) => `${base}${i + 2}`)];
  for (const candidate of candidates) if (!(await usernameTaken(ctx, candidate))) return candidate;
  return null;
}

/**
 * Whether `target` holds any permission bit that `auth` (the editor's session) lacks. The account
 * type's four flags are the account's, not the user's (a session's are decided by the account), so
 * they are not compared.
 */
export async function holdsMoreThan(tx: Tx, auth: Pick<AuthContext, 'permissions'>, targetId: number) {
  const rows = await tx
    .selectFrom('user_permissions')
    .select(['feature_id', 'mask'])
    .where('user_id', '=', targetId)
    .where('feature_id', 'not in', Object.values(ACCOUNT_TYPE_FEATURE))
    .execute();
  return rows.some((r) => (r.mask & ~(auth.permissions[String(r.feature_id)] ?? 0)) !== 0);
}

/**
 * Why the editor of `auth` may not change the sign-in details (e-mail address, password) of
 * `target`, or undefined: nobody but the holder changes the holder's, nor anyone's who holds a
 * permission the editor lacks — else changing the address and sending a reset there would take the
 * account over. One's own are one's own (an e-mail change still waits for the old address).
 */
export async function credentialsRefusal(
  tx: Tx,
  auth: Pick<AuthContext, 'userId' | 'permissions'>,
  target: { id: number; isHolder: boolean },
): Promise<string | undefined> {
  if (target.id === auth.userId) return undefined;
  if (target.isHolder) return USER_MESSAGES.holderCredentials;
  if (await holdsMoreThan(tx, auth, target.id)) return USER_MESSAGES.moreGrantsCredentials;
  return undefined;
}
