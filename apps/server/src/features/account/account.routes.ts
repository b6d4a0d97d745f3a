/**
 * The account's life (issue 13): deleting the account (after a fresh password confirmation),
 * public registration (UK only, company lookup, captcha) with its activation e-mail, the
 * set-password links of control-panel users (activation, 'Forgot password?', the user manager's
 * 'Reset password').
 */

import { hash as hashPassword } from '@node-rs/argon2';
import {
  ACCOUNT_HOLDER_FEATURES,
  ACCOUNT_MESSAGES,
  accountLifecycleRoutes,
  DELETABLE_PARENTS,
  DELETE_CONFIRMATION_MS,
  FEATURES,
  MASK,
  MESSAGES,
  normaliseCompanyNumber,
  REGISTERED_ACCOUNT,
  type RegistrationBody,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import { hasInvoice } from '../../modules/billing/index.ts';
import {
  credentialsRefusal,
  findToken,
  NEW_ACCOUNT_DEFAULTS,
  panelLink,
  SET_PASSWORD_PURPOSES,
  sendSetPasswordLink,
  useToken,
} from '../../modules/identity/index.ts';
import { alreadyRegisteredMail, queueMail } from '../../modules/mail/index.ts';
import { type AuthContext, clearSessionCookie } from '../../platform/auth.ts';
import { forbidden, HttpError, notFound, validationError } from '../../platform/errors.ts';
import { recordAct, recordChange } from '../../platform/outbox.ts';
import type { Platform } from '../../platform/platform.ts';
import { ProviderUnavailableError } from '../../platform/provider-modes.ts';
import { openRoute, tenantRoute } from '../../platform/routes.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { type ThrottleRule, takeAttempt } from '../../platform/throttle.ts';

/**
 * Whether `username` (a registering e-mail address) is a live account's: then its holder is mailed
 * that they already have one (the registration answers as if it were new). Usernames are unique per
 * account, so several accounts may hold it: a holder's first, else the first by account number. A
 * deleted account's user of that name is no hindrance: the new account is another account.
 */
async function claimUsername(tx: Tx, config: Pick<Config, 'publicUrl'>, username: string): Promise<boolean> {
  const holder = await tx
    .selectFrom('users as u')
    .innerJoin('accounts as a', 'a.account_no', 'u.account_no')
    .select(['u.id', 'u.account_no', 'u.username', 'u.name', 'u.email'])
    .where((eb) => eb(eb.fn('lower', ['u.username']), '=', username))
    .where('a.deleted_at', 'is', null)
    .orderBy('u.is_holder', 'desc')
    .orderBy('u.account_no')
    .executeTakeFirst();
  if (!holder) return false;
  const mail = alreadyRegisteredMail({
    name: holder.name,
    username: holder.username,
    accountNo: holder.account_no,
    signInLink: panelLink(config, '/login'),
    forgotLink: panelLink(config, '/forgot-password'),
  });
  await queueMail(tx, { accountNo: holder.account_no, to: username, ...mail });
  return true;
}

/** A budget of `free` requests per key in the sign-in window, then waits doubling from 1 s. */
function budget(config: Config, key: string, free: number): { key: string; rule: ThrottleRule } {
  return { key, rule: { free, maxDelayMs: config.loginMaxDelayMs, windowMs: config.loginWindowMs } };
}

export function registerAccountRoutes(api: FastifyInstance, platform: Platform): void {
  registerDeleteAccountRoute(api, platform);
  registerRegistrationRoutes(api, platform);
  registerSetPasswordRoutes(api, platform);
  registerForgotPasswordRoute(api, platform);
  registerResetUserPasswordRoute(api, platform);
}

// ---- deleting the account -------------------------------------------------------------------

/** Deleting the caller's own account, after a fresh password confirmation. */
function registerDeleteAccountRoute(api: FastifyInstance, platform: Platform): void {
  openRoute(api, platform, accountLifecycleRoutes.deleteAccount, {
    allow: { resource: 'account', action: 'delete' },
    handler: async ({ auth, request, reply }, { params }) => {
      if (!auth) throw forbidden();
      if (params.account_no !== auth.accountNo) throw notFound();
      // Acting as a customer is not the customer deciding to leave: the provider closes a
      // customer's account from the portal, as its own action.
      if (auth.puppeteer !== null) throw new HttpError(403, ACCOUNT_MESSAGES.deleteWhileDisguised);
      if (!DELETABLE_PARENTS.includes(auth.parent)) throw new HttpError(403, ACCOUNT_MESSAGES.deleteNotHere);
      await platform.tenancy.crossAccount('account-deletion', (tx) => deleteAccount(tx, auth, request.ip));
      clearSessionCookie(reply, platform.config);
      return { success: true, message: ACCOUNT_MESSAGES.accountDeleted };
    },
  });
}

/** The session's account marked deleted, its sessions ended, the change and the audit recorded. */
async function deleteAccount(tx: Tx, auth: AuthContext, ip: string): Promise<void> {
  const account = await tx
    .selectFrom('accounts')
    .select(['account_no', 'company', 'deleted_at'])
    .where('account_no', '=', auth.accountNo)
    .forUpdate()
    .executeTakeFirst();
  if (!account || account.deleted_at !== null) throw notFound();
  await refuseUndeletable(tx, auth.accountNo);
  // The server never deletes on an unchecked request: this session's user must have
  // confirmed their password (POST /users/auth/passwordcheck) in the last minutes. The
  // confirmation is spent here.
  const fresh = await tx
    .updateTable('sessions')
    .set({ password_checked_at: null })
    .where('token_hash', '=', auth.tokenHash)
    .where('password_checked_at', '>', new Date(Date.now() - DELETE_CONFIRMATION_MS))
    .returning('token_hash')
    .executeTakeFirst();
  if (!fresh) throw new HttpError(403, ACCOUNT_MESSAGES.deleteNeedsPassword);
  await tx
    .updateTable('accounts')
    .set({ deleted_at: new Date(), deleted_by: auth.userId })
    .where('account_no', '=', auth.accountNo)
    .execute();
  // Every session in the account ends: its users', and anyone's acting as it.
  await tx
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('account_no', '=', auth.accountNo),
        eb('user_id', 'in', eb.selectFrom('users').select('id').where('account_no', '=', auth.accountNo)),
      ]),
    )
    .execute();
  await recordChange(tx, auth, ip, {
    area: 'account',
    recordId: auth.accountNo,
    kind: 'delete',
    before: { deleted: false },
    after: { deleted: true },
    label: account.company || String(account.account_no),
  });
  await recordAct(tx, {
    userId: auth.userId,
    accountNo: auth.homeAccountNo,
    action: 'account.delete',
    targetAccountNo: auth.accountNo,
    ip,
  });
}

