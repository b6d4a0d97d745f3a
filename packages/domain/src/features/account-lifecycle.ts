/**
 * The account's life (issue 13, spec 1 §2-§5, §7, §8): the account details form, deleting the
 * account, public registration (UK only, company lookup, captcha), the activation e-mail and the
 * set-password / reset-password links of control-panel users.
 */
import { z } from 'zod';
import { route } from '../contract.ts';
import { email, optionalText, recordId, requiredText } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { PATTERNS } from '../patterns.ts';
import { FEATURES } from '../permissions.ts';

export const ACCOUNT_MESSAGES = {
  /** Spec 1 §8. */
  passwordWrong: MESSAGES.passwordWrong,
  deleteNeedsPassword: 'Please confirm your password before deleting the account',
  deleteWhileDisguised:
    'A customer account cannot be deleted while acting as the customer: the provider closes customer accounts from the portal',
  deleteProvider: "The provider's own account cannot be deleted",
  deleteHasCustomers: 'An account with customer accounts cannot be deleted, please contact support',
  deleteHasUnpaidInvoices: 'Please pay your outstanding invoices before deleting your account',
  deleteNotHere: 'This account cannot be deleted here, please contact support',
  accountDeleted: 'Your account has been deleted',
  /** Spec 1 §5 / §8 (registration). */
  companyNotFound: 'Company not found',
  companyNumberInvalid: 'Please enter a valid UK Company Number',
  companyLookupFailed: 'Something went wrong please try again',
  unauthorisedAccess: 'Unauthorised Access Detected',
  unauthorisedAccessDetail:
    'Registration is only available from within the United Kingdom. To open an account from outside the UK, please contact our support team.',
  captchaFailed: 'The captcha could not be verified, please try again',
  registrationThrottled: 'Too many registrations from this address, please try again later',
  accountCreated: 'Account Created Successfully',
  checkEmails: 'Please check your e-mails: we have sent you a link to activate your account.',
  companyNo: 'Company registration number must be up to 15 letters and digits',
  vatNo: 'VAT number must be up to 9 digits',
  termsRequired: MESSAGES.required,
  /** Set / reset password links. */
  tokenInvalid: 'This link is invalid or has expired. Please ask for a new one.',
  passwordsDiffer: 'The passwords do not match',
  passwordSet: 'Your password has been set. You can now sign in.',
  resetRequested:
    'If that username or e-mail address is known, we have sent an e-mail with a link to set a new password.',
  resetSent: (name: string) => `A password reset e-mail has been sent to ${name}`,
  resetThrottled: 'Too many requests, please try again later',
} as const;

// ---- the account details form (PUT /account/{no}) ---------------------------------------------

/** Spec 1 §3 endUserType: 0 business (more than 10 employees), 1 small or micro business, 2 consumer. */
export const END_USER_TYPES = [
  { value: '0', label: 'Business (more than 10 employees)' },
  { value: '1', label: 'Small or micro business (under 10 employees)' },
  { value: '2', label: 'Consumer (single person)' },
] as const;
export const endUserType = z.enum(['0', '1', '2'], { error: MESSAGES.selectOption });

/** An optional text without a default (a partial save must not turn a field it was not sent into ''). */
const optional = (options: Parameters<typeof optionalText>[0]) => optionalText(options).unwrap();

/**
 * The account form's fields (spec 1 §3 "Account", §5 "Account form"): names 45, e-mail 100,
 * address lines, city and county 100, the telephone and UK postcode patterns.
 */
/** The person's names and contact numbers: the same rules on the account and on registration. */
const personShape = {
  firstName: requiredText({ max: 45 }),
  surname: requiredText({ max: 45 }),
  telephone: requiredText({ max: 14, pattern: PATTERNS.telephone }),
  fax: optional({ max: 14, pattern: PATTERNS.telephone }),
  mobile: optional({ max: 14, pattern: PATTERNS.telephone }),
  email: email(100),
};

export const accountDetailsShape = {
  ...personShape,
  company: optional({ max: 100 }),
  address_line1: requiredText({ max: 100 }),
  address_line2: optional({ max: 100 }),
  address_city: requiredText({ max: 100 }),
  address_county: optional({ max: 100 }),
  address_country: optional({ max: 100 }),
  address_postcode: requiredText({ max: 10, pattern: PATTERNS.ukPostcode }),
  endUserType,
  vulnerablePerson: z.boolean({ error: MESSAGES.selectOption }),
};

// ---- deleting the account ---------------------------------------------------------------------

export const deleteAccountReply = z.object({ success: z.boolean(), message: z.string() });

// ---- registration -----------------------------------------------------------------------------

/**
 * A registered account is a retail prepay account directly below the provider (parent 10000: the
 * provider's own customers, whose Delete Account tab shows) — it pays before it calls.
 */
