/**
 * Identity verification (issue 13, spec 1 §4 "Generic form pages: Save may ... start an identity
 * verification session", §7 "POST /identity/verification/session: sends email; returns secret.
 * POST /create-verification-session also starts an identity check").
 *
 * An identity check is a document check with the identity provider (Stripe Identity, or the
 * sandbox that answers as Stripe's test mode does): the server creates a verification session, the
 * browser opens the provider's window with the session's secret, and the outcome reaches the
 * server only by the provider's signed webhook. The account's identity status follows it.
 */
import { z } from 'zod';
import { route } from '../contract.ts';
import { email } from '../fields.ts';
import { outcomeReply } from '../paging.ts';
import { ACCOUNT_MESSAGES } from './account-lifecycle.ts';
import { stripeProviderFields, webhookRoute } from './payments.ts';

/** The account's identity status. */
export const IDENTITY_STATUSES = ['unverified', 'pending', 'verified', 'requires_input'] as const;
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number];

export const IDENTITY_STATUS_LABELS: Record<IdentityStatus, string> = {
  unverified: 'Not verified',
  pending: 'Pending',
  verified: 'Verified',
  requires_input: 'Action required',
};

/** A verification session's status, as the provider keeps it (Stripe's VerificationSession). */
export const VERIFICATION_SESSION_STATUSES = ['requires_input', 'processing', 'verified', 'canceled'] as const;
export type VerificationSessionStatus = (typeof VERIFICATION_SESSION_STATUSES)[number];

/**
 * Why a document check failed (Stripe's `last_error.code` values a document check gives), with the
 * text the account is shown.
 */
export const IDENTITY_ERROR_REASONS = {
  consent_declined: 'You declined to give consent to the identity check.',
  document_expired: 'The document has expired.',
  document_type_not_supported: 'This type of document is not accepted.',
  document_unverified_other: 'The document could not be verified.',
} as const;
export type IdentityErrorCode = keyof typeof IDENTITY_ERROR_REASONS;

/** The text of a failure code (the provider's own reason when it is one we do not know). */
export function identityErrorReason(code: string, reason = ''): string {
  return (IDENTITY_ERROR_REASONS as Record<string, string>)[code] ?? (reason || 'The identity check was unsuccessful.');
}

/** What the sandbox verification window lets the person do, as Stripe's test mode offers. */
export const IDENTITY_SANDBOX_OUTCOMES = [
  'verified',
  'document_unverified_other',
  'document_expired',
  'document_type_not_supported',
  'consent_declined',
] as const;
export type IdentitySandboxOutcome = (typeof IDENTITY_SANDBOX_OUTCOMES)[number];

export const IDENTITY_SANDBOX_OUTCOME_LABELS: Record<IdentitySandboxOutcome, string> = {
  verified: 'Verification succeeds',
  document_unverified_other: 'Verification fails: the document is not verified',
  document_expired: 'Verification fails: the document has expired',
  document_type_not_supported: 'Verification fails: the document type is not supported',
  consent_declined: 'Decline consent',
};

/**
 * The account's legal identity: the fields a document check verifies. A save that changes one of
 * them on a verified account needs a new check (spec 1 §4 "Save may ... start an identity
 * verification session").
 */
export const IDENTITY_FIELDS = {
  firstName: 'first name',
  surname: 'surname',
  company: 'company name',
} as const;
export type IdentityField = keyof typeof IDENTITY_FIELDS;

