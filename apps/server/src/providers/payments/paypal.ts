/**
 * The PayPal wallet provider (issue 13, spec 1 §4 top-up wizard: "Paypal: goes to Payment (Next
 * blocked until the provider approves), then Feedback"). The server creates an order in GBP, the
 * buyer approves it with PayPal in the browser, and the server captures it: only a completed
 * capture, answered server to server, moves money.
 *
 * - **PayPal** when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set (PAYPAL_ENVIRONMENT
 *   'live' or 'sandbox', PayPal's own sandbox by default): Orders v2 through
 *   `@paypal/paypal-server-sdk`, a PayPal-Request-Id on every create and capture so a retried
 *   call is not a second order or a second capture; the browser shows PayPal's JS SDK buttons.
 * - **The sandbox** otherwise: orders of its own ('PAYPAL-SB-…') kept in the database (so any
 *   process may capture them, and a restart loses none), approved in the panel's sandbox PayPal
 *   window by a sandbox buyer paying from their PayPal balance (captured), with a card PayPal
 *   declines at capture (INSTRUMENT_DECLINED), or by eCheck from a bank account (the capture is
 *   PENDING until the eCheck clears, or is returned: `clearEchecks`). As PayPal: capturing an
 *   unapproved order is refused, and capturing a captured one answers the same capture again.
 *
 * Webhooks (PayPal's word on a capture after the fact: an eCheck cleared or returned, a refund):
 * PayPal's are verified with PayPal itself (POST /v1/notifications/verify-webhook-signature, with
 * the app's webhook id, PAYPAL_WEBHOOK_ID); the sandbox keeps each capture's change as a webhook
 * event of its own (`paypal_sandbox_webhooks`, delivered until it is taken) and signs it with a
 * scheme of its own (HMAC-SHA256 under a per-process secret, in PayPal's transmission headers),
 * verified the same way by the same handler: a forged or altered webhook changes nothing.
 */
import crypto from 'node:crypto';
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  type Order,
  OrdersController,
} from '@paypal/paypal-server-sdk';
import { PAYMENT_MESSAGES, type PaypalSandboxFunding } from '@switchboard/domain';
import { sql } from 'kysely';
import { ProviderUnavailableError } from '../../platform/provider-modes.ts';
import type { Tenancy, Tx } from '../../platform/tenancy.ts';

export type CaptureOutcome =
  | { status: 'completed'; captureId: string; amountPence: number }
  /** Not final yet (an eCheck): PayPal completes or declines it later. */
  | { status: 'pending'; captureId: string }
  | { status: 'declined'; message: string }
  | { status: 'not-approved' };

/** A webhook's headers as received (Node's lower-case names). */
export type WebhookHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** PayPal's transmission headers: what PayPal signs a webhook with. */
export const TRANSMISSION_HEADERS = {
  id: 'paypal-transmission-id',
  time: 'paypal-transmission-time',
  sig: 'paypal-transmission-sig',
  certUrl: 'paypal-cert-url',
  authAlgo: 'paypal-auth-algo',
} as const;

type Transmission = Record<keyof typeof TRANSMISSION_HEADERS, string>;

/** The transmission headers of a webhook, or null when one is missing. */
function transmissionOf(headers: WebhookHeaders): Transmission | null {
  const out: Partial<Transmission> = {};
  for (const [key, name] of Object.entries(TRANSMISSION_HEADERS) as Array<[keyof Transmission, string]>) {
    const value = headers[name];
    const text = Array.isArray(value) ? value[0] : value;
    if (!text || text.length > 2000) return null;
    out[key] = text;
  }
  return out.id && out.time && out.sig && out.certUrl && out.authAlgo
    ? { id: out.id, time: out.time, sig: out.sig, certUrl: out.certUrl, authAlgo: out.authAlgo }
    : null;
}

/** PayPal's API could not be reached, or answered with an error of its own (not the request's). */
export class PayPalUnavailableError extends Error {}

export interface WalletPayments {
  readonly kind: 'sandbox' | 'paypal' | 'unavailable';
  /** PayPal's client id for its JS SDK in the browser (the real provider only). */
  readonly clientId?: string;
  createOrder(p: { accountNo: number; amountPence: number; description: string; requestId: string }): Promise<string>;
  captureOrder(orderId: string, requestId: string): Promise<CaptureOutcome>;
  /**
   * Whether PayPal sent this webhook: its transmission headers over the body exactly as received.
   * Throws PayPalUnavailableError when that cannot be known now (PayPal then delivers it again).
   */
  verifyWebhook(headers: WebhookHeaders, rawBody: string): Promise<boolean>;
  /** The order a capture belongs to (a refund's webhook names only its capture); null if none. */
  orderOfCapture(captureId: string): Promise<string | null>;
}

