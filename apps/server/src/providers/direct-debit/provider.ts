/** The Direct Debit bureau of this configuration: GoCardless when configured, else the sandbox. */
import type { Tenancy } from '../../platform/tenancy.ts';
import { type DirectDebitCollections, SandboxDirectDebit, UnavailableDirectDebit } from './direct-debit.ts';
import { GoCardlessDirectDebit } from './gocardless.ts';

export interface DirectDebitConfig {
  /** GOCARDLESS_ACCESS_TOKEN. */
  accessToken: string | undefined;
  /** GOCARDLESS_WEBHOOK_SECRET: the webhook endpoint's secret. */
  webhookSecret: string | undefined;
  /** GOCARDLESS_ENVIRONMENT: 'live', else GoCardless's sandbox. */
  environment: 'live' | 'sandbox';
  /** GOCARDLESS_API_BASE: another server answering like GoCardless's API (tests only). */
  apiBase?: string | undefined;
}

/**
 * GoCardless when its access token and webhook secret are both set; else the sandbox bureau when
 * sandboxes are allowed, else none.
 */
export function directDebitFor(tenancy: Tenancy, config: DirectDebitConfig, sandboxes = true): DirectDebitCollections {
  if (!config.accessToken || !config.webhookSecret) {
    return sandboxes ? new SandboxDirectDebit(tenancy) : new UnavailableDirectDebit();
  }
  return new GoCardlessDirectDebit({ ...config, accessToken: config.accessToken, webhookSecret: config.webhookSecret });
}
