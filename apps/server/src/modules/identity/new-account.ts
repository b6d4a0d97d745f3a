/** What a new account starts with, whether registered (features/account) or seeded (demo). */
import type { Insertable } from 'kysely';
import type { AccountsTable } from '../../db/schema.ts';

/** No alert, a zero balance, the provider's branding (no colours or logo of its own), three-digit extensions. */
export const NEW_ACCOUNT_DEFAULTS = {
  alert: 0,
  balance_pence: 0,
  primary_colour: null,
  accent_colour: null,
  logo: null,
  logo_mime: null,
  extension_digits: 3,
} as const satisfies Partial<Insertable<AccountsTable>>;