const penceOf = (value: string | undefined) => Math.round(Number(value ?? '0') * 100);
const poundsOf = (pence: number) => (pence / 100).toFixed(2);

/** Where the sandbox's resources say they live (their links; nothing is fetched from there). */
const SANDBOX_API = 'https://paypal-sandbox.switchboard.invalid';
/** The sandbox's signature scheme, named in paypal-auth-algo (PayPal's own is SHA256withRSA). */
export const SANDBOX_AUTH_ALGO = 'HMAC-SHA256';
/** How long a sandbox eCheck takes to clear (PayPal: 3 to 5 business days; the sandbox: a minute). */
export const SANDBOX_ECHECK_CLEARS_MS = 60_000;
/** A sandbox webhook's transmission time is believed this long (as Stripe's scheme: 5 minutes). */
const SANDBOX_TOLERANCE_MS = 5 * 60_000;
/** A webhook whose delivery failed is sent again after this (PayPal retries, backing off). */
const SANDBOX_RETRY_MS = 30_000;
/** PayPal gives up on a webhook after 25 attempts. */
const SANDBOX_MAX_ATTEMPTS = 25;

type CaptureStatus = 'PENDING' | 'COMPLETED' | 'DECLINED' | 'REFUNDED';
type SandboxOrder = {
  id: string;
  account_no: number;
  amount_pence: number;
  capture_id: string | null;
  created_at: Date | string;
};

