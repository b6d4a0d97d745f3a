/**
 * Identity verification (issue 13, spec 1 §4 "Save may ... start an identity verification
 * session", §7 "POST /identity/verification/session: sends email; returns secret. POST
 * /create-verification-session also starts an identity check").
 *
 * A check is a document check with the identity provider (Stripe Identity, or its sandbox):
 * - a signed-in account holder starts one from Account Details (POST /create-verification-session,
 *   account update; not while a reseller or admin acts as the customer: the person checked must be
 *   the holder);
 * - a newly registered holder may start one before activating the account (POST
 *   /identity/verification/session): the activation link's token authorises it, and the e-mail
 *   sent must be the one the account was registered with;
 * - the browser opens the provider's window with the returned secret; the result reaches the
 *   server only by the provider's signed webhook (POST /identity/webhook), applied once per event:
 *   the session's status, the account's identity status, a notification and an audit entry.
 */

import {
  IDENTITY_MESSAGES,
  type IdentityStatus,
  identityErrorReason,
  identityRoutes,
  type VerificationSessionReply,
  type VerificationSessionStatus,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { findToken } from '../../modules/identity/index.ts';
import { notify } from '../../modules/mail/index.ts';
import { forbidden, HttpError, validationError } from '../../platform/errors.ts';
import { recordAct } from '../../platform/outbox.ts';
import type { Platform } from '../../platform/platform.ts';
import { assertAvailable } from '../../platform/provider-modes.ts';
import { openRoute, tenantRoute } from '../../platform/routes.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { takeAttempt } from '../../platform/throttle.ts';
import { type ApplyOutcome, deliverAndApply, webhookRoute } from '../../platform/webhooks.ts';
import { type IdentityEvent, SandboxIdentity, signedWebhookEvent } from '../../providers/identity/identity.ts';

import type { IdentityVerificationsTable } from './tables.ts';

import './tables.ts';

/** The identity provider's name in the inbound-webhook pipeline. */
const IDENTITY_WEBHOOKS = 'stripe-identity';

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

type VerificationRow = Selectable<IdentityVerificationsTable>;

/**
 * Applies a verified webhook event: the session's new status and what it means for the account
 * (its identity status, a notification, the audit log), in one transaction. Each event comes here
 * once (the inbound-webhook pipeline stores a redelivery or a replay once); an event of a finished
 * session changes nothing; unknown sessions are ignored (another system's).
 */
export async function applyIdentityEvent(platform: Platform, event: IdentityEvent): Promise<ApplyOutcome> {
  const status = event.status;
  if (!event.sessionId || !status) return 'ignored';
  return platform.tenancy.crossAccount('identity', async (tx) => {
    const session = await tx
      .selectFrom('identity_verifications')
      .selectAll()
      .where('provider_id', '=', event.sessionId)
      .forUpdate()
      .executeTakeFirst();
    if (!session) return 'ignored';
    // Verified and canceled are final at the provider: a late or stale event changes nothing.
    if (session.status === 'verified' || session.status === 'canceled') return 'duplicate';
    if (status === session.status && status !== 'requires_input') return 'duplicate';
    const reason = status === 'requires_input' ? identityErrorReason(event.errorCode, event.errorReason) : '';
    const now = new Date();
    await tx
      .updateTable('identity_verifications')
      .set({
        status,
        last_error_code: status === 'requires_input' ? event.errorCode : '',
        last_error_reason: reason,
        updated_at: now,
      })
      .where('id', '=', session.id)
      .execute();
    await applyToAccount(tx, session, status, reason, now);
    await recordAct(tx, {
      userId: null,
      accountNo: session.account_no,
      action: `identity.${status}`,
      details: { sessionId: session.provider_id, ...(event.errorCode ? { errorCode: event.errorCode } : {}) },
    });
    return 'applied';
  });
}

/** What a session's new status means for its account: the account's identity status and a notification. */
async function applyToAccount(
  tx: Tx,
  session: VerificationRow,
  status: VerificationSessionStatus,
  reason: string,
  now: Date,
): Promise<void> {
  const accountNo = session.account_no;
  const identity = await tx
    .selectFrom('account_identity')
    .select(['status', 'verification_id'])
    .where('account_no', '=', accountNo)
    .forUpdate()
    .executeTakeFirst();
  // An older session's failure or cancellation does not speak for the check in progress; a
  // verified account stays verified.
  const current = identity?.verification_id === session.id && identity.status !== 'verified';
  const setStatus = (next: IdentityStatus) =>
    tx
      .updateTable('account_identity')
      .set({ status: next, updated_at: now })
      .where('account_no', '=', accountNo)
      .execute();
  /** The account's notification of the check's outcome (its colour goes with its icon). */
  const tell = (kind: string, title: string, message: string, icon: 'success' | 'error' | 'info') =>
    notify(tx, accountNo, { kind: `identity-${kind}`, title, message, icon, color: icon });
  switch (status) {
    case 'verified':
      if (identity?.status === 'verified') break;
      await tx
        .insertInto('account_identity')
        .values({
          account_no: accountNo,
          status: 'verified',
          verification_id: session.id,
          started_by: session.created_by,
          started_at: session.created_at,
          verified_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc
            .column('account_no')
            .doUpdateSet({ status: 'verified', verification_id: session.id, verified_at: now, updated_at: now }),
        )
        .execute();
      await tell('verified', IDENTITY_MESSAGES.verifiedTitle, IDENTITY_MESSAGES.verifiedMessage, 'success');
      break;
    case 'requires_input':
      if (!current) break;
      await setStatus('requires_input');
      await tell('failed', IDENTITY_MESSAGES.failedTitle, IDENTITY_MESSAGES.failedMessage(reason), 'error');
      break;
    case 'canceled':
      if (!current) break;
      await setStatus('unverified');
      await tell('canceled', IDENTITY_MESSAGES.canceledTitle, IDENTITY_MESSAGES.canceledMessage, 'info');
      break;
    case 'processing':
      if (current) await setStatus('pending');
      break;
  }
}

export function registerIdentityRoutes(api: FastifyInstance, platform: Platform): void {
  registerStatusRoute(api, platform);
  registerStartRoutes(api, platform);
  registerResultRoutes(api, platform);
}

/** The account's identity status, as Account Details shows it. */
function registerStatusRoute(api: FastifyInstance, platform: Platform): void {
  const provider = platform.providers.identity;
  tenantRoute(api, platform, identityRoutes.status, {
    allow: { resource: 'account', action: 'read' },
    handler: async ({ db }) => {
      const row = await db
        .selectFrom('account_identity as i')
        .innerJoin('identity_verifications as v', 'v.id', 'i.verification_id')
        .leftJoin('users as u', 'u.id', 'i.started_by')
        .select([
          'i.status',
          'i.updated_at',
          'i.started_at',
          'i.verified_at',
          'v.last_error_reason',
          'u.name',
          'u.surname',
        ])
        .executeTakeFirst();
      return {
        status: row?.status ?? 'unverified',
        updatedAt: iso(row?.updated_at),
        startedBy: row ? `${row.name ?? ''} ${row.surname ?? ''}`.trim() : '',
        startedAt: iso(row?.started_at),
        verifiedAt: iso(row?.verified_at),
        lastError: row?.status === 'requires_input' ? row.last_error_reason : '',
        provider: provider.kind,
      };
    },
  });
}

/** Who starts a check, for which account, and from where. */
interface CheckStart {
  accountNo: number;
  userId: number;
  via: 'panel' | 'registration';
  ip: string;
  log: { error(obj: object, msg: string): void };
}

/**
 * Starts a check of `accountNo`'s holder: a new session with the provider (outside any
 * transaction: the provider is called over the network), recorded with the account's status
 * 'pending'. Refused once verified, and while a submitted document is being processed.
 */
async function startCheck(platform: Platform, c: CheckStart): Promise<VerificationSessionReply> {
  const provider = platform.providers.identity;
  // No identity provider (not configured, sandboxes off): no check starts, nothing is recorded.
  assertAvailable(provider, 'identity');
  const prepared = await platform.tenancy.tenant(c.accountNo, (tx) => checkable(tx, c.accountNo), { readOnly: true });
  let created: Awaited<ReturnType<typeof provider.createSession>>;
  try {
    // One key per attempt: a retried start (two clicks, a lost reply) is the provider's same session.
    created = await provider.createSession({
      email: prepared.email,
      accountNo: c.accountNo,
      idempotencyKey: `identity:${c.accountNo}:${prepared.attempt}`,
    });
  } catch (error) {
    c.log.error({ err: error }, 'identity provider');
    throw new HttpError(502, IDENTITY_MESSAGES.unavailable);
  }
  await platform.tenancy.tenant(c.accountNo, (tx) => recordCheck(tx, c, provider.kind, created.id), {
    actor: { userId: c.userId },
  });
  return {
    success: true,
    message: IDENTITY_MESSAGES.started,
    secret: created.clientSecret,
    provider: provider.kind,
    ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
  };
}

/** The address a new check is for and its attempt's number; refused once verified or while processing. */
async function checkable(tx: Tx, accountNo: number): Promise<{ email: string; attempt: number }> {
  const account = await tx
    .selectFrom('accounts')
    .select('email')
    .where('account_no', '=', accountNo)
    .executeTakeFirstOrThrow();
  const identity = await tx
    .selectFrom('account_identity as i')
    .innerJoin('identity_verifications as v', 'v.id', 'i.verification_id')
    .select(['i.status', 'v.status as session_status'])
    .executeTakeFirst();
  if (identity?.status === 'verified') throw new HttpError(409, IDENTITY_MESSAGES.alreadyVerified);
  if (identity?.session_status === 'processing') throw new HttpError(409, IDENTITY_MESSAGES.processing);
  const { n } = await tx
    .selectFrom('identity_verifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { email: account.email, attempt: Number(n) + 1 };
}

/** The provider's new session recorded, the account's identity status 'pending' (unless verified), audited. */
async function recordCheck(tx: Tx, c: CheckStart, provider: 'sandbox' | 'stripe', sessionId: string): Promise<void> {
  const now = new Date();
  const session = await tx
    .insertInto('identity_verifications')
    .values({
      account_no: c.accountNo,
      provider,
      provider_id: sessionId,
      via: c.via,
      created_by: c.userId,
    })
    // The same session answered twice (the idempotency key): one row.
    .onConflict((oc) => oc.column('provider_id').doUpdateSet({ updated_at: now }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('account_identity')
    .values({
      account_no: c.accountNo,
      status: 'pending',
      verification_id: session.id,
      started_by: c.userId,
      started_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .column('account_no')
        .doUpdateSet({
          status: 'pending',
          verification_id: session.id,
          started_by: c.userId,
          started_at: now,
          updated_at: now,
        })
        // Verified meanwhile (another session's result): it stays verified.
        .where('account_identity.status', '!=', 'verified'),
    )
    .execute();
  await recordAct(tx, {
    userId: c.userId,
    accountNo: c.accountNo,
    action: 'identity.start',
    details: { via: c.via, provider, sessionId },
    ip: c.ip,
  });
}

/** Starting a check: the signed-in holder's, and a newly registered holder's by the activation link. */
function registerStartRoutes(api: FastifyInstance, platform: Platform): void {
  const { tenancy, config } = platform;
  const routes = identityRoutes;
  // Open with the guard: the provider is called between two transactions of the account's.
  openRoute(api, platform, routes.createSession, {
    allow: { resource: 'account', action: 'update' },
    handler: async ({ auth, request }) => {
      if (!auth) throw forbidden();
      if (auth.puppeteer !== null) throw new HttpError(403, IDENTITY_MESSAGES.disguised);
      return startCheck(platform, {
        accountNo: auth.accountNo,
        userId: auth.userId,
        via: 'panel',
        ip: request.ip,
        log: request.log,
      });
    },
  });

  openRoute(api, platform, routes.registrationSession, {
    allow: 'public',
    handler: async ({ request }, { body }) => {
      const holder = await tenancy.crossAccount('identity', async (tx) => {
        await takeAttempt(
          tx,
          [
            {
              key: `identity:${request.ip}`,
              rule: { free: 10, maxDelayMs: config.loginMaxDelayMs, windowMs: config.loginWindowMs },
            },
          ],
          IDENTITY_MESSAGES.throttled,
        );
        const live = await findToken(tx, body.token, ['activation']);
        if (live?.purpose !== 'activation') return null;
        const account = await tx
          .selectFrom('accounts')
          .select(['email', 'pending_activation'])
          .where('account_no', '=', live.accountNo)
          .executeTakeFirstOrThrow();
        return { ...live, email: account.email, pending: account.pending_activation };
      });
      if (!holder) throw new HttpError(400, IDENTITY_MESSAGES.tokenInvalid);
      if (!holder.pending) throw new HttpError(409, IDENTITY_MESSAGES.alreadyActive);
      // A control-panel user's first-password link is not the holder's: it checks no one.
      if (!holder.newAccount) throw new HttpError(400, IDENTITY_MESSAGES.tokenInvalid);
      if (body.email.toLowerCase() !== holder.email.trim().toLowerCase()) {
        throw validationError({ email: IDENTITY_MESSAGES.emailMismatch });
      }
      return startCheck(platform, {
        accountNo: holder.accountNo,
        userId: holder.userId,
        via: 'registration',
        ip: request.ip,
        log: request.log,
      });
    },
  });
}

/** A check's result: the sandbox's verification window, and the provider's signed webhook. */
function registerResultRoutes(api: FastifyInstance, platform: Platform): void {
  const provider = platform.providers.identity;
  const sandbox = provider instanceof SandboxIdentity ? provider : null;
  // The sandbox's verification window: whoever holds the session's secret submits its document
  // (as Stripe's window is opened with the secret alone), and the sandbox sends its signed webhooks.
  openRoute(api, platform, identityRoutes.sandboxSubmit, {
    allow: 'public',
    handler: async (_ctx, { body }) => {
      if (!sandbox) throw new HttpError(404, IDENTITY_MESSAGES.unknownSession);
      const submitted = await sandbox.submit(body.secret, body.outcome);
      if (submitted.outcome === 'unknown') throw new HttpError(404, IDENTITY_MESSAGES.unknownSession);
      if (submitted.outcome === 'closed') throw new HttpError(409, IDENTITY_MESSAGES.sessionClosed);
      // Delivered to the pipeline as the provider delivers, and applied before the window answers.
      for (const webhook of submitted.webhooks) {
        await deliverAndApply(platform, IDENTITY_WEBHOOKS, {
          rawBody: webhook.body,
          headers: { 'stripe-signature': webhook.signature },
        });
      }
      return {
        status: submitted.status,
        ...(submitted.errorCode ? { error: identityErrorReason(submitted.errorCode) } : {}),
      };
    },
  });

  // The provider's webhook: public (the provider calls it), believed only with a good signature
  // over the body exactly as received; each event stored once and applied once.
  webhookRoute(api, platform, identityRoutes.webhook, IDENTITY_WEBHOOKS, {
    verify: (delivery) => [signedWebhookEvent(delivery, provider, IDENTITY_MESSAGES.badSignature)],
    eventId: (event) => event.eventId,
    apply: (event) => applyIdentityEvent(platform, event),
  });
}