export const REGISTERED_ACCOUNT = { parent: 10000, accountType: 'prepay', accountKind: 'retail' } as const;

/** Delete Account shows only for accounts whose parent is one of these (spec 1 §2). */
export const DELETABLE_PARENTS: readonly number[] = [10000, 0];

/** How long a password confirmation allows the account's delete (ms). */
export const DELETE_CONFIRMATION_MS = 5 * 60_000;

/** Spec 1 §3 "Registration" defaults: country 1 (the United Kingdom, the only one), endUserType '0'. */
export const REGISTRATION_COUNTRIES = [{ value: 1, label: 'United Kingdom' }] as const;

const companyNo = z
  .string()
  .trim()
  .max(15, { error: ACCOUNT_MESSAGES.companyNo, abort: true })
  .regex(/^[A-Za-z0-9]*$/, { error: ACCOUNT_MESSAGES.companyNo });

/** A captcha solution (ALTCHA payload, base64 JSON), as the widget hands it over. */
const captcha = z
  .string({ error: MESSAGES.required })
  .min(1, { error: MESSAGES.required })
  .max(2000, { error: ACCOUNT_MESSAGES.captchaFailed });

/**
 * Spec 1 §3 / §5 "Registration": names 1-45, company number up to 15 letters and digits, VAT
 * number up to 9 digits, address lines 100, county 50, the postcode / telephone / e-mail patterns,
 * the terms and the captcha required. A business gives its company name; a registered company its
 * number.
 */
export const registrationBody = z
  .object({
    country: z.literal(1, { error: MESSAGES.selectOption }),
    endUserType,
    registeredCompany: z.boolean(),
    vulnerablePerson: z.boolean(),
    ...personShape,
    companyName: optional({ max: 100 }),
    companyNo,
    vatNo: z
      .string()
      .trim()
      .regex(/^\d{0,9}$/, { error: ACCOUNT_MESSAGES.vatNo }),
    addressLine1: requiredText({ max: 100 }),
    addressLine2: optional({ max: 100 }),
    city: requiredText({ max: 100 }),
    county: optional({ max: 50 }),
    postCode: requiredText({ max: 10, pattern: PATTERNS.ukPostcode }),
    tAndC: z.literal(true, { error: MESSAGES.required }),
    reCaptcha: captcha,
  })
  .superRefine((v, ctx) => {
    if (v.endUserType !== '2' && v.companyName === '')
      ctx.addIssue({ code: 'custom', path: ['companyName'], message: MESSAGES.required });
    if (v.registeredCompany && v.companyNo === '')
      ctx.addIssue({ code: 'custom', path: ['companyNo'], message: MESSAGES.required });
  });
export type RegistrationBody = z.infer<typeof registrationBody>;
export type RegistrationInput = z.input<typeof registrationBody>;

/** The registration form's starting values (spec 1 §3 defaults). */
export const REGISTRATION_DEFAULTS: Omit<RegistrationInput, 'tAndC'> & { tAndC: boolean } = {
  country: 1,
  endUserType: '0',
  registeredCompany: false,
  vulnerablePerson: false,
  firstName: '',
  surname: '',
  companyName: '',
  companyNo: '',
  vatNo: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  county: '',
  postCode: '',
  telephone: '',
  fax: '',
  mobile: '',
  email: '',
  tAndC: false,
  reCaptcha: '',
};

/**
 * A UK company number as Companies House writes it: 8 characters, digits or a two-letter prefix
 * (SC, NI, OC...) and 6 digits. Shorter all-digit numbers are padded with leading zeros.
 */
export function normaliseCompanyNumber(text: string): string | null {
  const t = text.trim().toUpperCase();
  if (/^\d{1,8}$/.test(t)) return t.padStart(8, '0');
  if (/^[A-Z]{2}\d{6}$/.test(t)) return t;
  return null;
}

export const ipCheckReply = z.object({ isoCode: z.string() });
export const companyReply = z.object({
  success: z.boolean(),
  companyNo: z.string().optional(),
  name: z.string().optional(),
  message: z.string().optional(),
});
export const captchaChallenge = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().int().optional(),
  salt: z.string(),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallenge>;