/** A sandbox order, locked for the update that follows. */
const orderForUpdate = (tx: Tx, orderId: string) =>
  tx.selectFrom('paypal_sandbox_orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();

const iso = (at: Date | string) => new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
const link = (path: string, rel: string, method = 'GET') => ({ href: `${SANDBOX_API}${path}`, rel, method });
const gbp = (pence: number) => ({ currency_code: 'GBP', value: poundsOf(pence) });

/** A capture resource as PayPal's webhooks carry it (Payments v2), linked to its order. */
function captureResource(order: SandboxOrder, captureId: string, status: CaptureStatus, now: Date) {
  return {
    id: captureId,
    status,
    ...(status === 'PENDING' ? { status_details: { reason: 'ECHECK' } } : {}),
    amount: gbp(order.amount_pence),
    final_capture: true,
    custom_id: String(order.account_no),
    supplementary_data: { related_ids: { order_id: order.id } },
    create_time: iso(order.created_at),
    update_time: iso(now),
    links: [
      link(`/v2/payments/captures/${captureId}`, 'self'),
      link(`/v2/payments/captures/${captureId}/refund`, 'refund', 'POST'),
      link(`/v2/checkout/orders/${order.id}`, 'up'),
    ],
  };
}

export class SandboxPayPal implements WalletPayments {
  readonly kind = 'sandbox' as const;
  /** The sandbox app's webhook id (PayPal's WH-…): part of what each signature covers. */
  readonly webhookId: string;
  readonly #secret: string;
  readonly #tenancy: Tenancy;
  constructor(tenancy: Tenancy, secret?: string) {
    this.#tenancy = tenancy;
    this.#secret = secret ?? crypto.randomBytes(32).toString('hex');
    this.webhookId = `WH-SB-${crypto.createHash('sha256').update(this.#secret).digest('hex').slice(0, 16).toUpperCase()}`;
  }

  async createOrder(p: { accountNo: number; amountPence: number; description: string }): Promise<string> {
    const id = `PAYPAL-SB-${crypto.randomBytes(8).toString('hex').toUpperCase()}`;
    await this.#tenancy.crossAccount('payments', (tx) =>
      tx
        .insertInto('paypal_sandbox_orders')
        .values({ id, account_no: p.accountNo, amount_pence: p.amountPence, description: p.description })
        .execute(),
    );
    return id;
  }

  /** The buyer's answer in the sandbox PayPal window: approved with a funding source, or cancelled. */
  async approve(orderId: string, approve: boolean, funding: PaypalSandboxFunding): Promise<'APPROVED' | 'VOIDED'> {
    return this.#tenancy.crossAccount('payments', async (tx) => {
      const order = await orderForUpdate(tx, orderId);
      // PayPal's window only opens on an order awaiting its buyer.
      if (!order || (order.status !== 'CREATED' && order.status !== 'APPROVED')) return 'VOIDED';
      const status = approve ? 'APPROVED' : 'VOIDED';
      await tx
        .updateTable('paypal_sandbox_orders')
        .set({ status, funding: approve ? funding : null })
        .where('id', '=', orderId)
        .execute();
      return status;
    });
  }

  async captureOrder(orderId: string, _requestId?: string, now = new Date()): Promise<CaptureOutcome> {
    return this.#tenancy.crossAccount('payments', async (tx) => {
      const order = await orderForUpdate(tx, orderId);
      if (!order || order.status === 'VOIDED' || order.status === 'CREATED') return { status: 'not-approved' as const };
      if (order.status === 'COMPLETED' && order.capture_id) {
        // Captured already (ORDER_ALREADY_CAPTURED): the order's capture, as it stands now.
        switch (order.capture_status) {
          case 'PENDING':
            return { status: 'pending' as const, captureId: order.capture_id };
          case 'DECLINED':
            return { status: 'declined' as const, message: PAYMENT_MESSAGES.paypalCaptureDeclined };
          default:
            return { status: 'completed' as const, captureId: order.capture_id, amountPence: order.amount_pence };
        }
      }
      if (order.funding === 'declinedCard') {
        // PayPal's INSTRUMENT_DECLINED: the buyer must approve again with another funding source.
        await tx
          .updateTable('paypal_sandbox_orders')
          .set({ status: 'CREATED', funding: null })
          .where('id', '=', orderId)
          .execute();
        return { status: 'declined' as const, message: 'The instrument presented was declined.' };
      }
      const captureId = `CAP-SB-${crypto.randomBytes(8).toString('hex').toUpperCase()}`;
      // An eCheck is not money yet: the capture waits for the bank (PayPal's PENDING, reason ECHECK).
      const pending = order.funding === 'echeck' || order.funding === 'echeckDenied';
      const captureStatus = pending ? 'PENDING' : 'COMPLETED';
      await tx
        .updateTable('paypal_sandbox_orders')
        .set({
          status: 'COMPLETED',
          capture_id: captureId,
          capture_status: captureStatus,
          clears_at: pending ? new Date(now.getTime() + SANDBOX_ECHECK_CLEARS_MS) : null,
        })
        .where('id', '=', orderId)
        .execute();
      await this.#event(tx, order, pending ? 'PAYMENT.CAPTURE.PENDING' : 'PAYMENT.CAPTURE.COMPLETED', {
        type: 'capture',
        resource: captureResource(order, captureId, captureStatus, now),
      });
      return pending
        ? { status: 'pending' as const, captureId }
        : { status: 'completed' as const, captureId, amountPence: order.amount_pence };
    });
  }

  /**
   * The bank's answer to the pending eChecks due by `now`: an eCheck clears (the capture is
   * COMPLETED) or is returned (DECLINED, PayPal's PAYMENT.CAPTURE.DENIED). Answers how many.
   */
  async clearEchecks(now = new Date()): Promise<number> {
    return this.#tenancy.crossAccount('payments', async (tx) => {
      const due = await tx
        .selectFrom('paypal_sandbox_orders')
        .selectAll()
        .where('capture_status', '=', 'PENDING')
        .where('clears_at', '<=', now)
        .orderBy('clears_at')
        .limit(100)
        .forUpdate()
        .skipLocked()
        .execute();
      for (const order of due) {
        if (!order.capture_id) continue;
        const cleared = order.funding !== 'echeckDenied';
        const captureStatus = cleared ? 'COMPLETED' : 'DECLINED';
        await tx
          .updateTable('paypal_sandbox_orders')
          .set({ capture_status: captureStatus, clears_at: null })
          .where('id', '=', order.id)
          .execute();
        await this.#event(tx, order, cleared ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED', {
          type: 'capture',
          resource: captureResource(order, order.capture_id, captureStatus, now),
        });
      }
      return due.length;
    });
  }

  /**
   * The merchant refunds a completed capture in full (PayPal's dashboard, or its refund API):
   * PayPal sends PAYMENT.CAPTURE.REFUNDED. Answers the refund's id, or null when there is no
   * completed capture to refund.
   */
  async refund(orderId: string, now = new Date()): Promise<string | null> {
    return this.#tenancy.crossAccount('payments', async (tx) => {
      const order = await orderForUpdate(tx, orderId);
      if (!order?.capture_id || order.capture_status !== 'COMPLETED') return null;
      const refundId = `REF-SB-${crypto.randomBytes(8).toString('hex').toUpperCase()}`;
      await tx
        .updateTable('paypal_sandbox_orders')
        .set({ capture_status: 'REFUNDED' })
        .where('id', '=', orderId)
        .execute();
      await this.#event(tx, order, 'PAYMENT.CAPTURE.REFUNDED', {
        type: 'refund',
        resource: {
          id: refundId,
          status: 'COMPLETED',
          amount: gbp(order.amount_pence),
          custom_id: String(order.account_no),
          create_time: iso(now),
          update_time: iso(now),
          links: [
            link(`/v2/payments/refunds/${refundId}`, 'self'),
            link(`/v2/payments/captures/${order.capture_id}`, 'up'),
          ],
        },
      });
      return refundId;
    });
  }

  /** PayPal's side records a webhook event for the order, in the transaction of its change. */
  async #event(
    tx: Tx,
    order: SandboxOrder,
    eventType: string,
    r: { type: 'capture' | 'refund'; resource: object },
  ): Promise<void> {
    await tx
      .insertInto('paypal_sandbox_webhooks')
      .values({
        account_no: order.account_no,
        order_id: order.id,
        event_type: eventType,
        resource_type: r.type,
        resource: JSON.stringify(r.resource),
      })
      .execute();
  }

  /**
   * The next webhook due for delivery, taken for SANDBOX_RETRY_MS (another process skips it; if
   * its delivery fails it is sent again after that): its id and the event's JSON, or null.
   */
  async nextWebhook(): Promise<{ id: number; body: string } | null> {
    const row = await this.#tenancy.crossAccount('payments', async (tx) => {
      const due = await tx
        .selectFrom('paypal_sandbox_webhooks')
        .select('id')
        .where('delivered_at', 'is', null)
        .where('attempts', '<', SANDBOX_MAX_ATTEMPTS)
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!due) return undefined;
      return tx
        .updateTable('paypal_sandbox_webhooks')
        .set({
          attempts: sql`attempts + 1`,
          next_attempt_at: sql`now() + ${`${SANDBOX_RETRY_MS} milliseconds`}::interval`,
        })
        .where('id', '=', due.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    if (!row) return null;
    const resource: unknown = JSON.parse(row.resource);
    const event = {
      // The same event id on every attempt, as PayPal's retries carry it.
      id: `WH-SB-${String(row.id).padStart(10, '0')}`,
      event_version: '1.0',
      create_time: iso(row.created_at),
      resource_type: row.resource_type,
      resource_version: '2.0',
      event_type: row.event_type,
      summary: `${row.event_type} for order ${row.order_id}`,
      resource,
      links: [link(`/v1/notifications/webhooks-events/WH-SB-${row.id}`, 'self')],
    };
    return { id: row.id, body: JSON.stringify(event) };
  }

  /** A webhook was taken by the handler: it is not sent again. */
  async delivered(id: number): Promise<void> {
    await this.#tenancy.crossAccount('payments', (tx) =>
      tx.updateTable('paypal_sandbox_webhooks').set({ delivered_at: new Date() }).where('id', '=', id).execute(),
    );
  }

  /** The sandbox's transmission headers for a body (PayPal's header names, the sandbox's scheme). */
  sign(body: string, at = new Date()): Record<string, string> {
    const id = crypto.randomUUID();
    const time = at.toISOString();
    return {
      [TRANSMISSION_HEADERS.id]: id,
      [TRANSMISSION_HEADERS.time]: time,
      [TRANSMISSION_HEADERS.sig]: this.#mac(id, time, body),
      [TRANSMISSION_HEADERS.certUrl]: `${SANDBOX_API}/v1/notifications/certs/SANDBOX-HMAC`,
      [TRANSMISSION_HEADERS.authAlgo]: SANDBOX_AUTH_ALGO,
    };
  }

  /** As PayPal signs '<transmission id>|<time>|<webhook id>|<checksum of the body>' (a SHA-256 here). */
  #mac(id: string, time: string, body: string): string {
    const digest = crypto.createHash('sha256').update(body).digest('hex');
    return crypto
      .createHmac('sha256', this.#secret)
      .update(`${id}|${time}|${this.webhookId}|${digest}`)
      .digest('base64');
  }

  async verifyWebhook(headers: WebhookHeaders, rawBody: string, now = Date.now()): Promise<boolean> {
    const t = transmissionOf(headers);
    if (!t || t.authAlgo !== SANDBOX_AUTH_ALGO) return false;
    const at = Date.parse(t.time);
    if (!Number.isFinite(at) || Math.abs(now - at) > SANDBOX_TOLERANCE_MS) return false;
    const expected = Buffer.from(this.#mac(t.id, t.time, rawBody));
    const given = Buffer.from(t.sig);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  }

  async orderOfCapture(captureId: string): Promise<string | null> {
    const order = await this.#tenancy.crossAccount('payments', (tx) =>
      tx.selectFrom('paypal_sandbox_orders').select('id').where('capture_id', '=', captureId).executeTakeFirst(),
    );
    return order?.id ?? null;
  }
}

