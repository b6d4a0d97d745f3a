/**
 * The identity provider (issue 13, spec 1 §7 "POST /identity/verification/session ... returns
 * secret"): document checks of account holders, the standard defence of a telephony provider
 * against fraudulent sign-ups (toll fraud, number hijacking). The server creates a verification
 * session (its client secret goes to the browser, which opens the provider's verification window)
 * and learns the outcome only from the provider's signed webhook.
 *
 * - **Stripe Identity** when STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and
 *   STRIPE_IDENTITY_WEBHOOK_SECRET are set: `verificationSessions.create({ type: 'document',
 *   provided_details: { email }, metadata: { accountNo } })` with an idempotency key; the browser
 *   runs `stripe.verifyIdentity(clientSecret)`; the events identity.verification_session.verified /
 *   .requires_input / .canceled (and .processing) arrive at the identity webhook, verified with
 *   `stripe.webhooks.constructEvent`. `apiBase` (config.stripe.apiBase, STRIPE_API_BASE, shared with
 *   card payments) points the client at another Stripe API host (stripe-mock, a test's local server).
 * - **The sandbox** otherwise: sessions of its own ('vs_sb_…') kept in the database as Stripe keeps
 *   them on its side (so any process may answer them), a verification window in the panel where the
 *   person submits a document and picks the result as Stripe's test mode offers (verified, or a
 *   failure such as document_expired → requires_input), and webhooks signed exactly as Stripe
 *   signs them (payments' signPayload) with its own secret, delivered to the same handler and
 *   verified the same way.
 */
import crypto from 'node:crypto';
import { type IdentitySandboxOutcome, identityErrorReason, type VerificationSessionStatus } from '@switchboard/domain';
import Stripe from 'stripe';
import { ProviderUnavailableError } from '../../platform/provider-modes.ts';
import type { Tenancy } from '../../platform/tenancy.ts';
import {
  checkStripeSignature,
  signedWebhookEvent,
  signPayload,
  stripeClientOptions,
  stripeEventJson,
  verifySignature,
  WebhookSignatureError,
} from '../payments/payments.ts';
import { configuredStripeKeys, type StripeKeys, type StripeSettings } from '../stripe/keys.ts';

export { signedWebhookEvent, WebhookSignatureError };

export interface CreatedVerification {
  id: string;
  clientSecret: string;
}

/** What a verified webhook says about a verification session (status null: an event we do not act on). */
export interface IdentityEvent {
  eventId: string;
  sessionId: string;
  status: VerificationSessionStatus | null;
  /** The failure's code and text for requires_input ('' otherwise). */
  errorCode: string;
  errorReason: string;
}

export interface IdentityVerifications {
  readonly kind: 'sandbox' | 'stripe' | 'unavailable';
  /** Stripe's publishable key for stripe.verifyIdentity in the browser (the real provider only). */
  readonly publishableKey?: string;
  createSession(p: { email: string; accountNo: number; idempotencyKey: string }): Promise<CreatedVerification>;
  /** The event of a webhook whose signature is good; throws WebhookSignatureError otherwise. */
  parseWebhook(rawBody: string, signature: string): IdentityEvent;
}

/** A provider refusal of the request itself (not a network failure): the sandbox's idempotency rule. */
export class IdentityRequestError extends Error {}

const EVENT_STATUS: Record<string, VerificationSessionStatus> = {
  'identity.verification_session.verified': 'verified',
  'identity.verification_session.requires_input': 'requires_input',
  'identity.verification_session.canceled': 'canceled',
  'identity.verification_session.processing': 'processing',
};

type SessionObject = { id?: unknown; last_error?: { code?: unknown; reason?: unknown } | null };

/** The webhook's event, from the JSON both providers send (Stripe's event shape). */
function eventOf(raw: string): IdentityEvent {
  const event = stripeEventJson<SessionObject>(raw);
  const session = event.data?.object ?? {};
  const status = EVENT_STATUS[String(event.type)] ?? null;
  const eventId = typeof event.id === 'string' ? event.id : '';
  if (!status || typeof session.id !== 'string' || !eventId) {
    return { eventId, sessionId: '', status: null, errorCode: '', errorReason: '' };
  }
  const code =
    status === 'requires_input' && typeof session.last_error?.code === 'string' ? session.last_error.code : '';
  const reason =
    status === 'requires_input' && typeof session.last_error?.reason === 'string' ? session.last_error.reason : '';
  return { eventId, sessionId: session.id, status, errorCode: code, errorReason: reason };
}

/** The sandbox's idea of what a document check answers for the outcome the person picked. */
function resultOf(
  outcome: IdentitySandboxOutcome,
): { status: 'verified' } | { status: 'requires_input'; code: string } {
  return outcome === 'verified' ? { status: 'verified' } : { status: 'requires_input', code: outcome };
}

export type SandboxSubmission =
  | { outcome: 'unknown' }
  | { outcome: 'closed' }
  | {
      outcome: 'submitted';
      status: VerificationSessionStatus;
      errorCode: string;
      /** The webhooks the sandbox sends: processing, then the result, each signed. */
      webhooks: Array<{ body: string; signature: string }>;
    };

