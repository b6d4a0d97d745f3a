/** Spec 1 §7 "Session and theme", plus sign-in, disguise and the panel's runtime configuration. */
import { hash } from '@node-rs/argon2';
import {
  can,
  DEFAULT_THEME,
  hasPanelAccess,
  isProviderAdmin,
  MESSAGES,
  recordId,
  type Session,
  sessionRoutes,
} from '@switchboard/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { readSupportSettings } from '../../modules/provider-settings/index.ts';
import {
  type AuthContext,
  clearSessionCookie,
  newToken,
  permissionsFor,
  requireAuth,
  setSessionCookie,
} from '../../platform/auth.ts';
import { defaultLogoSvg, initialsAvatarSvg, initialsOf, SVG_HEADERS } from '../../platform/default-images.ts';
import { forbidden, HttpError, notFound, unauthorised } from '../../platform/errors.ts';
import { recordAct } from '../../platform/outbox.ts';
import type { Platform } from '../../platform/platform.ts';
import { providersIn } from '../../platform/provider-modes.ts';
import { accessDoc, openRoute, tenantRoute } from '../../platform/routes.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { notAFailure, succeeded, takeAttempt } from '../../platform/throttle.ts';
import {
  isDescendant,
  matchCandidates,
  passwordCheckKeys,
  passwordMatches,
  recordAttempt,
  signInCandidates,
  signInKeys,
} from './session.logic.ts';

const tags = ['session'];
const accountParam = z.object({ account_no: recordId() });

/** Points the session at another effective account (acting as a customer, or back), audited. */
async function actAs(
  tx: Tx,
  auth: AuthContext,
  as: { accountNo: number; puppeteer: number | null },
  action: 'disguise.start' | 'disguise.end',
  target: number,
  ip: string,
): Promise<void> {
  await tx
    .updateTable('sessions')
    .set({ account_no: as.accountNo, puppeteer: as.puppeteer })
    .where('token_hash', '=', auth.tokenHash)
    .execute();
  await recordAct(tx, { userId: auth.userId, accountNo: auth.homeAccountNo, action, targetAccountNo: target, ip });
}

/** The session even without panel access (leaving a disguise must always work). */
function requireAuthOnly(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorised();
  return request.auth;
}

export function sessionRecordOf(auth: AuthContext): Session {
  return {
    account_no: String(auth.accountNo),
    name: auth.name,
    surname: auth.surname,
    permissions: auth.permissions,
    puppeteer: auth.puppeteer,
    user_id: auth.userId,
    parent: String(auth.parent),
    accountType: auth.accountType,
    accountKind: auth.accountKind,
    company: auth.company,
    username: auth.username,
  };
}

/** Walks up the parent chain: a reseller's branding covers its customers. */
async function brandingChain(db: Tx, accountNo: number) {
  const chain = [];
  let current: number | null = accountNo;
  for (let depth = 0; current !== null && current !== 0 && depth < 10; depth++) {
    const row = await db
      .selectFrom('accounts')
      .select(['account_no', 'parent', 'primary_colour', 'accent_colour', 'logo', 'logo_mime'])
      .where('account_no', '=', current)
      .executeTakeFirst();
    if (!row) break;
    chain.push(row);
    current = row.parent === row.account_no ? null : row.parent;
  }
  return chain;
}

/** A new session of `user` (signed in): refused without panel access; audited. Answers its token. */
async function openSession(
  tx: Tx,
  config: Config,
  user: { id: number; account_no: number },
  request: FastifyRequest,
): Promise<string> {
  const account = await tx
    .selectFrom('accounts')
    .selectAll()
    .where('account_no', '=', user.account_no)
    .executeTakeFirstOrThrow();
  const permissions = await permissionsFor(tx, user.id, account);
  if (!hasPanelAccess({ permissions })) throw forbidden();
  const { token, hash: tokenHash } = newToken();
  const now = Date.now();
  await tx
    .insertInto('sessions')
    .values({
      token_hash: tokenHash,
      user_id: user.id,
      account_no: user.account_no,
      puppeteer: null,
      last_seen_at: new Date(now),
      expires_at: new Date(now + config.sessionTtlMs),
      ip: request.ip,
      user_agent: String(request.headers['user-agent'] ?? '').slice(0, 300),
    })
    .execute();
  await recordAct(tx, { userId: user.id, accountNo: user.account_no, action: 'session.login', ip: request.ip });
  return token;
}