export interface PayPalKeys {
  clientId: string;
  clientSecret: string;
  live: boolean;
  /** The app's webhook id (PAYPAL_WEBHOOK_ID): without it no webhook can be verified. */
  webhookId?: string | undefined;
  /**
   * PayPal's REST base for the calls made without the SDK (the webhook's verification, a
   * capture's order); PayPal's own (live or sandbox) unless set (a test's local server).
   */
  apiBase?: string | undefined;
}

/** PayPal's Orders v2 API (the SDK), its webhook verification and its captures (REST). */
export class PayPalOrders implements WalletPayments {
  readonly kind = 'paypal' as const;
  readonly clientId: string;
  readonly #orders: OrdersController;
  readonly #clientSecret: string;
  readonly #webhookId: string | undefined;
  readonly #apiBase: string;
  #token: { value: string; until: number } | null = null;
  constructor(keys: PayPalKeys) {
    this.clientId = keys.clientId;
    this.#clientSecret = keys.clientSecret;
    this.#webhookId = keys.webhookId || undefined;
    // The base's own URL, so a trailing slash (or none) makes no difference to the paths joined on.
    this.#apiBase = new URL(
      keys.apiBase || (keys.live ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com'),
    ).origin;
    const client = new Client({
      clientCredentialsAuthCredentials: { oAuthClientId: keys.clientId, oAuthClientSecret: keys.clientSecret },
      environment: keys.live ? Environment.Production : Environment.Sandbox,
      timeout: 15_000,
    });
    this.#orders = new OrdersController(client);
  }

