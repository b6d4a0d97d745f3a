/** Sign-in, session and theme shapes (spec 1 §3 "Session", §7 "Session and theme"). */
import { z } from 'zod';
import { route } from '../contract.ts';
import { recordId, requiredText } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { accountRecord } from './account.ts';

export const loginBody = z.object({
  username: requiredText({ max: 100 }),
  password: z.string().min(1).max(200),
  /**
   * Ours: the account to sign in to, when the username is used in several accounts (usernames are
   * unique per account): asked for by the 409 of MESSAGES.loginAccountNeeded.
   */
  accountNo: recordId(MESSAGES.accountNumber).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginReply = z.object({
  success: z.boolean(),
  token: z.string().optional(),
  message: z.string().optional(),
});

export const sessionRecord = z.object({
  account_no: z.string(),
  name: z.string(),
  surname: z.string(),
  permissions: z.record(z.string(), z.number().int()),
  puppeteer: z.number().int().nullable(),
  user_id: z.number().int(),
  parent: z.string(),
  /** Ours: the effective account's type flags, convenient for the shell. */
  accountType: z.enum(['prepay', 'postpay']),
  accountKind: z.enum(['wholesale', 'retail', 'standard']),
  company: z.string(),
  username: z.string(),
  /**
   * Ours, to provider admins only: the services answered by their sandbox (SANDBOX_PROVIDERS),
   * which the top bar's 'Sandbox' badge names; absent when none is (and for everyone else).
   */
  sandboxProviders: z.array(z.string()).optional(),
});
export type Session = z.infer<typeof sessionRecord>;

export const sessionReply = z.union([
  sessionRecord.extend({ status: z.literal('success') }),
  z.object({ status: z.literal('error'), message: z.string() }),
]);

export const passwordCheckBody = z.object({ password: z.string().min(1).max(200) });

export const disguiseBody = z.object({ accountNo: recordId() });

/** Web runtime configuration served by the API so tests can shorten the timings. */
export const panelConfig = z.object({
  idleTimeoutMs: z.number().int(),
  logoutCountdownSeconds: z.number().int(),
  keepAliveMs: z.number().int(),
  loginUrl: z.string(),
  authTokenName: z.string(),
  userManagerUrl: z.string(),
  liveChatUrl: z.string(),
  helpUrl: z.string(),
});
export type PanelConfig = z.infer<typeof panelConfig>;

export const themeRecord = z.object({ br_primary_colour: z.string(), br_accent_colour: z.string() });
export type Theme = z.infer<typeof themeRecord>;

/** GET /account/{n} without account read: what the shell needs (spec 1 §6 leaves the rest out). */
export const accountSummary = z.object({
  accountNo: z.number().int(),
  extensionDigits: z.number().int(),
  balance: z.number().optional(),
});

export const statusReply = z.object({ status: z.enum(['success', 'error']), message: z.string().optional() });
export const messageReply = z.object({ success: z.boolean(), message: z.string() });
const accountParam = z.object({ account_no: recordId() });

/** Spec 1 §7 "Session and theme", sign-in and disguise. */
export const sessionRoutes = {
  panelConfig: route({ method: 'GET', path: '/panel/config', reply: panelConfig, tag: 'session' }),
  login: route({
    method: 'POST',
    path: '/users/auth/login',
    body: loginBody,
    reply: loginReply,
    tag: 'session',
    throttled: true,
    errors: {
      '401': `The username or password is incorrect ('${MESSAGES.loginFailed}'): the same whether or not the username exists.`,
      '409':
        `The username and password are right in more than one account (usernames are unique per account): ` +
        `'${MESSAGES.loginAccountNeeded}'. Sign in again with \`accountNo\`.`,
    },
  }),
  session: route({ method: 'GET', path: '/users/auth/session', reply: sessionReply, tag: 'session' }),
  logout: route({ method: 'GET', path: '/users/auth/logout', reply: statusReply, tag: 'session' }),
  disguise: route({
    method: 'POST',
    path: '/users/auth/disguise',
    body: disguiseBody,
    reply: messageReply,
    tag: 'session',
  }),
  undisguise: route({ method: 'DELETE', path: '/users/auth/disguise', reply: messageReply, tag: 'session' }),
  passwordCheck: route({
    method: 'POST',
    path: '/users/auth/passwordcheck',
    body: passwordCheckBody,
    reply: messageReply,
    tag: 'session',
    throttled: true,
  }),
  account: route({
    method: 'GET',
    path: '/account/:account_no',
    params: accountParam,
    reply: z.union([accountRecord, accountSummary]),
    tag: 'session',
  }),
  theme: route({ method: 'GET', path: '/theme/:account_no', params: accountParam, reply: themeRecord, tag: 'session' }),
};
