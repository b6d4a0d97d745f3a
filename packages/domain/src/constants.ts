/** Business constants of spec 1 §9 and spec 2 §9. */
export const PAGE_SIZES = [5, 10, 15, 20, 25, 30, 35, 40, 50] as const;
export const DEFAULT_PAGE_SIZE = 15;
export const NESTED_PAGE_SIZE = 5;
export const MAX_PAGE_SIZE = 50;

export const TIMINGS = {
  idleTimeoutMs: 60 * 60 * 1000,
  logoutCountdownSeconds: 30,
  keepAliveMs: 5 * 60 * 1000,
  toastMs: 3000,
  backUrlCookieMs: 40 * 60 * 1000,
  sidebarAnimationMs: 100,
} as const;

export const LAYOUT = {
  modalMaxWidth: 1200,
  tabWidth: 135,
  narrowBreakpoint: 600,
} as const;

export const DEFAULT_THEME = { primary: '#1671aa', accent: '#f36f21' } as const;

export const UPLOAD_MAX_BYTES = 20_000_000;

export const ACCOUNT_TYPES = ['prepay', 'postpay', 'wholesale', 'retail'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const BILLING_TYPES = ['prepay', 'postpay'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];

/** Account kinds: a wholesale reseller, a retail end customer, or a standard (reseller's) customer. */
export const ACCOUNT_KINDS = ['wholesale', 'retail', 'standard'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const EXTENSION_DIGITS = [3, 4, 5] as const;

export const CURRENCY_SIGN = '£';

const POUNDS = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Money is integer pence; shown as £x.xx with thousands separated ('£1,250.00') and the sign before a
 * negative amount ('-£1.00').
 */
export function formatPence(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  return `${sign}${CURRENCY_SIGN}${POUNDS.format(Math.abs(pence) / 100)}`;
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${BYTE_UNITS[unit]}`;
}

/** The monthly rental a create confirmation shows per item (spec 1 §9: total = £6 × the number of items). */
export const CREATE_MONTHLY_PENCE = 600;

/** The create confirmation's cost line: 'Monthly cost: £18.00 (3 × £6.00)'. */
export function createMonthlyCost(items: number): string {
  return `Monthly cost: ${formatPence(items * CREATE_MONTHLY_PENCE)} (${items} × ${formatPence(CREATE_MONTHLY_PENCE)})`;
}
