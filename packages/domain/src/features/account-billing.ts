/**
 * Account money (issue 13, spec 1): the ledger's entries as the account transactions page shows
 * them (/account-transaction, prepay only, a month filter over the last 12 months), the provider
 * admin's adjustment, the balance alert (spec 1 §9 options, hidden for wholesale), notifications
 * (spec 1 §3 / §7) and the e-mail outbox of the sandbox mail provider.
 */
import { z } from 'zod';
import { formatPence } from '../constants.ts';
import { pagedListRoute, route } from '../contract.ts';
import { recordId } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { saveReply } from '../paging.ts';
import { accountDetailsShape } from './account-lifecycle.ts';

// ---- the ledger -------------------------------------------------------------------------------

export const LEDGER_KINDS = ['opening', 'top-up', 'card-refund', 'charge', 'invoice-payment', 'adjustment'] as const;
export type LedgerKindName = (typeof LEDGER_KINDS)[number];

/** The Type column of the transactions page. */
export const LEDGER_KIND_LABELS: Record<LedgerKindName, string> = {
  opening: 'Opening balance',
  'top-up': 'Top-up',
  'card-refund': 'Card refund',
  charge: 'Charge',
  'invoice-payment': 'Invoice payment',
  adjustment: 'Adjustment',
};

/** Spec 1 §9: the account transactions month list covers 12 months. */
export const TRANSACTION_MONTHS = 12;

/** The months' names, January first (the month lists' and the billing periods' labels). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The last `count` months, newest first: value 'YYYY-MM', label 'November 2026'. */
export function recentMonths(now: Date, count = TRANSACTION_MONTHS): Array<{ value: string; label: string }> {
  const out: Array<{ value: string; label: string }> = [];
  for (let i = 0; i < count; i++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    const month = d.getUTCMonth();
    out.push({
      value: `${d.getUTCFullYear()}-${String(month + 1).padStart(2, '0')}`,
      label: `${MONTH_NAMES[month]} ${d.getUTCFullYear()}`,
    });
  }
  return out;
}

export const monthValue = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Please select a month' });

/** A row of the account transactions page: amounts in pence (signed), the balance after it. */
export const accountTransactionRecord = z.object({
  id: z.number().int(),
  date: z.string(),
  month: z.string(),
  kind: z.enum(LEDGER_KINDS),
  description: z.string(),
  reference: z.string().nullable(),
  amountPence: z.number().int(),
  balancePence: z.number().int(),
});
export type AccountTransaction = z.infer<typeof accountTransactionRecord>;

/** The spec's call: POST /account/transaction with a month ('YYYY-MM'; absent: the current month). */
export const transactionMonthBody = z.object({ month: monthValue.optional() }).default({});

/** Largest single adjustment: £100,000.00. */
export const MAX_ADJUSTMENT_PENCE = 10_000_000;

export const adjustmentBody = z.object({
  type: z.enum(['credit', 'debit'], { error: MESSAGES.selectOption }),
  amountPence: z
    .number({ error: MESSAGES.required })
    .int({ error: 'The amount is a whole number of pence' })
    .min(1, { error: MESSAGES.minValue(1) })
    .max(MAX_ADJUSTMENT_PENCE, { error: MESSAGES.maxValue(MAX_ADJUSTMENT_PENCE) }),
  reason: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .max(200, { error: MESSAGES.maxLength(200) }),
});
export type AdjustmentBody = z.infer<typeof adjustmentBody>;

/** What the Balance Adjustment's confirmation shows: the account, its balance and the largest adjustment. */
export const adjustmentPreview = z.object({
  accountNo: z.number().int(),
  name: z.string(),
  balancePence: z.number().int(),
  /** The server's maximum of one adjustment, in pence (BALANCE_ADJUSTMENT_MAX_POUNDS). */
  maxPence: z.number().int(),
});
export type AdjustmentPreview = z.infer<typeof adjustmentPreview>;

const accountParam = z.object({ account_no: recordId() });

// ---- the balance alert -----------------------------------------------------------------------

/** Spec 1 §9: disabled, below £1, 1.5, 2, 2.5, 5, 10, 20, 50 — stored in pence (0: disabled). */
export const BALANCE_ALERT_PENCE = [0, 100, 150, 200, 250, 500, 1000, 2000, 5000] as const;

export function balanceAlertLabel(pence: number): string {
  return pence === 0 ? 'Disabled' : `Below ${formatPence(pence)}`;
}

export const balanceAlert = z
  .number({ error: MESSAGES.selectOption })
  .int({ error: MESSAGES.selectOption })
  .refine((v) => (BALANCE_ALERT_PENCE as readonly number[]).includes(v), { error: MESSAGES.selectOption });

export const balanceAlertReply = z.object({
  alert: z.number().int(),
  options: z.array(z.object({ value: z.number().int(), label: z.string() })),
});

