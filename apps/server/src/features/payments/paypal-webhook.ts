/**
 * PayPal's webhook is believed only once PayPal verifies it (PayPal's verify-webhook-signature for
 * the real provider, the sandbox's own signature for the sandbox's): otherwise 400 and nothing is
 * stored. What a verified event does is the billing module's (`applyPaypalEvent`).
 */
import { PAYMENT_MESSAGES } from '@switchboard/domain';
import type { PaypalEvent } from '../../modules/billing/index.ts';
import { HttpError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Delivery } from '../../platform/webhooks.ts';
import { PayPalUnavailableError } from '../../providers/payments/paypal.ts';

/** The PayPal webhook's event once PayPal verified it (400 when it did not, 502 while it cannot say). */
export async function verifiedPaypalEvent(platform: Platform, delivery: Delivery): Promise<PaypalEvent[]> {
  let verified: boolean;
  try {
    verified = await platform.providers.paypal.verifyWebhook(delivery.headers, delivery.rawBody);
  } catch (error) {
    // Not known now: a 5xx, so PayPal delivers it again later.
    if (error instanceof PayPalUnavailableError) throw new HttpError(502, PAYMENT_MESSAGES.paypalUnavailable);
    throw error;
  }
  if (!verified) throw new HttpError(400, PAYMENT_MESSAGES.badSignature);
  let event: PaypalEvent | null;
  try {
    event = JSON.parse(delivery.rawBody);
  } catch {
    return [];
  }
  return typeof event === 'object' && event !== null ? [event] : [];
}
