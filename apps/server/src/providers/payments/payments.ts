/**
 * The card payment provider (issue 13). The server creates a payment intent (its client secret
 * goes to the browser, which confirms the payment with the provider) and learns the outcome only
 * from the provider's signed webhook — or, for an off-session charge of a saved card (auto
 * top-up, invoice auto-pay), from the provider's authenticated API answer to the charge itself.
 *
 * - **Stripe** when STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are set:
 *   PaymentIntents in GBP, webhooks verified with `stripe.webhooks.constructEvent`. A payment
 *   that saves its card is made for the account's Stripe Customer with
 *   `setup_future_usage: 'off_session'`; its succeeded webhook names the saved PaymentMethod, which
 *   later off-session charges (`off_session: true, confirm: true`) use. STRIPE_API_BASE (tests
 *   only) points the client at another server answering like Stripe's API.
 * - **The sandbox** otherwise: intents of its own ('pi_sb_…'), a card form in the panel that
 *   answers as Stripe's test cards do (`decideCard`), and its webhooks signed exactly as Stripe
 *   signs them ('t=…,v1=HMAC-SHA256(t.body)') with its own secret, delivered to the same webhook
 *   handler and verified the same way: a forged or altered confirmation credits nothing.
 */
import crypto from 'node:crypto';
import { PAYMENT_MESSAGES, type PaymentStatus } from '@switchboard/domain';
import Stripe from 'stripe';
import { HttpError } from '../../platform/errors.ts';
import { ProviderUnavailableError } from '../../platform/provider-modes.ts';
import { configuredStripeKeys, type StripeSettings } from '../stripe/keys.ts';

export interface CreatedIntent {
  id: string;
  clientSecret: string;
}

/** What a verified webhook (or the provider's API answer to an off-session charge) says about an intent. */
export interface PaymentEvent {
  eventId: string;
  intentId: string;
  status: PaymentStatus;
  /** The decline's text for a failed payment. */
  failure: string;
  /** The intent's customer and payment method at the provider (the card a success saves), when it says. */
  customerId?: string;
  paymentMethodId?: string;
  /** The card's last four digits, when known (looked up from the payment method, outside any transaction). */
  last4?: string;
  /**
   * Our key of an off-session charge (the intent's metadata, `OFF_SESSION_KEY`): its payment row
   * is found by it while the intent's id is not recorded yet (the webhook came first).
   */
  chargeKey?: string;
}

/** The metadata key naming our off-session charge (the payment row's key until the intent is known). */
export const OFF_SESSION_KEY = 'switchboardCharge';

/** An off-session charge of a saved card. */
export interface SavedCardCharge {
  /** The account's customer and the saved payment method at the provider ('' in the sandbox, which goes by last4). */
  customerId: string;
  paymentMethodId: string;
  last4: string;
  amountPence: number;
  description: string;
  metadata: Record<string, string>;
  /** The same key answers the same intent: a retried charge is never a second one. */
  idempotencyKey: string;
}

/** The provider's answer to an off-session charge: the intent it made and its status. */
export interface ChargedIntent {
  intentId: string;
  clientSecret: string;
  status: PaymentStatus;
  /** The decline's text when the card was not charged. */
  failure: string;
}

export interface CardPayments {
  readonly kind: 'sandbox' | 'stripe' | 'unavailable';
  readonly publishableKey?: string;
  /** The provider's customer for an account (the owner of its saved cards); the same key, the same customer. */
  createCustomer(p: { accountNo: number; email: string; name: string; idempotencyKey: string }): Promise<string>;
  createIntent(p: {
    amountPence: number;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
    /** Saves the card the customer pays with for off-session charges (auto top-up, invoice auto-pay). */
    saveFor?: { customerId: string };
  }): Promise<CreatedIntent>;
  /**
   * Charges a saved card off-session and answers the intent's outcome (a decline is an answer,
   * not an error). Throws ChargeRefusedError when the provider refused it for good without an
   * intent; any other error leaves the outcome unknown (retry with the same idempotency key).
   */
  chargeSaved(p: SavedCardCharge): Promise<ChargedIntent>;
  /** The last four digits of a saved payment method's card ('' when it is not a card). */
  cardLast4(paymentMethodId: string): Promise<string>;
  /** The event of a webhook whose signature is good; throws WebhookSignatureError otherwise. */
  parseWebhook(rawBody: string, signature: string): PaymentEvent;
}