/** The API document's operations of the two image routes (they have no contract: not JSON). */
const image = {
  tags,
  response: { 200: { description: 'The image (SVG, PNG or JPEG)', content: { 'image/*': { schema: z.unknown() } } } },
  ...accessDoc('session', false),
};
const IMAGE_DOCS = {
  logo: { ...image, operationId: 'sessionThemeLogo', summary: "Session: the account's logo" },
  avatar: { ...image, operationId: 'sessionAvatar', summary: "Session: the user's avatar" },
};

export function registerSessionRoutes(api: FastifyInstance, platform: Platform): void {
  registerPanelConfigRoute(api, platform);
  registerSignInRoutes(api, platform);
  registerDisguiseRoutes(api, platform);
  registerPasswordCheckRoute(api, platform);
  registerAccountRoute(api, platform);
  registerThemeRoutes(api, platform);
  registerAvatarRoute(api, platform);
}

/** The panel's runtime configuration (public: the login page reads it). */
function registerPanelConfigRoute(api: FastifyInstance, platform: Platform): void {
  const { config } = platform;
  const routes = sessionRoutes;
  openRoute(api, platform, routes.panelConfig, {
    allow: 'public',
    handler: async () => ({
      // The provider's live chat link as its admins set it on the support page (one place for both).
      liveChatUrl: await platform.tenancy.crossAccount(
        'provider-settings',
        async (tx) => (await readSupportSettings(tx)).liveChatUrl.trim() || config.panel.liveChatUrl,
      ),
      idleTimeoutMs: config.panel.idleTimeoutMs,
      logoutCountdownSeconds: config.panel.logoutCountdownSeconds,
      keepAliveMs: config.panel.keepAliveMs,
      loginUrl: config.panel.loginUrl,
      authTokenName: config.authTokenName,
      userManagerUrl: config.panel.userManagerUrl,
      helpUrl: config.panel.helpUrl,
    }),
  });
}

/** Signing in, the session as the panel asks for it on every load, and signing out. */
function registerSignInRoutes(api: FastifyInstance, platform: Platform): void {
  const { config, tenancy } = platform;
  const routes = sessionRoutes;
  openRoute(api, platform, routes.login, {
    allow: 'public',
    handler: async ({ request, reply }, { body }) => {
      const { username, password, accountNo } = body;
      const ip = request.ip;
      const keys = signInKeys(config, username, ip);
      // Counted before the password is checked, in one step with the check of the wait: parallel
      // attempts cannot all pass a count taken before any of them was recorded.
      const candidates = await tenancy.crossAccount('sign-in', async (tx) => {
        await takeAttempt(tx, keys, MESSAGES.loginRateLimited);
        return signInCandidates(tx, username, accountNo);
      });
      // The hashes are checked outside any transaction: each takes tens of milliseconds of CPU.
      const outcome = await matchCandidates(candidates, password);
      const user = typeof outcome === 'object' ? outcome.user : null;
      const token = await tenancy.crossAccount('sign-in', async (tx) => {
        await recordAttempt(tx, username, ip, user !== null);
        if (!user) return null;
        await succeeded(tx, [keys[0]?.key ?? '', keys[2]?.key ?? '']);
        // Only failures count against the address (many people may share it).
        await notAFailure(tx, [keys[1]?.key ?? '']);
        return openSession(tx, config, user, request);
      });
      // Only the right password of more than one account's user hears that the name is shared.
      if (outcome === 'ambiguous') throw new HttpError(409, MESSAGES.loginAccountNeeded);
      if (!token) throw new HttpError(401, MESSAGES.loginFailed);
      setSessionCookie(reply, config, token);
      return { success: true, token };
    },
  });

  openRoute(api, platform, routes.session, {
    allow: 'public',
    // No session is an answer, not a failure (spec 1 §7: "or a status of error"): the panel asks on
    // every load, signed in or not, and a 401 would be a console error on the login page.
    handler: async ({ auth }) => {
      if (!auth || !hasPanelAccess(auth)) return { status: 'error' as const, message: MESSAGES.sessionRequired };
      // The provider's own people see which services are sandboxes (the top bar's badge); no one else.
      const sandboxes = isProviderAdmin(auth) ? providersIn(platform.providerModes, 'sandbox') : [];
      return {
        status: 'success' as const,
        ...sessionRecordOf(auth),
        ...(sandboxes.length > 0 ? { sandboxProviders: sandboxes } : {}),
      };
    },
  });

  openRoute(api, platform, routes.logout, {
    allow: 'public',
    changesState: true,
    handler: async ({ auth, request, reply }) => {
      if (auth) {
        await tenancy.crossAccount('session', async (tx) => {
          await tx.deleteFrom('sessions').where('token_hash', '=', auth.tokenHash).execute();
          await recordAct(tx, {
            userId: auth.userId,
            accountNo: auth.homeAccountNo,
            action: 'session.logout',
            ip: request.ip,
          });
        });
      }
      clearSessionCookie(reply, config);
      return { status: 'success' as const };
    },
  });
}