export class SandboxIdentity implements IdentityVerifications {
  readonly kind = 'sandbox' as const;
  /** The sandbox's webhook signing secret (Stripe's whsec_…): per process unless given. */
  readonly webhookSecret: string;
  readonly #tenancy: Tenancy;
  constructor(tenancy: Tenancy, secret?: string) {
    this.#tenancy = tenancy;
    this.webhookSecret = secret ?? `whsec_sb_${crypto.randomBytes(24).toString('hex')}`;
  }

  /** As Stripe: the same idempotency key answers the same session; with other parameters it is refused. */
  async createSession(p: { email: string; accountNo: number; idempotencyKey: string }): Promise<CreatedVerification> {
    const id = `vs_sb_${crypto.randomBytes(12).toString('hex')}`;
    return this.#tenancy.crossAccount('identity', async (tx) => {
      await tx
        .insertInto('identity_sandbox_sessions')
        .values({
          id,
          account_no: p.accountNo,
          email: p.email,
          client_secret: `${id}_secret_${crypto.randomBytes(16).toString('hex')}`,
          idempotency_key: p.idempotencyKey,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      const session = await tx
        .selectFrom('identity_sandbox_sessions')
        .select(['id', 'client_secret', 'account_no', 'email'])
        .where('idempotency_key', '=', p.idempotencyKey)
        .executeTakeFirstOrThrow();
      if (session.account_no !== p.accountNo || session.email !== p.email) {
        throw new IdentityRequestError(
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      return { id: session.id, clientSecret: session.client_secret };
    });
  }

  /**
   * The person's submission in the sandbox verification window: the document check's result as
   * Stripe's test mode gives it. Only a session awaiting its person (requires_input) takes one.
   */
  async submit(secret: string, outcome: IdentitySandboxOutcome): Promise<SandboxSubmission> {
    return this.#tenancy.crossAccount('identity', async (tx) => {
      const session = await tx
        .selectFrom('identity_sandbox_sessions')
        .select(['id', 'status'])
        .where('client_secret', '=', secret)
        .forUpdate()
        .executeTakeFirst();
      if (!session) return { outcome: 'unknown' as const };
      if (session.status !== 'requires_input') return { outcome: 'closed' as const };
      const result = resultOf(outcome);
      const errorCode = result.status === 'requires_input' ? result.code : '';
      await tx
        .updateTable('identity_sandbox_sessions')
        .set({ status: result.status, last_error_code: errorCode, updated_at: new Date() })
        .where('id', '=', session.id)
        .execute();
      return {
        outcome: 'submitted' as const,
        status: result.status,
        errorCode,
        webhooks: [this.webhook(session.id, 'processing'), this.webhook(session.id, result.status, errorCode)],
      };
    });
  }

  /** The webhook the sandbox sends for a session's new status: its body and signature header. */
  webhook(sessionId: string, status: VerificationSessionStatus, errorCode = ''): { body: string; signature: string } {
    const body = JSON.stringify({
      id: `evt_sb_${crypto.randomBytes(12).toString('hex')}`,
      object: 'event',
      type: `identity.verification_session.${status}`,
      data: {
        object: {
          id: sessionId,
          object: 'identity.verification_session',
          type: 'document',
          status,
          last_error:
            status === 'requires_input' && errorCode
              ? { code: errorCode, reason: identityErrorReason(errorCode) }
              : null,
        },
      },
    });
    return { body, signature: signPayload(this.webhookSecret, body) };
  }

  parseWebhook(rawBody: string, signature: string): IdentityEvent {
    verifySignature(this.webhookSecret, rawBody, signature);
    return eventOf(rawBody);
  }
}

export class StripeIdentity implements IdentityVerifications {
  readonly kind = 'stripe' as const;
  readonly #stripe: Stripe;
  readonly #webhookSecret: string;
  readonly publishableKey: string;
  constructor(keys: StripeKeys) {
    this.#stripe = new Stripe(keys.secretKey, stripeClientOptions(keys.apiBase));
    this.#webhookSecret = keys.webhookSecret;
    this.publishableKey = keys.publishableKey;
  }

  async createSession(p: { email: string; accountNo: number; idempotencyKey: string }): Promise<CreatedVerification> {
    const session = await this.#stripe.identity.verificationSessions.create(
      { type: 'document', provided_details: { email: p.email }, metadata: { accountNo: String(p.accountNo) } },
      { idempotencyKey: p.idempotencyKey },
    );
    if (!session.client_secret) throw new Error('Stripe returned no client secret');
    return { id: session.id, clientSecret: session.client_secret };
  }

  parseWebhook(rawBody: string, signature: string): IdentityEvent {
    checkStripeSignature(this.#stripe, rawBody, signature, this.#webhookSecret);
    return eventOf(rawBody);
  }
}

/** No identity provider (not configured, sandboxes off): no check starts, no result is believed. */
export class UnavailableIdentity implements IdentityVerifications {
  readonly kind = 'unavailable' as const;
  async createSession(): Promise<CreatedVerification> {
    throw new ProviderUnavailableError('identity');
  }
  parseWebhook(): IdentityEvent {
    throw new ProviderUnavailableError('identity');
  }
}

/** Stripe Identity when configured; else the sandbox when sandboxes are allowed, else none. */
export function identityVerificationsFor(
  tenancy: Tenancy,
  keys: StripeSettings,
  sandboxes = true,
): IdentityVerifications {
  const stripe = configuredStripeKeys(keys);
  if (stripe) return new StripeIdentity(stripe);
  return sandboxes ? new SandboxIdentity(tenancy) : new UnavailableIdentity();
}
