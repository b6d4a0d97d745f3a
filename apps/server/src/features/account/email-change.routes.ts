/**
 * Confirming an e-mail change from the old address (issue 24): the user manager holds a new
 * address as pending and mails the old one a link (modules/identity/password-tokens.ts, purpose 'email');
 * the link's page (/confirm-email) shows what it confirms and confirms it. Public: the link is the
 * proof, used once, in the transaction that writes the address. Audited as the user's own act.
 */
import { ACCOUNT_MESSAGES, accountLifecycleRoutes, USER_MESSAGES } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { findToken, type LiveToken, userLabel, useToken } from '../../modules/identity/index.ts';
import { HttpError } from '../../platform/errors.ts';
import { recordChange } from '../../platform/outbox.ts';
import type { Platform } from '../../platform/platform.ts';
import { openRoute } from '../../platform/routes.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { takeAttempt } from '../../platform/throttle.ts';

/** The link's user with the address they are changing to (null: none pending, the link is void). */
async function pendingOf(tx: Tx, live: LiveToken | null) {
  if (!live) return null;
  const user = await tx
    .selectFrom('users')
    .select(['id', 'account_no', 'username', 'name', 'surname', 'email', 'pending_email'])
    .where('id', '=', live.userId)
    .executeTakeFirstOrThrow();
  return user.pending_email ? { ...user, pending_email: user.pending_email } : null;
}

export function registerEmailChangeRoutes(api: FastifyInstance, platform: Platform): void {
  const { config, tenancy } = platform;
  const routes = accountLifecycleRoutes;
  /** The links' own budget per address (as the set-password links'). */
  const throttle = (tx: Tx, ip: string) =>
    takeAttempt(
      tx,
      [
        {
          key: `email-link:${ip}`,
          rule: { free: 30, maxDelayMs: config.loginMaxDelayMs, windowMs: config.loginWindowMs },
        },
      ],
      ACCOUNT_MESSAGES.resetThrottled,
    );

  openRoute(api, platform, routes.checkEmailToken, {
    allow: 'public',
    changesState: false,
    handler: async ({ request }, { body }) => {
      const pending = await tenancy.crossAccount('password-link', async (tx) => {
        await throttle(tx, request.ip);
        return pendingOf(tx, await findToken(tx, body.token, ['email']));
      });
      if (!pending) throw new HttpError(400, ACCOUNT_MESSAGES.tokenInvalid);
      return { success: true, username: pending.username, email: pending.pending_email };
    },
  });

  openRoute(api, platform, routes.confirmEmail, {
    allow: 'public',
    handler: async ({ request }, { body }) => {
      const changed = await tenancy.crossAccount('password-link', async (tx) => {
        await throttle(tx, request.ip);
        const user = await pendingOf(tx, await useToken(tx, body.token, ['email']));
        if (!user) return null;
        await tx
          .updateTable('users')
          .set({ email: user.pending_email, pending_email: null })
          .where('id', '=', user.id)
          .execute();
        await recordChange(tx, { accountNo: user.account_no, userId: user.id, puppeteer: null }, request.ip, {
          area: 'users',
          recordId: user.id,
          kind: 'email.confirmed',
          before: { email: user.email },
          after: { email: user.pending_email },
          label: userLabel(user),
        });
        return user.pending_email;
      });
      if (!changed) throw new HttpError(400, ACCOUNT_MESSAGES.tokenInvalid);
      return { success: true, message: USER_MESSAGES.emailConfirmed(changed) };
    },
  });
}