/** Acting as a customer (disguise), and going back to the portal. */
function registerDisguiseRoutes(api: FastifyInstance, platform: Platform): void {
  const { tenancy } = platform;
  const routes = sessionRoutes;
  openRoute(api, platform, routes.disguise, {
    allow: 'session',
    handler: async ({ request }, { body }) => {
      const auth = requireAuth(request);
      const mayDisguise =
        can(auth, 'wholesaleCustomers', 'read') || can(auth, 'VHCustomers', 'read') || isProviderAdmin(auth);
      if (auth.puppeteer !== null) throw new HttpError(409, 'Go back to the portal before acting as another customer');
      if (!mayDisguise) throw forbidden();
      const target = body.accountNo;
      await tenancy.crossAccount('disguise', async (tx) => {
        if (!(await isDescendant(tx, auth.homeAccountNo, target))) throw new HttpError(403, MESSAGES.disguiseRefused);
        const closed = await tx
          .selectFrom('accounts')
          .select('account_no')
          .where('account_no', '=', target)
          .where('deleted_at', 'is not', null)
          .executeTakeFirst();
        if (closed) throw new HttpError(409, 'This customer account has been deleted');
        const holder = await tx
          .selectFrom('users')
          .select('id')
          .where('account_no', '=', target)
          .where('is_holder', '=', true)
          .executeTakeFirst();
        if (!holder) throw new HttpError(409, 'This customer account has no account holder to act as');
        await actAs(tx, auth, { accountNo: target, puppeteer: auth.userId }, 'disguise.start', target, request.ip);
      });
      return { success: true, message: `Acting as customer ${target}` };
    },
  });

  openRoute(api, platform, routes.undisguise, {
    allow: 'session',
    handler: async ({ request }) => {
      const auth = requireAuthOnly(request);
      if (auth.puppeteer === null) return { success: true, message: 'Not acting as a customer' };
      await tenancy.crossAccount('disguise', (tx) =>
        actAs(tx, auth, { accountNo: auth.homeAccountNo, puppeteer: null }, 'disguise.end', auth.accountNo, request.ip),
      );
      return { success: true, message: 'Back to portal' };
    },
  });
}

/** Confirming the password of the person at the keyboard (deleting the account needs it). */
function registerPasswordCheckRoute(api: FastifyInstance, platform: Platform): void {
  const { config, tenancy } = platform;
  const routes = sessionRoutes;
  openRoute(api, platform, routes.passwordCheck, {
    allow: 'session',
    handler: async ({ request, reply }, { body }) => {
      const auth = requireAuth(request);
      // The password of the person at the keyboard: the impersonator's own while disguised.
      const keys = passwordCheckKeys(config, auth.userId);
      const user = await tenancy.crossAccount('session', async (tx) => {
        await takeAttempt(tx, keys, MESSAGES.loginRateLimited);
        return tx.selectFrom('users').select('password_hash').where('id', '=', auth.userId).executeTakeFirst();
      });
      const ok = await passwordMatches(user?.password_hash ?? null, body.password);
      // A confirmed password is remembered on the session for a few minutes: deleting the account
      // (DELETE /account/{no}) needs it.
      if (ok)
        await tenancy.crossAccount('session', async (tx) => {
          await succeeded(
            tx,
            keys.map((k) => k.key),
          );
          await tx
            .updateTable('sessions')
            .set({ password_checked_at: new Date() })
            .where('token_hash', '=', auth.tokenHash)
            .execute();
        });
      if (!ok) return reply.status(400).send({ success: false, message: MESSAGES.passwordWrong });
      return { success: true, message: 'Password confirmed' };
    },
  });
}

/** Any signed-in user may read their effective account (what they may see of it). */
const anyUser = () => true;

