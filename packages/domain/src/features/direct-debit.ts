/**
 * Direct debit (issue 13, spec 1 §3 direct debit record and submit, §4 "Direct debit wizard", §5
 * "Direct debit", §7, §8): the mandate an account pays its invoices by. A new mandate is Pending
 * and Approved three working days after its setup (spec 1 §9); a prepay account that sets one up
 * becomes postpay.
 */
import { z } from 'zod';
import { route } from '../contract.ts';
import { email, optionalText, requiredText } from '../fields.ts';
import { PATTERNS } from '../patterns.ts';
import { webhookRoute } from './payments.ts';

export const DIRECT_DEBIT_MESSAGES = {
  bankMismatch: 'Account number and sort code do not match any GB bank. Please confirm the details are correct',
  /** Not in the spec: a real account that cannot pay by Direct Debit (a savings account, say). */
  noDirectDebits: 'This bank account does not accept Direct Debits. Please use another account',
  failed: 'Your direct debit setup failed, please try again. If the issue persists, please contact support.',
  dualSignatory:
    'A direct debit that needs more than one signature, or on an account that is not in your name, cannot be set up online. Please contact support for a paper Direct Debit Instruction to sign.',
  created: 'Your direct debit has been set up. It is Pending until your bank confirms it (3 working days).',
  updated: 'Your direct debit has been replaced. The new one is Pending until your bank confirms it (3 working days).',
  exists: 'A direct debit is already set up: replace it instead',
  none: 'There is no direct debit to replace',
  confirm: 'Please confirm the Direct Debit Guarantee and that you may authorise debits on this account',
  badSignature: 'The Direct Debit notification could not be verified',
  /** The bank-details service (Postcoder) did not answer: nothing is known about the account yet. */
  bankCheckUnavailable: 'The bank details check is unavailable at the moment, please try again in a few minutes.',
  addressLookupUnavailable: 'The address look-up is unavailable at the moment: please type the address.',
} as const;

/** Digits only: '20-00-00' and '20 00 00' are the sort code 200000. */
const digits = (v: unknown) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : v);

export const sortCodeField = z.preprocess(digits, requiredText({ pattern: PATTERNS.sortCode }));
export const accountNumberField = z.preprocess(digits, requiredText({ pattern: PATTERNS.bankAccount }));

export const bankNameBody = z.object({ accountNumber: accountNumberField, sortCode: sortCodeField });

/** POST / PUT /billing/directdebit (spec 1 §3 direct debit submit). */
export const directDebitSubmit = z.object({
  firstName: requiredText({ max: 45 }),
  surname: requiredText({ max: 45 }),
  company: requiredText({ max: 100 }),
  dateOfBirth: optionalText({ max: 10 }),
  telephone: requiredText({ pattern: PATTERNS.telephone }),
  line1: requiredText({ max: 100 }),
  line2: optionalText({ max: 100 }),
  city: requiredText({ max: 100 }),
  county: optionalText({ max: 100 }),
  countryIso: z.literal('GB').default('GB'),
  postCode: requiredText({ pattern: PATTERNS.ukPostcode }),
  bankName: requiredText({ max: 100 }),
  accountNumber: accountNumberField,
  sortCode: sortCodeField,
  accountHolder: requiredText({ max: 100 }),
  email: email(100).optional(),
  onlySignatory: z.literal(true, { error: DIRECT_DEBIT_MESSAGES.confirm }),
});
export type DirectDebitSubmit = z.input<typeof directDebitSubmit>;

export const directDebitRecord = z.object({
  status: z.enum(['Pending', 'Approved']),
  holder_firstname: z.string(),
  holder_lastname: z.string(),
  bank_name: z.string(),
  account_ending: z.string(),
  setup: z.string(),
  customer_firstname: z.string(),
  customer_lastname: z.string(),
  company_name: z.string(),
  address: z.string(),
  email: z.string(),
});
export type DirectDebitRecord = z.infer<typeof directDebitRecord>;

/** Spec 1 §3 address lookup record. */
export const addressRecord = z.object({
  line_1: z.string(),
  line_2: z.string(),
  post_town: z.string(),
  postal_county: z.string(),
  country_iso: z.string(),
});
export type AddressRecord = z.infer<typeof addressRecord>;

const tag = 'direct-debit';
const reply = z.object({
  success: z.boolean(),
  message: z.string(),
  validation: z.record(z.string(), z.string()).optional(),
});
export const directDebitRoutes = {
  get: route({
    method: 'GET',
    path: '/billing/directdebit',
    reply: z.object({ record: directDebitRecord.nullable() }),
    tag,
  }),
  create: route({
    method: 'POST',
    path: '/billing/directdebit',
    body: directDebitSubmit,
    reply: reply.extend({ accountType: z.enum(['prepay', 'postpay']) }),
    tag,
  }),
  update: route({
    method: 'PUT',
    path: '/billing/directdebit',
    body: directDebitSubmit,
    reply: reply.extend({ accountType: z.enum(['prepay', 'postpay']) }),
    tag,
  }),
  bankName: route({
    method: 'POST',
    path: '/billing/directdebit/bankname',
    body: bankNameBody,
    reply: z.object({ success: z.boolean(), name: z.string(), message: z.string() }),
    tag,
  }),
  /** The Direct Debit bureau's signed webhook (public: the bureau calls it; believed only when signed). */
  webhook: webhookRoute('/billing/directdebit/webhook', tag),
  addresses: route({
    method: 'GET',
    path: '/address/:postcode/addresses',
    params: z.object({ postcode: requiredText({ pattern: PATTERNS.ukPostcode }) }),
    reply: z.object({ records: z.array(addressRecord) }),
    tag,
  }),
};

/** A mandate's status: Pending until three working days (Monday to Friday) after its setup. */
export function mandateStatus(setup: Date, now: Date): 'Pending' | 'Approved' {
  const d = new Date(Date.UTC(setup.getUTCFullYear(), setup.getUTCMonth(), setup.getUTCDate()));
  let working = 0;
  while (working < 3) {
    d.setUTCDate(d.getUTCDate() + 1);
    const day = d.getUTCDay();
    if (day !== 0 && day !== 6) working++;
  }
  return now >= d ? 'Approved' : 'Pending';
}