export class WebhookSignatureError extends Error {}

/** Stripe's signature over the exact bytes received, checked (card payments' and identity checks' webhooks). */
export function checkStripeSignature(stripe: Stripe, rawBody: string, signature: string, secret: string): void {
  try {
    stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'bad signature');
  }
}

/**
 * A Stripe-signed webhook's event (payments and identity): the provider's parse of the body exactly
 * as received with its 'stripe-signature' header; a bad signature is a 400 with the area's message.
 */
export function signedWebhookEvent<E>(
  request: { rawBody?: string; headers: Record<string, string | string[] | undefined> },
  provider: { parseWebhook(rawBody: string, signature: string): E },
  badSignature: string,
): E {
  try {
    return provider.parseWebhook(request.rawBody ?? '', String(request.headers['stripe-signature'] ?? ''));
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new HttpError(400, badSignature);
    throw error;
  }
}

/** An off-session charge the provider refused for good, without making an intent (nothing was taken). */
export class ChargeRefusedError extends Error {}

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

type IntentObject = {
  id?: unknown;
  status?: unknown;
  last_payment_error?: { message?: unknown; code?: unknown; decline_code?: unknown } | null;
  customer?: unknown;
  payment_method?: unknown;
  metadata?: Record<string, unknown> | null;
};

/** An expandable field's id (Stripe sends the id, or the object when expanded). */
const idOf = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'id' in value && typeof value.id === 'string') return value.id;
  return undefined;
};

/** What an intent object says of its saved card and of our off-session charge. */
function intentDetails(intent: IntentObject): Pick<PaymentEvent, 'customerId' | 'paymentMethodId' | 'chargeKey'> {
  const customerId = idOf(intent.customer);
  const paymentMethodId = idOf(intent.payment_method);
  const chargeKey = intent.metadata?.[OFF_SESSION_KEY];
  return {
    ...(customerId ? { customerId } : {}),
    ...(paymentMethodId ? { paymentMethodId } : {}),
    ...(typeof chargeKey === 'string' && chargeKey ? { chargeKey } : {}),
  };
}

/**
 * A failed intent's text: the domain's for Stripe's error code (so the webhook and the API answer
 * of the same decline say the same), else the message as sent (the sandbox sends the domain's).
 */
function failureOf(error: IntentObject['last_payment_error']): string {
  if (!error) return '';
  if (typeof error.code === 'string') return declineText(error.code, error.decline_code);
  return typeof error.message === 'string' ? error.message : '';
}

/**
 * A signed webhook's body in Stripe's event shape (the payment and identity providers, sandbox or
 * Stripe, send it), its object unchecked; a body that is not JSON is refused as unsigned.
 */
export function stripeEventJson<O>(raw: string): { id?: unknown; type?: unknown; data?: { object?: O } } {
  try {
    return JSON.parse(raw);
  } catch {
    throw new WebhookSignatureError('not JSON');
  }
}

