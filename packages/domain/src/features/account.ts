/** The account (spec 1 §3 "Account") and the customer list of a reseller. */
import { z } from 'zod';
import { pagedListRoute } from '../contract.ts';
import { IDENTITY_STATUSES } from './identity.ts';

export const accountRecord = z.object({
  accountNo: z.number().int(),
  parent: z.number().int(),
  accountType: z.enum(['prepay', 'postpay']),
  accountKind: z.enum(['wholesale', 'retail', 'standard']),
  firstName: z.string(),
  surname: z.string(),
  company: z.string(),
  address_line1: z.string(),
  address_line2: z.string(),
  address_city: z.string(),
  address_county: z.string(),
  address_country: z.string(),
  address_postcode: z.string(),
  telephone: z.string(),
  fax: z.string(),
  mobile: z.string(),
  email: z.string(),
  endUserType: z.string(),
  vulnerablePerson: z.boolean(),
  alert: z.number().int(),
  balance: z.number(),
  extensionDigits: z.number().int(),
  /** The version of the account details (migration 028): a save based on an older one is refused. */
  version: z.number().int(),
});
export type Account = z.infer<typeof accountRecord>;

/** A row of the wholesale customers page (/customers). */
export const customerRecord = z.object({
  id: z.number().int(),
  accountNo: z.number().int(),
  company: z.string(),
  name: z.string(),
  email: z.string(),
  accountType: z.enum(['prepay', 'postpay']),
  accountKind: z.enum(['wholesale', 'retail', 'standard']),
  /** Deleted accounts are kept for the provider; registered ones are pending until activated. */
  status: z.enum(['active', 'pending', 'deleted']),
  /** The holder's identity status (issue 13): for provider admins only. */
  identity: z.enum(IDENTITY_STATUSES).optional(),
});
export type Customer = z.infer<typeof customerRecord>;

/** The wholesale customers page: the accounts below the caller's own. */
export const customerRoutes = {
  list: pagedListRoute('/customers', customerRecord, 'customers'),
};