/** 'first name', 'first name and surname', 'first name, surname and company name'. */
export function identityFieldList(fields: readonly IdentityField[]): string {
  const names = fields.map((f) => IDENTITY_FIELDS[f]);
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export const IDENTITY_MESSAGES = {
  title: 'Identity verification',
  intro:
    'We verify the identity of account holders to protect telephone numbers and call credit from fraud. ' +
    'You will need a photo ID (passport, driving licence or national ID card).',
  verify: 'Verify identity',
  retry: 'Try again',
  started: 'Identity verification started',
  submitted: 'Thank you: your document has been submitted. We will let you know the result.',
  verifiedNote: 'Your identity has been verified.',
  verifiedOn: (when: string) => `Your identity was verified on ${when}.`,
  startedBy: (name: string, when: string) => `Check started by ${name} on ${when}.`,
  alreadyVerified: 'Your identity has already been verified',
  processing: 'Your identity check is being processed, please wait for its result',
  disguised:
    'The account holder verifies their own identity: an identity check cannot be started while acting as the customer',
  emailMismatch: 'This is not the e-mail address the account was registered with',
  alreadyActive: 'This account is already active: please sign in and verify your identity from Account Details',
  tokenInvalid: ACCOUNT_MESSAGES.tokenInvalid,
  unknownSession: 'This identity verification could not be found',
  sessionClosed: 'This identity verification has already been completed',
  badSignature: 'The identity verification result could not be verified',
  unavailable: 'Identity verification is not available at the moment, please try again later.',
  throttled: 'Too many identity checks from this address, please try again later',
  // Notifications (the webhook's outcome).
  verifiedTitle: 'Identity verified',
  verifiedMessage: 'Your identity has been verified. Thank you.',
  failedTitle: 'Identity check unsuccessful',
  failedMessage: (reason: string) =>
    `Your identity could not be verified: ${reason} Please try again from Account Details.`,
  canceledTitle: 'Identity check cancelled',
  canceledMessage: 'Your identity check was cancelled. You can start a new one from Account Details.',
  // A save that changed the verified legal identity (the account form).
  reverifyTitle: 'Identity check needed',
  reverifyMessage: (changed: string) =>
    `The account's ${changed} changed, so your identity needs to be verified again. Please verify it from Account Details.`,
  reverifyNotice: 'The name or company changed, so the identity needs to be verified again.',
  // The activation page's offer (a newly registered account's holder, before the password is set).
  activationOffer: 'Verify your identity',
  activationIntro:
    'Before you choose your password you can verify your identity with a photo ID (passport, driving licence or ' +
    'national ID card). We verify account holders to protect telephone numbers and call credit from fraud.',
  activationLater: 'You can also do it later from Account Details.',
  skip: 'Skip for now',
  activationVerified: 'Your identity has been verified. Now choose your password.',
  // The sandbox window.
  sandboxTitle: 'Verify your identity',
  sandboxIntro:
    'Sandbox identity check: no document is uploaded. Choose the result the document check gives, as Stripe Identity test mode does.',
  sandboxSubmit: 'Submit document',
} as const;

/** GET /identity/status: the account's identity status, when it last changed and who started the check. */
export const identityStatusReply = z.object({
  status: z.enum(IDENTITY_STATUSES),
  /** When the status last changed (ISO), null while never checked. */
  updatedAt: z.string().nullable(),
  /** Who started the current check ('' while never checked). */
  startedBy: z.string(),
  startedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  /** Why the last check failed ('' unless the status is requires_input). */
  lastError: z.string(),
  /**
   * Which window the browser opens: the sandbox's own, or Stripe's (with the key); 'unavailable'
   * when identity checks are neither configured nor a sandbox (a check cannot start).
   */
  provider: z.enum(['sandbox', 'stripe', 'unavailable']),
});
export type IdentityStatusReply = z.infer<typeof identityStatusReply>;

/** The started session: its secret opens the provider's verification window. */
export const verificationSessionReply = outcomeReply({
  secret: z.string(),
  /** The key is for stripe.verifyIdentity(secret). */
  ...stripeProviderFields,
});
export type VerificationSessionReply = z.infer<typeof verificationSessionReply>;

/**
 * POST /identity/verification/session (spec 1 §7: "sends email; returns secret"): the
 * registration-side start, before the holder has a password. The activation link's token
 * authorises it, and the e-mail must be the one the account was registered with.
 */
export const registrationVerificationBody = z.object({
  email: email(100),
  token: z.string().trim().min(20, { error: ACCOUNT_MESSAGES.tokenInvalid }).max(100, {
    error: ACCOUNT_MESSAGES.tokenInvalid,
  }),
});
export type RegistrationVerificationBody = z.input<typeof registrationVerificationBody>;

/** The sandbox window's answer (what Stripe's test-mode window lets the person choose). */
export const identitySandboxSubmitBody = z.object({
  secret: z.string().min(1).max(200),
  outcome: z.enum(IDENTITY_SANDBOX_OUTCOMES),
});
export const identitySandboxSubmitReply = z.object({
  status: z.enum(VERIFICATION_SESSION_STATUSES),
  /** The failure's text when the check failed. */
  error: z.string().optional(),
});

const tag = 'identity';

export const identityRoutes = {
  status: route({ method: 'GET', path: '/identity/status', reply: identityStatusReply, tag }),
  /** Spec 1 §7: a signed-in account holder starts an identity check. */
  createSession: route({
    method: 'POST',
    path: '/create-verification-session',
    reply: verificationSessionReply,
    tag,
  }),
  /** Spec 1 §7: the registration-side start (activation token + the registered e-mail). */
  registrationSession: route({
    method: 'POST',
    path: '/identity/verification/session',
    body: registrationVerificationBody,
    reply: verificationSessionReply,
    tag,
    throttled: true,
  }),
  /** The sandbox verification window's submission (authorised by the session's secret, as Stripe's window is). */
  sandboxSubmit: route({
    method: 'POST',
    path: '/identity/sandbox/submit',
    body: identitySandboxSubmitBody,
    reply: identitySandboxSubmitReply,
    tag,
  }),
  /** The identity provider's signed webhook (public: the provider calls it; believed only when signed). */
  webhook: webhookRoute('/identity/webhook', tag),
};