/** The webhook's event, from the JSON both providers send (Stripe's event shape). */
function eventOf(raw: string): PaymentEvent {
  const event = stripeEventJson<IntentObject>(raw);
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
    failure: failureOf(intent.last_payment_error),
    ...intentDetails(intent),
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

/** The domain's text for a card error's code (Stripe's codes; decline reasons beyond these are not shown). */
export function declineText(code: unknown, declineCode: unknown): string {
  if (declineCode === 'insufficient_funds') return PAYMENT_MESSAGES.insufficientFunds;
  if (code === 'authentication_required' || declineCode === 'authentication_required') {
    return PAYMENT_MESSAGES.authenticationFailed;
  }
  if (code === 'expired_card') return PAYMENT_MESSAGES.expired;
  return PAYMENT_MESSAGES.declined;
}

/** Why an off-session charge cannot be made at all: the account has no card saved with the provider. */
export const NO_SAVED_CARD = 'No card is saved with the card provider for automatic payments.';

const hmacHex = (secret: string, value: string) => crypto.createHmac('sha256', secret).update(value).digest('hex');

export class SandboxPayments implements CardPayments {
  readonly kind = 'sandbox' as const;
  /** The sandbox's webhook signing secret (Stripe's whsec_…): per process unless configured. */
  readonly webhookSecret: string;
  constructor(secret?: string) {
    this.webhookSecret = secret ?? `whsec_sb_${crypto.randomBytes(24).toString('hex')}`;
  }
  /** As Stripe's idempotency keys do: the same key, the same customer. */
  async createCustomer(p: { idempotencyKey: string }): Promise<string> {
    return `cus_sb_${hmacHex(this.webhookSecret, `customer:${p.idempotencyKey}`).slice(0, 24)}`;
  }
  async createIntent(): Promise<CreatedIntent> {
    const id = `pi_sb_${crypto.randomBytes(12).toString('hex')}`;
    return { id, clientSecret: `${id}_secret_${crypto.randomBytes(16).toString('hex')}` };
  }
  /**
   * An off-session charge of the saved test card, answered as Stripe answers for it (by its last
   * four digits); the same idempotency key answers the same intent.
   */
  async chargeSaved(p: SavedCardCharge): Promise<ChargedIntent> {
    if (!p.last4) throw new ChargeRefusedError(NO_SAVED_CARD);
    const id = `pi_sb_${hmacHex(this.webhookSecret, `intent:${p.idempotencyKey}`).slice(0, 24)}`;
    const clientSecret = `${id}_secret_${hmacHex(this.webhookSecret, `secret:${p.idempotencyKey}`).slice(0, 32)}`;
    const outcome = decideSavedCard(p.last4);
    return outcome.succeeded
      ? { intentId: id, clientSecret, status: 'succeeded', failure: '' }
      : { intentId: id, clientSecret, status: 'requires_payment_method', failure: outcome.message };
  }
  /** The sandbox's card form records the last four digits itself. */
  async cardLast4(): Promise<string> {
    return '';
  }
  /** The webhook the sandbox sends for an intent's new status: its body and signature header. */
  webhook(
    intentId: string,
    status: PaymentStatus,
    failure = '',
    more: { metadata?: Record<string, string> } = {},
  ): { body: string; signature: string } {
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
          metadata: more.metadata ?? {},
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

/** Stripe's intent status as ours, for an off-session charge (no customer is there to authenticate). */
function offSessionAnswer(intent: Stripe.PaymentIntent): ChargedIntent {
  const base = { intentId: intent.id, clientSecret: intent.client_secret ?? '' };
  const error = intent.last_payment_error;
  switch (intent.status) {
    case 'succeeded':
      return { ...base, status: 'succeeded', failure: '' };
    case 'processing':
    case 'requires_capture':
      return { ...base, status: 'processing', failure: '' };
    case 'canceled':
      return { ...base, status: 'canceled', failure: '' };
    case 'requires_action':
    case 'requires_confirmation':
      return { ...base, status: 'requires_payment_method', failure: PAYMENT_MESSAGES.authenticationFailed };
    default:
      return { ...base, status: 'requires_payment_method', failure: declineText(error?.code, error?.decline_code) };
  }
}

/** Where a Stripe client (card payments, Stripe Identity) sends its requests: Stripe's API, or (tests) STRIPE_API_BASE. */
export function stripeClientOptions(apiBase: string | undefined): Stripe.StripeConfig {
  // Bounded, so that a stuck charge is retried (with its idempotency key) rather than waited on.
  const options: Stripe.StripeConfig = { timeout: 30_000 };
  if (!apiBase) return options;
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    ...options,
    host: url.hostname,
    port: Number(url.port || (protocol === 'http' ? 80 : 443)),
    protocol,
  };
}

export class StripePayments implements CardPayments {
  readonly kind = 'stripe' as const;
  readonly #stripe: Stripe;
  readonly #webhookSecret: string;
  readonly publishableKey: string;
  constructor(keys: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string;
    apiBase?: string | undefined;
  }) {
    this.#stripe = new Stripe(keys.secretKey, stripeClientOptions(keys.apiBase));
    this.#webhookSecret = keys.webhookSecret;
    this.publishableKey = keys.publishableKey;
  }
  async createCustomer(p: { accountNo: number; email: string; name: string; idempotencyKey: string }): Promise<string> {
    const customer = await this.#stripe.customers.create(
      {
        ...(p.email ? { email: p.email } : {}),
        ...(p.name ? { name: p.name } : {}),
        metadata: { accountNo: String(p.accountNo) },
      },
      { idempotencyKey: p.idempotencyKey },
    );
    return customer.id;
  }
  async createIntent(p: {
    amountPence: number;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
    saveFor?: { customerId: string };
  }): Promise<CreatedIntent> {
    const intent = await this.#stripe.paymentIntents.create(
      {
        amount: p.amountPence,
        currency: 'gbp',
        description: p.description,
        metadata: p.metadata,
        automatic_payment_methods: { enabled: true },
        ...(p.saveFor ? { customer: p.saveFor.customerId, setup_future_usage: 'off_session' as const } : {}),
      },
      { idempotencyKey: p.idempotencyKey },
    );
    if (!intent.client_secret) throw new Error('Stripe returned no client secret');
    return { id: intent.id, clientSecret: intent.client_secret };
  }
  async chargeSaved(p: SavedCardCharge): Promise<ChargedIntent> {
    if (!p.customerId || !p.paymentMethodId) throw new ChargeRefusedError(NO_SAVED_CARD);
    try {
      const intent = await this.#stripe.paymentIntents.create(
        {
          amount: p.amountPence,
          currency: 'gbp',
          customer: p.customerId,
          payment_method: p.paymentMethodId,
          off_session: true,
          confirm: true,
          description: p.description,
          metadata: p.metadata,
        },
        { idempotencyKey: p.idempotencyKey },
      );
      return offSessionAnswer(intent);
    } catch (error) {
      // A decline (card_declined, insufficient funds, authentication_required) is Stripe's answer:
      // HTTP 402 with the failed intent in the error.
      if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) {
        const failure =
          error instanceof Stripe.errors.StripeCardError ? declineText(error.code, error.decline_code) : NO_SAVED_CARD;
        const intent = error.payment_intent;
        if (intent?.id) {
          return {
            intentId: intent.id,
            clientSecret: intent.client_secret ?? '',
            status: 'requires_payment_method',
            failure,
          };
        }
        throw new ChargeRefusedError(failure);
      }
      throw error;
    }
  }
  async cardLast4(paymentMethodId: string): Promise<string> {
    const method = await this.#stripe.paymentMethods.retrieve(paymentMethodId);
    return method.card?.last4 ?? '';
  }
  parseWebhook(rawBody: string, signature: string): PaymentEvent {
    checkStripeSignature(this.#stripe, rawBody, signature, this.#webhookSecret);
    return eventOf(rawBody);
  }
}

/** No card provider (not configured, sandboxes off): every call is refused, nothing is taken. */
export class UnavailablePayments implements CardPayments {
  readonly kind = 'unavailable' as const;
  async createCustomer(): Promise<string> {
    throw new ProviderUnavailableError('payments');
  }
  async createIntent(): Promise<CreatedIntent> {
    throw new ProviderUnavailableError('payments');
  }
  async chargeSaved(): Promise<ChargedIntent> {
    throw new ProviderUnavailableError('payments');
  }
  async cardLast4(): Promise<string> {
    throw new ProviderUnavailableError('payments');
  }
  parseWebhook(): PaymentEvent {
    throw new ProviderUnavailableError('payments');
  }
}

/** Stripe when its three keys are set; else the sandbox when sandboxes are allowed, else none. */
export function cardPaymentsFor(keys: StripeSettings, sandboxes = true): CardPayments {
  const stripe = configuredStripeKeys(keys);
  if (stripe) return new StripePayments(stripe);
  return sandboxes ? new SandboxPayments() : new UnavailablePayments();
}