  /** An OAuth access token (client credentials), reused until shortly before it expires. */
  async #accessToken(fresh = false): Promise<string> {
    if (!fresh && this.#token && this.#token.until > Date.now()) return this.#token.value;
    let res: Response;
    try {
      res = await fetch(`${this.#apiBase}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${this.clientId}:${this.#clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new PayPalUnavailableError(`PayPal's token endpoint could not be reached: ${String(error)}`);
    }
    const body = (await res.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
    if (!res.ok || typeof body.access_token !== 'string') {
      throw new PayPalUnavailableError(`PayPal refused an access token (${res.status})`);
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 300;
    this.#token = { value: body.access_token, until: Date.now() + Math.max(0, seconds - 60) * 1000 };
    return body.access_token;
  }

  /** A REST call with the app's token (a fresh one once, if PayPal says it expired). */
  async #call(method: 'GET' | 'POST', path: string, body?: string): Promise<{ status: number; json: unknown }> {
    for (const fresh of [false, true]) {
      const token = await this.#accessToken(fresh);
      let res: Response;
      try {
        res = await fetch(`${this.#apiBase}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw new PayPalUnavailableError(`PayPal could not be reached: ${String(error)}`);
      }
      if (res.status === 401 && !fresh) continue;
      if (res.status >= 500 || res.status === 429 || res.status === 401) {
        throw new PayPalUnavailableError(`PayPal answered ${res.status} to ${method} ${path}`);
      }
      return { status: res.status, json: await res.json().catch(() => null) };
    }
    throw new PayPalUnavailableError('unreachable');
  }

  async verifyWebhook(headers: WebhookHeaders, rawBody: string): Promise<boolean> {
    const t = transmissionOf(headers);
    if (!t || !this.#webhookId) return false;
    try {
      const event: unknown = JSON.parse(rawBody);
      if (typeof event !== 'object' || event === null || Array.isArray(event)) return false;
    } catch {
      return false;
    }
    // The event goes back exactly as received: PayPal checks the signature over its own bytes,
    // and a re-serialised event (other spacing, other number forms) would not match.
    const request = `{${[
      ['auth_algo', t.authAlgo],
      ['cert_url', t.certUrl],
      ['transmission_id', t.id],
      ['transmission_sig', t.sig],
      ['transmission_time', t.time],
      ['webhook_id', this.#webhookId],
    ]
      .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
      .join(',')},"webhook_event":${rawBody}}`;
    const { status, json } = await this.#call('POST', '/v1/notifications/verify-webhook-signature', request);
    // A 4xx is PayPal refusing the request (a malformed header, a cert URL not its own): not verified.
    if (status < 200 || status >= 300) return false;
    return (json as { verification_status?: unknown } | null)?.verification_status === 'SUCCESS';
  }

  async orderOfCapture(captureId: string): Promise<string | null> {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(captureId)) return null;
    const { status, json } = await this.#call('GET', `/v2/payments/captures/${captureId}`);
    if (status !== 200) return null;
    const orderId = (json as { supplementary_data?: { related_ids?: { order_id?: unknown } } } | null)
      ?.supplementary_data?.related_ids?.order_id;
    return typeof orderId === 'string' ? orderId : null;
  }

  async createOrder(p: { accountNo: number; amountPence: number; description: string; requestId: string }) {
    const { result } = await this.#orders.createOrder({
      body: {
        intent: CheckoutPaymentIntent.Capture,
        purchaseUnits: [
          {
            amount: { currencyCode: 'GBP', value: (p.amountPence / 100).toFixed(2) },
            description: p.description,
            customId: String(p.accountNo),
          },
        ],
      },
      paypalRequestId: p.requestId,
      prefer: 'return=minimal',
    });
    if (!result.id) throw new Error('PayPal returned no order id');
    return result.id;
  }

  async captureOrder(orderId: string, requestId: string): Promise<CaptureOutcome> {
    let order: Order;
    try {
      ({ result: order } = await this.#orders.captureOrder({
        id: orderId,
        paypalRequestId: requestId,
        prefer: 'return=representation',
      }));
    } catch (error) {
      if (!(error instanceof ApiError) || error.statusCode !== 422) throw error;
      const issue = typeof error.body === 'string' ? error.body : '';
      if (issue.includes('ORDER_ALREADY_CAPTURED')) ({ result: order } = await this.#orders.getOrder({ id: orderId }));
      else if (issue.includes('ORDER_NOT_APPROVED')) return { status: 'not-approved' };
      else if (issue.includes('INSTRUMENT_DECLINED')) {
        return { status: 'declined', message: 'The instrument presented was declined.' };
      } else return { status: 'declined', message: 'PayPal could not capture the payment.' };
    }
    const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0];
    if (!capture?.id) return { status: 'declined', message: 'PayPal could not capture the payment.' };
    if (capture.status === 'COMPLETED') {
      return { status: 'completed', captureId: capture.id, amountPence: penceOf(capture.amount?.value) };
    }
    if (capture.status === 'PENDING') return { status: 'pending', captureId: capture.id };
    return { status: 'declined', message: PAYMENT_MESSAGES.paypalCaptureDeclined };
  }
}

/** No PayPal (not configured, sandboxes off): every call is refused, nothing is taken. */
export class UnavailablePayPal implements WalletPayments {
  readonly kind = 'unavailable' as const;
  async createOrder(): Promise<string> {
    throw new ProviderUnavailableError('paypal');
  }
  async captureOrder(): Promise<CaptureOutcome> {
    throw new ProviderUnavailableError('paypal');
  }
  async verifyWebhook(): Promise<boolean> {
    throw new ProviderUnavailableError('paypal');
  }
  async orderOfCapture(): Promise<string | null> {
    throw new ProviderUnavailableError('paypal');
  }
}

/** PayPal's Orders API when its client id and secret are set; else the sandbox when sandboxes are allowed, else none. */
export function walletPaymentsFor(
  tenancy: Tenancy,
  keys: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    live: boolean;
    webhookId?: string | undefined;
    apiBase?: string | undefined;
  },
  sandboxes = true,
): WalletPayments {
  if (keys.clientId && keys.clientSecret) {
    return new PayPalOrders({
      clientId: keys.clientId,
      clientSecret: keys.clientSecret,
      live: keys.live,
      webhookId: keys.webhookId,
      apiBase: keys.apiBase,
    });
  }
  return sandboxes ? new SandboxPayPal(tenancy) : new UnavailablePayPal();
}