/** Refuses deleting a provider's account, one with live customers, or one with unpaid invoices. */
async function refuseUndeletable(tx: Tx, accountNo: number): Promise<void> {
  const provider = await tx
    .selectFrom('user_permissions as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select('u.id')
    .where('u.account_no', '=', accountNo)
    .where('p.feature_id', '=', FEATURES.vhAdmin)
    .where('p.mask', '>', 0)
    .executeTakeFirst();
  if (provider) throw new HttpError(403, ACCOUNT_MESSAGES.deleteProvider);
  const child = await tx
    .selectFrom('accounts')
    .select('account_no')
    .where('parent', '=', accountNo)
    .where('account_no', '<>', accountNo)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (child) throw new HttpError(409, ACCOUNT_MESSAGES.deleteHasCustomers);
  // Closing an account does not close its debts: unpaid (and overdue) invoices are paid first.
  if (await hasInvoice(tx, accountNo, 'unpaid')) throw new HttpError(409, ACCOUNT_MESSAGES.deleteHasUnpaidInvoices);
}

// ---- registration (public) -------------------------------------------------------------------

/** Public registration: the visitor's country, the company lookup, the captcha, and registering. */
function registerRegistrationRoutes(api: FastifyInstance, platform: Platform): void {
  const { config, tenancy, providers } = platform;
  const routes = accountLifecycleRoutes;
  /** Registration is for visitors in the UK (spec 1 §2): the geo-IP provider's answer for the address. */
  const countryOf = async (ip: string) => (await providers.geoIp.countryOf(ip)) ?? '';

  openRoute(api, platform, routes.ipCheck, {
    allow: 'public',
    handler: async ({ request }) => ({ isoCode: await countryOf(request.ip) }),
  });

  openRoute(api, platform, routes.company, {
    allow: 'public',
    handler: async ({ request }, { params }) => {
      await tenancy.crossAccount('registration', (tx) =>
        takeAttempt(tx, [budget(config, `company:${request.ip}`, 60)], ACCOUNT_MESSAGES.registrationThrottled),
      );
      const number = normaliseCompanyNumber(params.number);
      if (!number) throw new HttpError(400, ACCOUNT_MESSAGES.companyNumberInvalid);
      let company: Awaited<ReturnType<typeof providers.companies.find>>;
      try {
        company = await providers.companies.find(number);
      } catch (error) {
        if (error instanceof ProviderUnavailableError) throw error;
        request.log.error({ err: error }, 'company lookup');
        throw new HttpError(502, ACCOUNT_MESSAGES.companyLookupFailed);
      }
      if (!company) throw new HttpError(404, ACCOUNT_MESSAGES.companyNotFound);
      return { success: true, companyNo: company.companyNo, name: company.name };
    },
  });

  openRoute(api, platform, routes.captcha, {
    allow: 'public',
    handler: async () => providers.captcha.challenge(),
  });

  openRoute(api, platform, routes.register, {
    allow: 'public',
    handler: async ({ request }, { body }) => {
      if ((await countryOf(request.ip)) !== 'GB') throw new HttpError(403, ACCOUNT_MESSAGES.unauthorisedAccess);
      await tenancy.crossAccount('registration', (tx) =>
        takeAttempt(
          tx,
          [budget(config, `register:${request.ip}`, config.registrationsPerAddress)],
          ACCOUNT_MESSAGES.registrationThrottled,
        ),
      );
      if (!(await providers.captcha.verify(body.reCaptcha)))
        throw validationError({ reCaptcha: ACCOUNT_MESSAGES.captchaFailed });
      // The holder signs in with their e-mail address (registration has no username field).
      const username = body.email.toLowerCase();
      await tenancy.crossAccount('registration', async (tx) => {
        // The answer never says whether the address is known: its existing holder is told by e-mail.
        if (await claimUsername(tx, config, username)) return;
        await createRegisteredAccount(tx, config, body, username, request.ip);
      });
      platform.mail.drain().catch((error: unknown) => request.log.error({ err: error }, 'mail'));
      return { success: true, message: ACCOUNT_MESSAGES.accountCreated };
    },
  });
}

/** A free account number from the sequence (one an older account already holds is skipped). */
async function nextAccountNo(tx: Tx): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await sql<{ n: string }>`select nextval('account_numbers') as n`.execute(tx);
    const candidate = Number(rows[0]?.n);
    const exists = await tx
      .selectFrom('accounts')
      .select('account_no')
      .where('account_no', '=', candidate)
      .executeTakeFirst();
    if (!exists) return candidate;
  }
  throw new HttpError(503, MESSAGES.noResponse);
}

