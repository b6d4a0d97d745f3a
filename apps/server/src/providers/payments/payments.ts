/**
 * The card payment provider (issue 13). The server creates a payment intent (its client secret
 * goes to the browser, which confirms the payment with the provider) and learns the outcome only
 * from the provider's signed webhook.
 *
 * - **Stripe** when STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are set:
 *   PaymentIntents in GBP, webhooks verified with `stripe.webhooks.constructEvent`.
 * - **The sandbox** otherwise: intents of its own ('pi_sb_…'), a card form in the panel that
 *   answers as Stripe's test cards do (`decideCard`), and its webhooks signed exactly as Stripe
 *   signs them ('t=…,v1=HMAC-SHA256(t.body)') with its own secret, delivered to the same webhook
 *   handler and verified the same way: a forged or altered confirmation credits nothing.
 */
import crypto from 'node:crypto';
import { PAYMENT_MESSAGES, type PaymentStatus } from '@switchboard/domain';
import Stripe from 'stripe';

export interface CreatedIntent {
  id: string;
  clientSecret: string;
}

/** What a verified webhook says about an intent. */
export interface PaymentEvent {
  eventId: string;
  intentId: string;
  status: PaymentStatus;
  /** The decline's text for a failed payment. */
  failure: string;
}

export interface CardPayments {
  readonly kind: 'sandbox' | 'stripe';
  readonly publishableKey?: string;
  createIntent(p: {
    amountPence: number;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<CreatedIntent>;
  /** The event of a webhook whose signature is good; throws WebhookSignatureError otherwise. */
  parseWebhook(rawBody: string, signature: string): PaymentEvent;
}

export class WebhookSignatureError extends Error {}

/** Stripe's signature scheme: 't=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">', 5 minutes' tolerance. */
export function signPayload(secret: string, body: string, at = Math.floor(Date.now() / 1000)): string {
  const mac = crypto.createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
  return `t=${at},v1=${mac}`;
}

export function verifySignature(secret: string, body: string, header: string, toleranceS = 300): void {
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [k, v] = item.split('=');
    if (k && v) parts.set(k.trim(), [...(parts.get(k.trim()) ?? []), v.trim()]);
  }
  const at = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(at)) throw new WebhookSignatureError('no timestamp');
  if (Math.abs(Date.now() / 1000 - at) > toleranceS) throw new WebhookSignatureError('timestamp outside the tolerance');
  const expected = Buffer.from(crypto.createHmac('sha256', secret).update(`${at}.${body}`).digest('hex'));
  const ok = (parts.get('v1') ?? []).some((v) => {
    const given = Buffer.from(v);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
  if (!ok) throw new WebhookSignatureError('no matching signature');
}

type IntentObject = { id?: unknown; status?: unknown; last_payment_error?: { message?: unknown } | null };

/** The webhook's event, from the JSON both providers send (Stripe's event shape). */
function eventOf(raw: string): PaymentEvent {
  let event: { id?: unknown; type?: unknown; data?: { object?: IntentObject } };
  try {
    event = JSON.parse(raw);
  } catch {
    throw new WebhookSignatureError('not JSON');
  }
  const intent = event.data?.object ?? {};
  const byType: Record<string, PaymentStatus> = {
    'payment_intent.succeeded': 'succeeded',
    'payment_intent.processing': 'processing',
    'payment_intent.payment_failed': 'requires_payment_method',
    'payment_intent.requires_action': 'requires_action',
    'payment_intent.canceled': 'canceled',
  };
  const status = byType[String(event.type)];
  if (!status || typeof intent.id !== 'string' || typeof event.id !== 'string') {
    return { eventId: String(event.id ?? ''), intentId: '', status: 'processing', failure: '' };
  }
  return {
    eventId: event.id,
    intentId: intent.id,
    status,
    failure: typeof intent.last_payment_error?.message === 'string' ? intent.last_payment_error.message : '',
  };
}

/** The sandbox's answer to a card (Stripe's test cards), before any money moves. */
export type CardDecision =
  | { outcome: 'invalid'; field: 'number' | 'expiry' | 'cvc'; message: string }
  | { outcome: 'succeeded' }
  | { outcome: 'declined'; message: string }
  | { outcome: 'requires_action' };

const luhn = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

export function decideCard(card: { number: string; expiry: string; cvc: string }, now = new Date()): CardDecision {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) {
    return { outcome: 'invalid', field: 'number', message: PAYMENT_MESSAGES.cardNumber };
  }
  const m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry.trim());
  const month = Number(m?.[1]);
  if (!m || month < 1 || month > 12) return { outcome: 'invalid', field: 'expiry', message: PAYMENT_MESSAGES.expiry };
  const year = (m[2] as string).length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  // A card is good to the end of its month.
  if (new Date(Date.UTC(year, month, 1)) <= now) {
    return { outcome: 'invalid', field: 'expiry', message: PAYMENT_MESSAGES.expired };
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { outcome: 'invalid', field: 'cvc', message: PAYMENT_MESSAGES.cvc };
  switch (number) {
    case '4242424242424242':
    case '5555555555554444':
      return { outcome: 'succeeded' };
    case '4000000000009995':
      return { outcome: 'declined', message: PAYMENT_MESSAGES.insufficientFunds };
    case '4000002500003155':
      return { outcome: 'requires_action' };
    default:
      // 4000 0000 0000 0002, and any card that is not a test card (test mode refuses real cards).
      return { outcome: 'declined', message: PAYMENT_MESSAGES.declined };
  }
}

/** An off-session charge of a saved test card (auto top-up): as Stripe answers for that card. */
export function decideSavedCard(last4: string): { succeeded: true } | { succeeded: false; message: string } {
  switch (last4) {
    case '4242':
    case '4444':
      return { succeeded: true };
    case '9995':
      return { succeeded: false, message: PAYMENT_MESSAGES.insufficientFunds };
    case '3155':
      // A card that needs the customer present cannot be charged off-session.
      return { succeeded: false, message: PAYMENT_MESSAGES.authenticationFailed };
    default:
      return { succeeded: false, message: PAYMENT_MESSAGES.declined };
  }
}

export class SandboxPayments implements CardPayments {
  readonly kind = 'sandbox' as const;
  /** The sandbox's webhook signing secret (Stripe's whsec_…): per process unless configured. */
  readonly webhookSecret: string;
  constructor(secret?: string) {
    this.webhookSecret = secret ?? `whsec_sb_${crypto.randomBytes(24).toString('hex')}`;
  }
  async createIntent(): Promise<CreatedIntent> {
    const id = `pi_sb_${crypto.randomBytes(12).toString('hex')}`;
    return { id, clientSecret: `${id}_secret_${crypto.randomBytes(16).toString('hex')}` };
  }
  /** The webhook the sandbox sends for an intent's new status: its body and signature header. */
  webhook(intentId: string, status: PaymentStatus, failure = ''): { body: string; signature: string } {
    const type: Record<PaymentStatus, string> = {
      succeeded: 'payment_intent.succeeded',
      processing: 'payment_intent.processing',
      requires_payment_method: 'payment_intent.payment_failed',
      requires_action: 'payment_intent.requires_action',
      canceled: 'payment_intent.canceled',
    };
    const body = JSON.stringify({
      id: `evt_sb_${crypto.randomBytes(12).toString('hex')}`,
      object: 'event',
      type: type[status],
      data: {
        object: {
          id: intentId,
          object: 'payment_intent',
          status,
          last_payment_error: failure ? { message: failure } : null,
        },
      },
    });
    return { body, signature: signPayload(this.webhookSecret, body) };
  }
  parseWebhook(rawBody: string, signature: string): PaymentEvent {
    verifySignature(this.webhookSecret, rawBody, signature);
    return eventOf(rawBody);
  }
}

export class StripePayments implements CardPayments {
  readonly kind = 'stripe' as const;
  readonly #stripe: Stripe;
  readonly #webhookSecret: string;
  readonly publishableKey: string;
  constructor(keys: { secretKey: string; publishableKey: string; webhookSecret: string }) {
    this.#stripe = new Stripe(keys.secretKey);
    this.#webhookSecret = keys.webhookSecret;
    this.publishableKey = keys.publishableKey;
  }
  async createIntent(p: {
    amountPence: number;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<CreatedIntent> {
    const intent = await this.#stripe.paymentIntents.create(
      {
        amount: p.amountPence,
        currency: 'gbp',
        description: p.description,
        metadata: p.metadata,
        automatic_payment_methods: { enabled: true },
      },
      { idempotencyKey: p.idempotencyKey },
    );
    if (!intent.client_secret) throw new Error('Stripe returned no client secret');
    return { id: intent.id, clientSecret: intent.client_secret };
  }
  parseWebhook(rawBody: string, signature: string): PaymentEvent {
    try {
      this.#stripe.webhooks.constructEvent(rawBody, signature, this.#webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'bad signature');
    }
    return eventOf(rawBody);
  }
}

export function cardPaymentsFor(keys: {
  secretKey: string | undefined;
  publishableKey: string | undefined;
  webhookSecret: string | undefined;
}): CardPayments {
  if (keys.secretKey && keys.publishableKey && keys.webhookSecret) {
    return new StripePayments({
      secretKey: keys.secretKey,
      publishableKey: keys.publishableKey,
      webhookSecret: keys.webhookSecret,
    });
  }
  return new SandboxPayments();
}
