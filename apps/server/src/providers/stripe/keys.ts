/**
 * Stripe's keys, shared by the card payments and the identity checks (one Stripe account): the
 * real provider is used only when all three are set.
 */

/** The keys as configured (config.stripe): each undefined when not set. */
export interface StripeSettings {
  secretKey: string | undefined;
  publishableKey: string | undefined;
  webhookSecret: string | undefined;
  /** Tests only: a local server answering like Stripe's API (STRIPE_API_BASE). */
  apiBase?: string | undefined;
}

/** The keys of a configured Stripe. */
export interface StripeKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  apiBase?: string;
}

/** The keys when all three are set (Stripe is configured), else null (the sandbox or none). */
export function configuredStripeKeys(keys: StripeSettings): StripeKeys | null {
  if (!keys.secretKey || !keys.publishableKey || !keys.webhookSecret) return null;
  return {
    secretKey: keys.secretKey,
    publishableKey: keys.publishableKey,
    webhookSecret: keys.webhookSecret,
    ...(keys.apiBase ? { apiBase: keys.apiBase } : {}),
  };
}