/** The effective account, as much of it as the session may see. */
function registerAccountRoute(api: FastifyInstance, platform: Platform): void {
  tenantRoute(api, platform, sessionRoutes.account, {
    allow: anyUser,
    handler: async ({ auth, db }, { params }) => {
      if (params.account_no !== auth.accountNo) throw notFound();
      const a = await db.selectFrom('accounts').selectAll().executeTakeFirst();
      if (!a) throw notFound();
      // Without account read (spec 1 §6), only what the shell and the areas need of the account: the
      // extension length (seat lists) and, with prepay read, the balance (the sidebar's Balance item).
      if (!can(auth, 'account', 'read')) {
        return {
          accountNo: a.account_no,
          extensionDigits: a.extension_digits,
          ...(can(auth, 'prepay', 'read') ? { balance: a.balance_pence / 100 } : {}),
        };
      }
      return {
        accountNo: a.account_no,
        parent: a.parent,
        accountType: a.account_type,
        accountKind: a.account_kind,
        firstName: a.first_name,
        surname: a.surname,
        company: a.company,
        address_line1: a.address_line1,
        address_line2: a.address_line2,
        address_city: a.address_city,
        address_county: a.address_county,
        address_country: a.address_country,
        address_postcode: a.address_postcode,
        telephone: a.telephone,
        fax: a.fax,
        mobile: a.mobile,
        email: a.email,
        endUserType: a.end_user_type,
        vulnerablePerson: a.vulnerable_person,
        alert: a.alert,
        balance: a.balance_pence / 100,
        extensionDigits: a.extension_digits,
        version: a.version,
      };
    },
  });
}

/** The theme's colours and logo, from the account's branding or its parents'. */
function registerThemeRoutes(api: FastifyInstance, platform: Platform): void {
  const { tenancy } = platform;
  const routes = sessionRoutes;
  // A reseller's branding covers its customers: the parents' rows are read through the escape hatch.
  openRoute(api, platform, routes.theme, {
    allow: anyUser,
    handler: async ({ request }, { params }) => {
      const auth = requireAuth(request);
      if (params.account_no !== auth.accountNo) throw notFound();
      const chain = await tenancy.crossAccount('session', (tx) => brandingChain(tx, auth.accountNo));
      return {
        br_primary_colour: chain.find((a) => a.primary_colour)?.primary_colour ?? DEFAULT_THEME.primary,
        br_accent_colour: chain.find((a) => a.accent_colour)?.accent_colour ?? DEFAULT_THEME.accent,
      };
    },
  });

  // The logo is an image (not JSON): a plain route, as the avatar.
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get('/theme/:account_no/logo', { schema: { ...IMAGE_DOCS.logo, params: accountParam } }, async (request, reply) => {
    const auth = requireAuth(request);
    if (request.params.account_no !== auth.accountNo) throw notFound();
    const chain = await tenancy.crossAccount('session', (tx) => brandingChain(tx, auth.accountNo));
    const withLogo = chain.find((a) => a.logo && a.logo_mime);
    if (!withLogo?.logo || !withLogo.logo_mime) {
      const accent = chain.find((a) => a.accent_colour)?.accent_colour ?? DEFAULT_THEME.accent;
      return reply.headers(SVG_HEADERS).send(defaultLogoSvg(accent));
    }
    return reply
      .type(withLogo.logo_mime)
      .header('cache-control', 'private, max-age=300')
      .send(Buffer.from(withLogo.logo));
  });
}

/** The user's avatar, or their initials drawn in the account's accent colour. */
function registerAvatarRoute(api: FastifyInstance, platform: Platform): void {
  const { tenancy } = platform;
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get('/users/avatar', { schema: IMAGE_DOCS.avatar }, async (request, reply) => {
    const auth = requireAuth(request);
    // The user's own row, in their own account: a reseller acting as a customer is no user of it.
    const user = await tenancy.tenant(
      auth.homeAccountNo,
      (tx) =>
        tx
          .selectFrom('users')
          .select(['avatar', 'avatar_mime', 'name', 'surname'])
          .where('id', '=', auth.userId)
          .executeTakeFirst(),
      { readOnly: true },
    );
    if (!user) throw notFound();
    if (!user.avatar || !user.avatar_mime) {
      // No image: the initials (spec 1 §2), drawn in the account's accent colour.
      const chain = await tenancy.crossAccount('session', (tx) => brandingChain(tx, auth.accountNo));
      const accent = chain.find((a) => a.accent_colour)?.accent_colour ?? DEFAULT_THEME.accent;
      return reply.headers(SVG_HEADERS).send(initialsAvatarSvg(initialsOf(user.name, user.surname), accent));
    }
    return reply.type(user.avatar_mime).header('cache-control', 'private, max-age=300').send(Buffer.from(user.avatar));
  });
}

/** Argon2id hash with the library's defaults (argon2id, m=19456, t=2). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}