/** The registered account, pending activation, with its holder, who is sent the activation link. */
async function createRegisteredAccount(
  tx: Tx,
  config: Config,
  body: RegistrationBody,
  username: string,
  ip: string,
): Promise<void> {
  const company =
    body.endUserType === '2' && body.companyName === '' ? `${body.firstName} ${body.surname}` : body.companyName;
  const accountNo = await nextAccountNo(tx);
  await tx
    .insertInto('accounts')
    .values({
      account_no: accountNo,
      parent: REGISTERED_ACCOUNT.parent,
      account_type: REGISTERED_ACCOUNT.accountType,
      account_kind: REGISTERED_ACCOUNT.accountKind,
      first_name: body.firstName,
      surname: body.surname,
      company,
      company_no: body.registeredCompany
        ? (normaliseCompanyNumber(body.companyNo) ?? body.companyNo.toUpperCase())
        : '',
      vat_no: body.vatNo,
      address_line1: body.addressLine1,
      address_line2: body.addressLine2,
      address_city: body.city,
      address_county: body.county,
      address_country: 'United Kingdom',
      address_postcode: body.postCode.toUpperCase(),
      telephone: body.telephone,
      fax: body.fax,
      mobile: body.mobile,
      email: body.email,
      end_user_type: body.endUserType,
      vulnerable_person: body.vulnerablePerson,
      ...NEW_ACCOUNT_DEFAULTS,
      pending_activation: true,
    })
    .execute();
  const user = await tx
    .insertInto('users')
    .values({
      account_no: accountNo,
      username,
      password_hash: null,
      name: body.firstName,
      surname: body.surname,
      email: body.email,
      enabled: true,
      is_holder: true,
      avatar: null,
      avatar_mime: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('user_permissions')
    .values([
      ...ACCOUNT_HOLDER_FEATURES.map((feature_id) => ({ user_id: user.id, feature_id, mask: MASK.all })),
      { user_id: user.id, feature_id: FEATURES.betaPanel, mask: MASK.readOnly },
    ])
    .execute();
  await recordAct(tx, {
    userId: null,
    accountNo,
    action: 'account.register',
    targetAccountNo: accountNo,
    details: { username, endUserType: body.endUserType },
    ip,
  });
  await sendSetPasswordLink(
    tx,
    config,
    { id: user.id, accountNo, username, name: body.firstName, email: body.email },
    'activation',
    { newAccount: true },
  );
}

// ---- set-password links (public) ---------------------------------------------------------------

/** A set-password link (activation or reset): checking its token, and setting the password with it. */
function registerSetPasswordRoutes(api: FastifyInstance, platform: Platform): void {
  const { config, tenancy } = platform;
  const routes = accountLifecycleRoutes;
  openRoute(api, platform, routes.checkToken, {
    allow: 'public',
    changesState: false,
    handler: async ({ request }, { body }) => {
      const live = await tenancy.crossAccount('password-link', async (tx) => {
        await takeAttempt(tx, [budget(config, `password-link:${request.ip}`, 30)], ACCOUNT_MESSAGES.resetThrottled);
        return findToken(tx, body.token, SET_PASSWORD_PURPOSES);
      });
      if (!live) throw new HttpError(400, ACCOUNT_MESSAGES.tokenInvalid);
      const purpose: 'activation' | 'reset' = live.purpose === 'reset' ? 'reset' : 'activation';
      return { success: true, purpose, username: live.username, newAccount: live.newAccount };
    },
  });

  openRoute(api, platform, routes.setPassword, {
    allow: 'public',
    handler: async ({ request }, { body }) => {
      await tenancy.crossAccount('password-link', (tx) =>
        takeAttempt(tx, [budget(config, `password-link:${request.ip}`, 30)], ACCOUNT_MESSAGES.resetThrottled),
      );
      // The hash is made outside any transaction: it takes tens of milliseconds of CPU.
      const passwordHash = await hashPassword(body.password);
      const done = await tenancy.crossAccount('password-link', async (tx) => {
        const live = await useToken(tx, body.token, SET_PASSWORD_PURPOSES);
        if (!live) return null;
        await tx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', live.userId).execute();
        // A registered account is active once its holder has a password, whichever link set it (a
        // holder who lost the activation mail may use 'Forgot password?').
        await tx
          .updateTable('accounts')
          .set({ pending_activation: false })
          .where('account_no', '=', live.accountNo)
          .where('pending_activation', '=', true)
          .execute();
        // A new password ends the user's sessions (someone else may hold one).
        await tx.deleteFrom('sessions').where('user_id', '=', live.userId).execute();
        await recordAct(tx, {
          userId: live.userId,
          accountNo: live.accountNo,
          action: live.purpose === 'activation' ? 'password.set' : 'password.reset',
          ip: request.ip,
        });
        return live;
      });
      if (!done) throw new HttpError(400, ACCOUNT_MESSAGES.tokenInvalid);
      return { success: true, message: ACCOUNT_MESSAGES.passwordSet };
    },
  });
}

/** 'Forgot password?': a reset link to each enabled user of that name or address (the answer never says which). */
function registerForgotPasswordRoute(api: FastifyInstance, platform: Platform): void {
  const { config, tenancy } = platform;
  openRoute(api, platform, accountLifecycleRoutes.forgotPassword, {
    allow: 'public',
    handler: async ({ request }, { body }) => {
      const name = body.username.toLowerCase();
      await tenancy.crossAccount('password-link', async (tx) => {
        await takeAttempt(
          tx,
          [budget(config, `forgot:${request.ip}`, 10), budget(config, `forgot-name:${name}`, 3)],
          ACCOUNT_MESSAGES.resetThrottled,
        );
        const users = await tx
          .selectFrom('users as u')
          .innerJoin('accounts as a', 'a.account_no', 'u.account_no')
          .select(['u.id', 'u.account_no', 'u.username', 'u.name', 'u.email'])
          .where((eb) =>
            eb.or([eb(eb.fn('lower', ['u.username']), '=', name), eb(eb.fn('lower', ['u.email']), '=', name)]),
          )
          .where('u.enabled', '=', true)
          .where('a.deleted_at', 'is', null)
          .orderBy('u.id')
          .limit(5)
          .execute();
        for (const u of users) {
          await sendSetPasswordLink(
            tx,
            config,
            { id: u.id, accountNo: u.account_no, username: u.username, name: u.name, email: u.email },
            'reset',
          );
        }
      });
      platform.mail.drain().catch((error: unknown) => request.log.error({ err: error }, 'mail'));
      // The same answer whether or not the name is known.
      return { success: true, message: ACCOUNT_MESSAGES.resetRequested };
    },
  });
}

// ---- the user manager's 'Reset password' ------------------------------------------------------

/** The user manager's 'Reset password': a reset link mailed to one of the account's users. */
function registerResetUserPasswordRoute(api: FastifyInstance, platform: Platform): void {
  tenantRoute(api, platform, accountLifecycleRoutes.resetUserPassword, {
    allow: { resource: 'cpUsers', action: 'update' },
    handler: async ({ db, auth, emit, afterCommit }, { params }) => {
      const user = await db
        .selectFrom('users')
        .select(['id', 'account_no', 'username', 'name', 'surname', 'email', 'enabled', 'is_holder'])
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (!user) throw notFound();
      // A reset link goes to the user's address: never for the holder, nor for anyone holding more.
      const refusal = await credentialsRefusal(db, auth, { id: user.id, isHolder: user.is_holder });
      if (refusal) throw new HttpError(403, refusal);
      if (!user.enabled) throw new HttpError(409, 'Enable the user before resetting their password');
      await sendSetPasswordLink(
        db,
        platform.config,
        { id: user.id, accountNo: user.account_no, username: user.username, name: user.name, email: user.email },
        'reset',
      );
      const label = `${user.name} ${user.surname} (${user.username})`;
      await emit({ area: 'users', recordId: user.id, kind: 'password.reset', label });
      afterCommit(async () => {
        await platform.mail.drain();
      });
      return { success: true, message: ACCOUNT_MESSAGES.resetSent(label) };
    },
  });
}