/**
 * PUT /account/{no}: the account form (spec 1 §3 fields, §5 maxima and patterns) and the balance
 * alert. Only the fields sent are written; `version` is the one the form was loaded with (a newer
 * stored version refuses the save).
 */
export const accountDetailsForm = z.object({ ...accountDetailsShape, alert: balanceAlert });
export type AccountDetailsForm = z.infer<typeof accountDetailsForm>;
export const accountFormBody = accountDetailsForm
  .partial()
  .extend({ version: z.number({ error: MESSAGES.required }).int().positive().optional() });
export type AccountFormBody = z.infer<typeof accountFormBody>;

// ---- notifications ---------------------------------------------------------------------------

export const notificationRecord = z.object({
  notification_id: z.number().int(),
  notification_title: z.string(),
  notification_message: z.string(),
  notification_created: z.string(),
  notification_icon: z.string(),
  notification_color: z.string(),
  notification_read: z.boolean(),
});
export type NotificationRecord = z.infer<typeof notificationRecord>;

export const notificationsReply = z.object({
  records: z.array(notificationRecord),
  totalRecords: z.number().int(),
  unread: z.number().int(),
});

// ---- the e-mail outbox (sandbox mail provider) -------------------------------------------------

/** A file attached to a mail (a voicemail's audio): its name, type and size (bytes; null if unknown). */
export const outboxAttachmentRecord = z.object({
  filename: z.string(),
  contentType: z.string(),
  bytes: z.number().int().nullable(),
});
export type OutboxAttachment = z.infer<typeof outboxAttachmentRecord>;

export const OUTBOX_MESSAGES = {
  /** Ours: an attachment whose file is gone (a voicemail deleted once it was mailed, as its mailbox asks). */
  attachmentGone: 'This attachment is no longer stored: its file was deleted after the mail was sent',
} as const;

export const outboxMailRecord = z.object({
  id: z.number().int(),
  accountNo: z.number().int().nullable(),
  template: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(['pending', 'sandbox', 'sent', 'failed']),
  created: z.string(),
  /** The files attached, in order (downloaded by their index). */
  attachments: z.array(outboxAttachmentRecord),
});
export type OutboxMail = z.infer<typeof outboxMailRecord>;

const tag = 'account-billing';

export const accountBillingRoutes = {
  /** The transactions page's table: paged, month filter (filters.month = 'YYYY-MM'). */
  transactions: pagedListRoute('/account/transaction', accountTransactionRecord, tag),
  /** Spec 1 §7: POST /account/transaction — one month's transactions. */
  transactionsOfMonth: route({
    method: 'POST',
    path: '/account/transaction',
    body: transactionMonthBody,
    reply: z.object({ records: z.array(accountTransactionRecord) }),
    tag,
  }),
  /** A provider admin's credit or debit of an account, with a reason (audited). */
  /** The account an adjustment would post to, for its confirmation (provider admins). */
  adjustPreview: route({
    method: 'GET',
    path: '/account/:account_no/adjustment',
    params: accountParam,
    reply: adjustmentPreview,
    tag,
  }),
  adjust: route({
    method: 'POST',
    path: '/account/:account_no/adjustment',
    params: accountParam,
    body: adjustmentBody,
    reply: saveReply.extend({ balance: z.number().optional() }),
    tag,
  }),
  balanceAlert: route({ method: 'GET', path: '/account/alert/balance', reply: balanceAlertReply, tag }),
  saveAccount: route({
    method: 'PUT',
    path: '/account/:account_no',
    params: accountParam,
    body: accountFormBody,
    reply: saveReply.extend({
      version: z.number().int().optional(),
      /** The save changed a verified legal identity: a new identity check is needed (spec 1 §4). */
      verificationRequired: z.boolean().optional(),
    }),
    tag,
  }),
  notifications: route({ method: 'GET', path: '/notifications', reply: notificationsReply, tag }),
  markRead: route({
    method: 'PATCH',
    path: '/notifications/:id/read',
    params: z.object({ id: recordId() }),
    reply: saveReply,
    tag,
  }),
  outbox: pagedListRoute('/mail/outbox', outboxMailRecord.extend({ id: z.number().int() }), tag),
  /** One attachment of a mail in the outbox, as a download (provider admins). */
  outboxAttachment: route({
    method: 'GET',
    path: '/mail/outbox/:id/attachments/:index',
    params: z.object({ id: recordId(), index: z.coerce.number().int().min(0).max(99) }),
    reply: z.unknown(),
    replyTypes: ['application/octet-stream'],
    tag,
  }),
};

/** '12.5' or '£12.50' → 1250 pence, exactly (no floating point); null for anything else. */
export function parsePounds(text: string): number | null {
  const m = /^£?(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
