/**
 * Card payments (issue 13, spec 1 §3 top-up form, §4 "Payment status values", "Top-up wizard",
 * "Invoice pay", §7, §8, §9): a top-up or an invoice payment is a payment the server creates with
 * the card provider (clientSecret to the browser), which the browser confirms with the provider;
 * the account is credited only by the provider's signed confirmation to the server.
 */
import { z } from 'zod';
import { route } from '../contract.ts';
import { outcomeReply, saveReply } from '../paging.ts';

/** Spec 1 §9: top-up amounts in pounds, VAT included. */
export const TOP_UP_AMOUNTS = [20, 30, 40, 50, 100, 150] as const;
/** Spec 1 §9: auto top-up thresholds in pounds. */
export const AUTO_TOP_UP_THRESHOLDS = [2, 5, 10, 15, 20] as const;
/** Spec 1 §9: the form's defaults. */
export const TOP_UP_DEFAULTS = { amount: 10, threshold: 2 } as const;

/** Spec 1 §3: the top-up form's payment types. */
export const PAYMENT_TYPES = ['creditDebitCard', 'bankTransfer', 'paypal', 'autoTopupConfig'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Spec 1 §4 "Payment status values" and the provider's own (a PaymentIntent's). */
export const PAYMENT_STATUSES = [
  'requires_payment_method',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_PURPOSES = ['topup', 'invoice'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const PAYMENT_MESSAGES = {
  // Spec 1 §8.
  topUpFailed: 'Your top-up was unsuccessful, please try again. If the issue persists, please contact support.',
  cardProcessing: 'Your card payment is being processed.',
  cardUnsuccessful:
    'Your card payment was unsuccessful, please try again. If the issue persists, please contact support.',
  succeeded: 'Payment succeeded!',
  processing: 'Your payment is processing.',
  notSuccessful: 'Your payment was not successful, please try again.',
  somethingWrong: 'Something went wrong.',
  unexpected: 'An unexpected error occurred.',
  // Ours.
  amount: 'Please choose one of the top-up amounts',
  threshold: 'Please choose one of the auto top-up thresholds',
  unknownPayment: 'This payment could not be found',
  prepayOnly: 'Top-ups are for prepay accounts',
  alreadyDone: 'This payment has already been completed',
  badSignature: 'The payment confirmation could not be verified',
  // The sandbox card form (the texts Stripe's test cards give).
  cardNumber: 'Your card number is invalid.',
  expiry: "Your card's expiration date is invalid.",
  expired: 'Your card has expired.',
  cvc: "Your card's security code is invalid.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  // PayPal (ours).
  paypalNotApproved: 'Please approve the payment with PayPal first',
  paypalDeclined: 'PayPal declined the payment: please choose another way to pay in PayPal, or another payment type.',
  paypalUnavailable: 'PayPal is not available at the moment, please try again later.',
  paypalSucceeded: (amount: string) => `Payment succeeded! ${amount} has been added to your balance.`,
  /** A capture PayPal declined or denied (a pending eCheck returned, a risk review). */
  paypalCaptureDeclined: 'PayPal declined the payment.',
  // Invoice auto-pay (ours).
  autoBill: 'Pay future invoices automatically with this card (charged three days after each invoice date)',
  autoPayOn: (last4: string) =>
    `Invoices are paid automatically with your card ending ${last4}, three days after the invoice date.`,
  autoPayStopped: 'Invoice auto-pay has been turned off',
  noAutoPay: 'Invoice auto-pay is not on',
} as const;

/**
 * Spec 1 §4, §8: the card payment result modal's one message, from the card form's
 * `redirect_status` and the payment's status at the server (`settled`, undefined until read). A
 * 'succeeded' return is 'Payment succeeded!' once the provider's confirmation has reached the
 * server, 'Your card payment is being processed.' until then; never both.
 */
export function cardPaymentResult(
  redirectStatus: string | null,
  settled?: PaymentStatus,
): { severity: 'success' | 'info' | 'error'; text: string } {
  switch (redirectStatus) {
    case 'succeeded':
      return settled === 'succeeded'
        ? { severity: 'success', text: PAYMENT_MESSAGES.succeeded }
        : { severity: 'info', text: PAYMENT_MESSAGES.cardProcessing };
    case 'processing':
      return { severity: 'info', text: PAYMENT_MESSAGES.processing };
    case 'requires_payment_method':
      return { severity: 'error', text: PAYMENT_MESSAGES.cardUnsuccessful };
    default:
      return { severity: 'error', text: PAYMENT_MESSAGES.somethingWrong };
  }
}

/** Where a bank transfer top-up is paid (the provider's account; shown with the reference). */
export const PROVIDER_BANK_ACCOUNT = {
  name: 'Switchboard Telecom Ltd',
  bank: 'Barclays Bank',
  sortCode: '20-00-00',
  accountNumber: '73196542',
} as const;

/** Bank transfer reference (spec 1 §4): 'AC' and the account number. */
export const bankTransferReference = (accountNo: number) => `AC${accountNo}`;

/** One of the spec's values (documented in the API's schema as its examples). */
const inList = <T extends readonly number[]>(values: T, error: string) =>
  z.coerce
    .number()
    .refine((v) => (values as readonly number[]).includes(v), { error })
    .meta({ examples: [...values] });

/** POST /account/{n}/topup (spec 1 §3 top-up payload). */
export const topUpBody = z.object({
  autoTopup: z.boolean().default(false),
  amount: inList(TOP_UP_AMOUNTS, PAYMENT_MESSAGES.amount),
  threshold: inList(AUTO_TOP_UP_THRESHOLDS, PAYMENT_MESSAGES.threshold).default(TOP_UP_DEFAULTS.threshold),
});
export type TopUpBody = z.input<typeof topUpBody>;

/**
 * Which of the card provider's forms (or windows) the browser opens: the sandbox's own, or Stripe's
 * (the Payment Element, Identity's window) with Stripe's publishable key (the Stripe provider only).
 */
export const stripeProviderFields = {
  provider: z.enum(['sandbox', 'stripe']),
  publishableKey: z.string().optional(),
};

export const clientSecretReply = outcomeReply({ clientSecret: z.string(), ...stripeProviderFields });

/** GET /account/{n}/hasautotopup (spec 1 §3 auto top-up status). */
export const autoTopUpStatus = z.object({
  autoTopupEnabled: z.boolean(),
  cpv3AutoTopupEnabled: z.boolean(),
  autoTopUpAmount: z.number(),
  autoTopUpThreshold: z.number(),
});
export type AutoTopUpStatus = z.infer<typeof autoTopUpStatus>;

/** PUT /account/{n}/topup: the auto top-up's switch and threshold (left out: the saved threshold stays). */
export const autoTopUpUpdate = z.object({
  enabled: z.boolean(),
  threshold: inList(AUTO_TOP_UP_THRESHOLDS, PAYMENT_MESSAGES.threshold).optional(),
});

/** POST /invoice/{invoiceNumber}/pay (spec 1 §3 pay payload). */
export const invoicePayBody = z.object({
  autoBill: z.boolean().default(false),
  /** Pounds, the invoice's total. */
  amount: z.coerce.number().positive(),
});

/** A payment as its card form shows it (GET /payments/{clientSecret}). */
export const paymentSummary = z.object({
  clientSecret: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  purpose: z.enum(PAYMENT_PURPOSES),
  amountPence: z.number().int(),
  description: z.string(),
  failure: z.string(),
  returnUrl: z.string(),
  /** Which card form confirms it. */
  ...stripeProviderFields,
});
export type PaymentSummary = z.infer<typeof paymentSummary>;

/** The sandbox card form's confirmation (Stripe's confirmPayment, for the sandbox provider). */
export const sandboxConfirmBody = z.object({
  clientSecret: z.string().min(1).max(200),
  number: z.string().max(40),
  /** 'MM / YY' or 'MM/YY'. */
  expiry: z.string().max(10),
  cvc: z.string().max(6),
  postcode: z.string().max(12).default(''),
});
export type SandboxConfirmBody = z.input<typeof sandboxConfirmBody>;

/** The sandbox's 3-D Secure step (card 4000 0025 0000 3155). */
export const sandboxAuthenticateBody = z.object({
  clientSecret: z.string().min(1).max(200),
  approve: z.boolean(),
});

export const sandboxConfirmReply = z.object({
  status: z.enum(PAYMENT_STATUSES),
  /** The decline's text, shown under the card form (Stripe's error.message). */
  error: z.string().optional(),
  /** Where the browser goes next (the return URL with redirect_status), unless a step is needed. */
  redirect: z.string().optional(),
});

/** POST /account/{n}/paypal/order: a PayPal order for a top-up (PayPal takes no auto top-up). */
export const paypalOrderBody = z.object({
  amount: inList(TOP_UP_AMOUNTS, PAYMENT_MESSAGES.amount),
});

export const paypalOrderReply = outcomeReply({
  orderId: z.string(),
  /** Which button the browser shows: the sandbox's own wallet, or PayPal's JS SDK buttons. */
  provider: z.enum(['sandbox', 'paypal']),
  /** PayPal's client id for its JS SDK (only with the real provider). */
  clientId: z.string().optional(),
});

export const paypalCaptureReply = outcomeReply({ amountPence: z.number().int() });

/**
 * The sandbox's PayPal window: the buyer logs in and approves (or cancels) the order, paying from
 * the PayPal balance (captured at once), with a card PayPal declines at capture, or from a bank
 * account by eCheck: the capture is PENDING until the eCheck clears (PayPal's webhook then says
 * COMPLETED) or is returned (DENIED).
 */
export const PAYPAL_SANDBOX_FUNDING = ['balance', 'declinedCard', 'echeck', 'echeckDenied'] as const;
export type PaypalSandboxFunding = (typeof PAYPAL_SANDBOX_FUNDING)[number];
export const paypalSandboxApproveBody = z.object({
  orderId: z.string().min(1).max(64),
  approve: z.boolean(),
  /** How the sandbox buyer pays: the PayPal balance, a card PayPal declines at capture, or an eCheck. */
  funding: z.enum(PAYPAL_SANDBOX_FUNDING).default('balance'),
});
export const paypalSandboxApproveReply = z.object({ status: z.enum(['APPROVED', 'VOIDED']) });

/** The account's invoice auto-pay (spec 1 §9: the card is charged three days after the invoice date). */
export const invoiceAutoPayStatus = z.object({
  enabled: z.boolean(),
  /** The saved card's last four digits ('' when none is saved). */
  last4: z.string(),
});
export type InvoiceAutoPayStatus = z.infer<typeof invoiceAutoPayStatus>;

/**
 * A provider's webhook (POST, public: the provider calls it; believed only when signed): the
 * provider's event(s) in; out, at once, the ids of the events stored for applying and of those
 * delivered before (stored once, applied once: the server's inbound-webhook pipeline).
 */
export function webhookRoute<const P extends string>(path: P, tag: string) {
  return route({
    method: 'POST',
    path,
    body: z.looseObject({}),
    reply: z.object({ received: z.boolean(), stored: z.array(z.string()), duplicates: z.array(z.string()) }),
    tag,
  });
}

const tag = 'payments';
const accountParams = z.object({ account_no: z.coerce.number().int().positive() });

export const paymentRoutes = {
  hasAutoTopUp: route({
    method: 'GET',
    path: '/account/:account_no/hasautotopup',
    params: accountParams,
    reply: autoTopUpStatus,
    tag,
  }),
  topUp: route({
    method: 'POST',
    path: '/account/:account_no/topup',
    params: accountParams,
    body: topUpBody,
    reply: clientSecretReply,
    tag,
  }),
  updateAutoTopUp: route({
    method: 'PUT',
    path: '/account/:account_no/topup',
    params: accountParams,
    body: autoTopUpUpdate,
    reply: saveReply,
    tag,
  }),
  payInvoice: route({
    method: 'POST',
    path: '/invoice/:invoiceNumber/pay',
    params: z.object({ invoiceNumber: z.string().min(1).max(20) }),
    body: invoicePayBody,
    reply: clientSecretReply,
    tag,
  }),
  payment: route({
    method: 'GET',
    path: '/payments/:clientSecret',
    params: z.object({ clientSecret: z.string().min(1).max(200) }),
    reply: paymentSummary,
    tag,
  }),
  sandboxConfirm: route({
    method: 'POST',
    path: '/payments/sandbox/confirm',
    body: sandboxConfirmBody,
    reply: sandboxConfirmReply,
    tag,
  }),
  /** The card provider's signed webhook (public: the provider calls it; believed only when signed). */
  webhook: webhookRoute('/payments/webhook', tag),
  invoiceAutoPay: route({ method: 'GET', path: '/payments/invoice-autopay', reply: invoiceAutoPayStatus, tag }),
  stopInvoiceAutoPay: route({ method: 'DELETE', path: '/payments/invoice-autopay', reply: saveReply, tag }),
  paypalOrder: route({
    method: 'POST',
    path: '/account/:account_no/paypal/order',
    params: accountParams,
    body: paypalOrderBody,
    reply: paypalOrderReply,
    tag,
  }),
  paypalCapture: route({
    method: 'POST',
    path: '/account/:account_no/paypal/order/:orderId/capture',
    params: accountParams.extend({ orderId: z.string().min(1).max(64) }),
    reply: paypalCaptureReply,
    tag,
  }),
  /**
   * PayPal's webhook (public: PayPal calls it; believed only once PayPal verifies its signature):
   * a capture completed, denied, refunded or reversed.
   */
  paypalWebhook: webhookRoute('/payments/paypal/webhook', tag),
  paypalSandboxApprove: route({
    method: 'POST',
    path: '/payments/paypal/sandbox/approve',
    body: paypalSandboxApproveBody,
    reply: paypalSandboxApproveReply,
    tag,
  }),
  sandboxAuthenticate: route({
    method: 'POST',
    path: '/payments/sandbox/authenticate',
    body: sandboxAuthenticateBody,
    reply: sandboxConfirmReply,
    tag,
  }),
};
