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
 *   window by a sandbox buyer paying from their PayPal balance (captured) or with a card PayPal
 *   declines at capture (INSTRUMENT_DECLINED). As PayPal: capturing an unapproved order is refused,
 *   and capturing a captured one answers the same capture again.
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
import type { PaypalSandboxFunding } from '@switchboard/domain';
import type { Tenancy } from '../../platform/tenancy.ts';

export type CaptureOutcome =
  | { status: 'completed'; captureId: string; amountPence: number }
  /** Not final yet (an eCheck): PayPal completes or declines it later. */
  | { status: 'pending'; captureId: string }
  | { status: 'declined'; message: string }
  | { status: 'not-approved' };

export interface WalletPayments {
  readonly kind: 'sandbox' | 'paypal';
  /** PayPal's client id for its JS SDK in the browser (the real provider only). */
  readonly clientId?: string;
  createOrder(p: { accountNo: number; amountPence: number; description: string; requestId: string }): Promise<string>;
  captureOrder(orderId: string, requestId: string): Promise<CaptureOutcome>;
}

const penceOf = (value: string | undefined) => Math.round(Number(value ?? '0') * 100);

export class SandboxPayPal implements WalletPayments {
  readonly kind = 'sandbox' as const;
  readonly #tenancy: Tenancy;
  constructor(tenancy: Tenancy) {
    this.#tenancy = tenancy;
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
      const order = await tx
        .selectFrom('paypal_sandbox_orders')
        .select('status')
        .where('id', '=', orderId)
        .forUpdate()
        .executeTakeFirst();
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

  async captureOrder(orderId: string): Promise<CaptureOutcome> {
    return this.#tenancy.crossAccount('payments', async (tx) => {
      const order = await tx
        .selectFrom('paypal_sandbox_orders')
        .selectAll()
        .where('id', '=', orderId)
        .forUpdate()
        .executeTakeFirst();
      if (!order || order.status === 'VOIDED' || order.status === 'CREATED') return { status: 'not-approved' as const };
      if (order.status === 'COMPLETED' && order.capture_id) {
        return { status: 'completed' as const, captureId: order.capture_id, amountPence: order.amount_pence };
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
      await tx
        .updateTable('paypal_sandbox_orders')
        .set({ status: 'COMPLETED', capture_id: captureId })
        .where('id', '=', orderId)
        .execute();
      return { status: 'completed' as const, captureId, amountPence: order.amount_pence };
    });
  }
}

/** PayPal's Orders v2 API. */
export class PayPalOrders implements WalletPayments {
  readonly kind = 'paypal' as const;
  readonly clientId: string;
  readonly #orders: OrdersController;
  constructor(keys: { clientId: string; clientSecret: string; live: boolean }) {
    this.clientId = keys.clientId;
    const client = new Client({
      clientCredentialsAuthCredentials: { oAuthClientId: keys.clientId, oAuthClientSecret: keys.clientSecret },
      environment: keys.live ? Environment.Production : Environment.Sandbox,
      timeout: 15_000,
    });
    this.#orders = new OrdersController(client);
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
    return { status: 'declined', message: 'PayPal declined the payment.' };
  }
}

export function walletPaymentsFor(
  tenancy: Tenancy,
  keys: { clientId: string | undefined; clientSecret: string | undefined; live: boolean },
): WalletPayments {
  if (keys.clientId && keys.clientSecret) {
    return new PayPalOrders({ clientId: keys.clientId, clientSecret: keys.clientSecret, live: keys.live });
  }
  return new SandboxPayPal(tenancy);
}