/** The features an account holder is granted (a registered account's holder, the demo's customers). */
export const ACCOUNT_HOLDER_FEATURES: readonly number[] = [
  FEATURES.account,
  FEATURES.numbers,
  FEATURES.queues,
  FEATURES.seats,
  FEATURES.users,
  FEATURES.voicemail,
  FEATURES.sipTrunks,
  FEATURES.dashboard,
  FEATURES.cdr,
  FEATURES.callGroups,
  FEATURES.timeProfile,
  FEATURES.ivr,
  FEATURES.conference,
  FEATURES.prompts,
  FEATURES.callRecordings,
  FEATURES.pickupGroups,
  FEATURES.spy,
  FEATURES.notification,
  FEATURES.musicOnHold,
  FEATURES.acl,
  FEATURES.callbacks,
  FEATURES.mobile,
  FEATURES.seatsCallRestrictions,
  FEATURES.sipTrunksCallRestrictions,
  FEATURES.dialThrough,
  FEATURES.paypal,
  FEATURES.teams,
  FEATURES.integrations,
  FEATURES.bundles,
  FEATURES.outboundCLILists,
  FEATURES.directDebit,
  FEATURES.externalExt,
  FEATURES.ldap,
  FEATURES.softphone,
  FEATURES.ntsCallRestrictions,
  FEATURES.store,
];

// ---- set and reset password ---------------------------------------------------------------------

const token = z.string().trim().min(20, { error: ACCOUNT_MESSAGES.tokenInvalid }).max(100, {
  error: ACCOUNT_MESSAGES.tokenInvalid,
});

export const tokenBody = z.object({ token });
export const tokenReply = z.object({
  success: z.boolean(),
  purpose: z.enum(['activation', 'reset']).optional(),
  username: z.string().optional(),
  /**
   * The activation link of a newly registered account's holder (not a new control-panel user's
   * first password, not a reset): /activate offers the identity check before the password is set.
   */
  newAccount: z.boolean().optional(),
  message: z.string().optional(),
});

/** An e-mail change link: whose address changes, and to what. */
export const emailTokenReply = z.object({ success: z.boolean(), username: z.string(), email: z.string() });

/** The set-password form (spec 1 §5 password rule and its strength message). */
export const setPasswordBody = z
  .object({
    token,
    password: z
      .string({ error: MESSAGES.required })
      .min(1, { error: MESSAGES.required, abort: true })
      .regex(PATTERNS.password.pattern, { error: PATTERNS.password.message }),
    confirm: z.string({ error: MESSAGES.required }).min(1, { error: MESSAGES.required }),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], error: ACCOUNT_MESSAGES.passwordsDiffer });
export type SetPasswordBody = z.infer<typeof setPasswordBody>;

export const forgotPasswordBody = z.object({ username: requiredText({ max: 100 }) });

const reply = z.object({ success: z.boolean(), message: z.string() });
const tag = 'account';

export const accountLifecycleRoutes = {
  /** Spec 1 §7: DELETE /account/{account_no} (after POST /users/auth/passwordcheck). */
  deleteAccount: route({
    method: 'DELETE',
    path: '/account/:account_no',
    params: z.object({ account_no: recordId() }),
    reply: deleteAccountReply,
    tag,
  }),
  /** Spec 1 §7: the visitor's country (ISO code; 'GB' may register). */
  ipCheck: route({ method: 'GET', path: '/ip/check/details', reply: ipCheckReply, tag }),
  /** Spec 1 §7: Companies House lookup of a company number. */
  company: route({
    method: 'GET',
    path: '/account/companieshouse/:number',
    params: z.object({ number: z.string().max(20) }),
    reply: companyReply,
    tag,
    throttled: true,
  }),
  /** A captcha challenge for the registration form (ALTCHA proof of work, signed by the server). */
  captcha: route({ method: 'GET', path: '/account/register/captcha', reply: captchaChallenge, tag }),
  /** Spec 1 §7: POST /account/register. */
  register: route({ method: 'POST', path: '/account/register', body: registrationBody, reply, tag, throttled: true }),
  /** What a set-password link is for (before the form is shown). */
  checkToken: route({
    method: 'POST',
    path: '/users/password/token',
    body: tokenBody,
    reply: tokenReply,
    tag,
    throttled: true,
  }),
  setPassword: route({ method: 'POST', path: '/users/password', body: setPasswordBody, reply, tag, throttled: true }),
  forgotPassword: route({
    method: 'POST',
    path: '/users/password/forgot',
    body: forgotPasswordBody,
    reply,
    tag,
    throttled: true,
  }),
  /** What an e-mail change link confirms (before the page offers to confirm it). */
  checkEmailToken: route({
    method: 'POST',
    path: '/users/email/token',
    body: tokenBody,
    reply: emailTokenReply,
    tag,
    throttled: true,
  }),
  /** Confirms an e-mail change from the old address (the link mailed there). */
  confirmEmail: route({ method: 'POST', path: '/users/email/confirm', body: tokenBody, reply, tag, throttled: true }),
  /** The user manager's 'Reset password' (cpUsers update). */
  resetUserPassword: route({
    method: 'POST',
    path: '/users/:id/reset-password',
    params: z.object({ id: recordId() }),
    reply,
    tag,
  }),
};
