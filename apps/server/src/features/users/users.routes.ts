/**
 * The user manager (issue 13; spec 1 §7 POST /users): the account's control-panel users — list,
 * create with the spec's two default grants, edit, enable / disable — and their permission grants as
 * a feature × create / read / update / delete matrix. Nobody grants more than they hold, changes
 * their own grants, or disables themselves or the account holder.
 */
import {
  GRANTABLE_FEATURES,
  MESSAGES,
  type newUserBody,
  type PermissionMap,
  USER_MESSAGES,
  type User,
  userFields,
  type userInput,
  userRoutes,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import {
  createUser,
  credentialsRefusal,
  holdsMoreThan,
  sendEmailChangeLink,
  sendSetPasswordLink,
  userLabel,
  usernameViolations,
} from '../../modules/identity/index.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { declaredFields } from '../../platform/declared-fields.ts';
import { forbidden, HttpError, validationError } from '../../platform/errors.ts';
import { field, fieldMap, versionedFields } from '../../platform/fields.ts';
import type { Platform } from '../../platform/platform.ts';
import { assertVersion, type ResourceHandle, resourceWithParts, type Validator } from '../../platform/resources.ts';
import { type Ctx, tenantRoute } from '../../platform/routes.ts';

const LAST_SIGN_IN = `coalesce((select to_char(max(a.at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
  from audit_log a where a.user_id = users.id and a.action = 'login'), '')`;

const fields = fieldMap<User>('users', {
  ...versionedFields,
  ...declaredFields(userFields),
  // Never written by an update: a new address is held in pending_email until the old one confirms it.
  email: field.text('email', { sortable: true, searchable: true, createOnly: true }),
  isHolder: field.computed('users.is_holder', 'boolean', { sortable: true }),
  lastSignIn: field.computed(LAST_SIGN_IN, 'text', { sortable: true }),
  pendingEmail: field.computed(`coalesce(users.pending_email, '')`, 'text'),
});

/** The lists' field maps (their sortable and filterable columns are indexed). */
export const userLists = [fields];

/** Neither the holder nor oneself is disabled, nor anyone holding a permission the editor lacks. */
const enabledRule: Validator<{ enabled?: boolean }, User> = async ({ db, auth, current, values }) => {
  if (!current || values.enabled !== false || !current.enabled) return undefined;
  if (current.isHolder) return { enabled: USER_MESSAGES.disableHolder };
  if (current.id === auth.userId) return { enabled: USER_MESSAGES.disableSelf };
  if (await holdsMoreThan(db, auth, current.id)) return { enabled: USER_MESSAGES.moreGrantsDisable };
  return undefined;
};

/** A new e-mail address only for users the editor may take care of (not the holder, nobody holding more). */
const emailRule: Validator<{ email?: string }, User> = async ({ db, auth, current, values }) => {
  if (!current || values.email === undefined || values.email === current.email) return undefined;
  const refusal = await credentialsRefusal(db, auth, current);
  return refusal ? { email: refusal } : undefined;
};

/**
 * A changed e-mail address is held, not written: the old address gets a link to confirm it (and so
 * learns of it); confirming it (features/account) writes it. Audited as requested here.
 */
async function holdEmailChange(ctx: Ctx, before: User, email: string, label: string): Promise<void> {
  await ctx.db.updateTable('users').set({ pending_email: email }).where('id', '=', before.id).execute();
  await sendEmailChangeLink(
    ctx.db,
    ctx.platform.config,
    { id: before.id, accountNo: ctx.auth.accountNo, username: before.username, name: before.name, email: before.email },
    { newEmail: email, requestedBy: userLabel(ctx.auth) },
  );
  await ctx.emit({
    area: 'users',
    recordId: before.id,
    kind: 'email.requested',
    before: { email: before.email },
    after: { email },
    label,
  });
  ctx.afterCommit(async () => {
    await ctx.platform.mail.drain();
  });
}

const GRANTABLE = new Map(GRANTABLE_FEATURES.map((f) => [f.id, f.label]));

/** What the caller holds of each grantable feature (their session's masks: a disguised admin's are the holder's). */
function grantableBy(auth: AuthContext): Array<{ featureId: number; mask: number }> {
  const held: PermissionMap = auth.permissions;
  return GRANTABLE_FEATURES.map((f) => ({ featureId: f.id, mask: held[String(f.id)] ?? 0 })).filter((g) => g.mask > 0);
}

/**
 * A granter changes only the permission bits they hold themselves (create 1, read 2, update 4,
 * delete 8): a bit they lack is neither granted ('You cannot grant more than you hold') nor taken
 * away ('You cannot remove…') — a Users-only manager cannot strip the grants of someone holding more.
 */
function refuseBeyondHeld(
  auth: AuthContext,
  before: ReadonlyArray<{ feature_id: number; mask: number }>,
  wanted: ReadonlyMap<number, number>,
): void {
  const held = new Map(grantableBy(auth).map((g) => [g.featureId, g.mask]));
  const had = new Map(before.map((r) => [r.feature_id, r.mask]));
  for (const [featureId, label] of GRANTABLE) {
    const now = had.get(featureId) ?? 0;
    const beyond = ((wanted.get(featureId) ?? 0) ^ now) & ~(held.get(featureId) ?? 0);
    if ((beyond & ~now) !== 0) throw new HttpError(403, USER_MESSAGES.grantMore(label));
    if ((beyond & now) !== 0) throw new HttpError(403, USER_MESSAGES.removeMore(label));
  }
}

/**
 * The users as a resource (the generic list, read and update: e-mail changes held until confirmed),
 * their creation and their grants.
 */
export function registerUserRoutes(api: FastifyInstance, platform: Platform): void {
  resourceWithParts(
    api,
    platform,
    {
      area: 'users',
      routes: userRoutes,
      table: 'users',
      permission: 'cpUsers',
      fields,
      defaultSort: { field: 'username', direction: 'asc' },
      label: userLabel,
      // Users are created by POST /users (createUser: provider-wide usernames, the default grants) and
      // never deleted from the panel (disabled instead: their history stays attributable).
      except: ['create', 'remove', 'removeMany'],
      validate: [enabledRule, emailRule],
      afterUpdate: async (ctx, before, values) => {
        if (values.email !== before.email) await holdEmailChange(ctx, before, values.email, userLabel(before));
      },
      updatedMessage: (u) => (u.pendingEmail ? USER_MESSAGES.updatedPendingEmail : MESSAGES.updated)(userLabel(u)),
      uniqueViolations: usernameViolations('username'),
    },
    registerCreateUserRoute,
    registerPermissionRoutes,
  );
}

type Users = ResourceHandle<User, typeof userInput, typeof newUserBody>;

/** Creating a user, who is sent an activation link to set their password. */
function registerCreateUserRoute(api: FastifyInstance, platform: Platform, users: Users): void {
  tenantRoute(api, platform, userRoutes.create, {
    allow: users.rules('create'),
    handler: async (ctx, { body }) => {
      if (body.accountNo !== ctx.auth.accountNo) throw forbidden();
      const id = await createUser(ctx, body, 'username');
      // The new user has no password yet: an e-mail with a set-password link (features/account).
      await sendSetPasswordLink(
        ctx.db,
        ctx.platform.config,
        { id, accountNo: ctx.auth.accountNo, username: body.username, name: body.name, email: body.email },
        'activation',
      );
      ctx.afterCommit(async () => {
        await ctx.platform.mail.drain();
      });
      return { success: true, message: `${body.username} ${MESSAGES.createdSuccessfully}`, id };
    },
  });
}

/** A user's permissions: reading them, and saving the grantable ones (never beyond the caller's own). */
function registerPermissionRoutes(api: FastifyInstance, platform: Platform, users: Users): void {
  tenantRoute(api, platform, userRoutes.permissions, {
    allow: users.rules('read'),
    readOnly: true,
    handler: async ({ db, auth }, { params }) => {
      await users.read(db, params.id);
      const rows = await db
        .selectFrom('user_permissions')
        .select(['feature_id', 'mask'])
        .where('user_id', '=', params.id)
        .orderBy('feature_id')
        .execute();
      return {
        grants: rows.filter((r) => GRANTABLE.has(r.feature_id)).map((r) => ({ featureId: r.feature_id, mask: r.mask })),
        grantable: grantableBy(auth),
      };
    },
  });

  tenantRoute(api, platform, userRoutes.savePermissions, {
    allow: users.rules('update'),
    handler: async (ctx, { params, body }) => {
      const { db, auth } = ctx;
      await users.lock(db, params.id);
      const user = await users.read(db, params.id);
      assertVersion(ctx, user);
      if (user.id === auth.userId) throw new HttpError(403, USER_MESSAGES.ownGrants);
      if (user.isHolder) throw new HttpError(403, USER_MESSAGES.holderGrants);
      const wanted = new Map<number, number>();
      for (const g of body.grants) {
        if (!GRANTABLE.has(g.featureId))
          throw validationError({ grants: USER_MESSAGES.notGrantable(String(g.featureId)) });
        wanted.set(g.featureId, g.mask);
      }
      const before = await db
        .selectFrom('user_permissions')
        .select(['feature_id', 'mask'])
        .where('user_id', '=', user.id)
        .execute();
      refuseBeyondHeld(auth, before, wanted);
      // Only the grantable features are the matrix's: others the user has (none today) stay as they are.
      await db
        .deleteFrom('user_permissions')
        .where('user_id', '=', user.id)
        .where('feature_id', 'in', [...GRANTABLE.keys()])
        .execute();
      const rows = [...wanted].filter(([, mask]) => mask > 0);
      if (rows.length > 0) {
        await db
          .insertInto('user_permissions')
          .values(rows.map(([featureId, mask]) => ({ user_id: user.id, feature_id: featureId, mask })))
          .execute();
      }
      // The change, in the audit log: feature → mask before and after.
      const masks = (list: Array<{ feature_id: number; mask: number }>) =>
        Object.fromEntries(
          list.filter((r) => GRANTABLE.has(r.feature_id)).map((r) => [GRANTABLE.get(r.feature_id) ?? '', r.mask]),
        );
      // A new version of the user (the trigger increments it on any update): a stale grants save is refused.
      await db.updateTable('users').set({ version: user.version }).where('id', '=', user.id).execute();
      await ctx.emit({
        area: 'users',
        recordId: user.id,
        kind: 'permissions.update',
        before: masks(before),
        after: masks(rows.map(([feature_id, mask]) => ({ feature_id, mask }))),
        label: users.def.label(user),
      });
      return { success: true, message: USER_MESSAGES.permissionsSaved(users.def.label(user)), id: user.id };
    },
  });
}
