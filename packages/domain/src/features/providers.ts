/**
 * The external services of the platform (payments, identity checks, e-mail, ...): each is its real
 * provider when configured, else the sandbox when sandboxes are allowed (SANDBOX_PROVIDERS), else
 * unavailable — then every call that needs it is refused with its text below (503), never faked.
 */

/** The services that have a sandbox, as the server log and the panel's 'Sandbox' badge name them. */
export const PROVIDER_LABELS = {
  payments: 'Card payments',
  paypal: 'PayPal',
  identity: 'Identity checks',
  directDebit: 'Direct Debit',
  bank: 'Bank check',
  addresses: 'Postcode addresses',
  mail: 'E-mail',
  geoIp: 'Geo-IP',
  companies: 'Companies House',
  ems: 'Emergency-address registry',
  teams: 'Microsoft Teams',
  sms: 'SMS gateway',
} as const;
export type ProviderName = keyof typeof PROVIDER_LABELS;

/** Ours: a call that needs a service which is neither configured nor a sandbox (503). */
export const PROVIDER_MESSAGES = {
  payments: 'Card payments are not configured',
  paypal: 'PayPal payments are not configured',
  identity: 'Identity checks are not configured',
  directDebit: 'Direct Debit is not configured',
  bank: 'The bank check is not configured',
  addresses: 'The postcode address look-up is not configured',
  mail: 'E-mail is not configured',
  geoIp: 'Registration is not available: the location check is not configured',
  companies: 'The company look-up is not configured',
  ems: 'The emergency-address registry is not configured',
  teams: 'Microsoft Teams is not configured',
  sms: 'The SMS gateway is not configured',
} as const satisfies Record<ProviderName, string>;

/** The top bar's chip while any provider is a sandbox (provider admins only). */
export const SANDBOX_BADGE = {
  label: 'Sandbox',
  title: (labels: readonly string[]) =>
    `Sandbox providers: ${labels.join(', ')}. No real money moves and nothing reaches a real service.`,
} as const;
