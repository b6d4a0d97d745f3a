/** The e-mails the platform sends (issue 13): one function per template, plain text. */
import { formatPence } from '@switchboard/domain';

export interface MailContent {
  template: string;
  subject: string;
  text: string;
}

export function lowBalanceMail(a: {
  name: string;
  accountNo: number;
  balancePence: number;
  alertPence: number;
}): MailContent {
  return {
    template: 'low-balance',
    subject: `Your balance is below ${formatPence(a.alertPence)}`,
    text: [
      `Dear ${a.name || 'customer'},`,
      '',
      `The balance of your account ${a.accountNo} is now ${formatPence(a.balancePence)}, below the alert of ${formatPence(a.alertPence)} you set.`,
      'Calls stop when the balance runs out: top up in the control panel (Top Up) to keep your lines working.',
      '',
      'You can change or disable this alert under Account Details.',
    ].join('\n'),
  };
}

// ---- set-password links (account activation, new users, password resets) ---------------------

export function setPasswordMail(a: {
  purpose: 'activation' | 'reset';
  /** A registered account's activation (the account itself waits for it), rather than a new user's. */
  newAccount: boolean;
  name: string;
  username: string;
  accountNo: number;
  link: string;
  validHours: number;
}): MailContent {
  const greeting = `Dear ${a.name || 'customer'},`;
  const footer = [
    '',
    `This link works once and expires in ${a.validHours} hours. If it has expired, use 'Forgot password?' on the sign-in page.`,
    'If you did not expect this e-mail, you can ignore it.',
  ];
  if (a.purpose === 'reset') {
    return {
      template: 'password-reset',
      subject: 'Reset your control panel password',
      text: [
        greeting,
        '',
        `We were asked to reset the password of your control panel user ${a.username} (account ${a.accountNo}).`,
        'To choose a new password, open this link:',
        '',
        a.link,
        ...footer,
      ].join('\n'),
    };
  }
  return {
    template: a.newAccount ? 'activation' : 'set-password',
    subject: a.newAccount ? 'Activate your account' : 'Your control panel user is ready',
    text: [
      greeting,
      '',
      a.newAccount
        ? `Thank you for registering. Your account number is ${a.accountNo}.`
        : `A control panel user has been created for you on account ${a.accountNo}.`,
      `Your username is: ${a.username}`,
      '',
      a.newAccount
        ? 'To activate your account, set your password by opening this link:'
        : 'To start, set your password by opening this link:',
      '',
      a.link,
      ...footer,
    ].join('\n'),
  };
}

/**
 * An e-mail change of a control-panel user, sent to the present (old) address: the notice that it
 * was asked for, and the link that confirms it (nothing changes otherwise).
 */
export function emailChangeMail(a: {
  name: string;
  username: string;
  accountNo: number;
  newEmail: string;
  requestedBy: string;
  link: string;
  validHours: number;
}): MailContent {
  return {
    template: 'email-change',
    subject: 'Confirm the change of your e-mail address',
    text: [
      `Dear ${a.name || 'customer'},`,
      '',
      `${a.requestedBy} asked to change the e-mail address of your control panel user ${a.username} (account ${a.accountNo}) to ${a.newEmail}.`,
      'Password reset links and notices would then go to that address. If you agree, confirm the change by opening this link:',
      '',
      a.link,
      '',
      `This link works once and expires in ${a.validHours} hours. Until it is used your e-mail address stays as it is.`,
      'If you did not expect this change, do not open the link and tell your account holder.',
    ].join('\n'),
  };
}

/**
 * A registration with the address of an existing account's holder: the answer to the visitor is the
 * same as a new account's (it does not say the address is known); the address is told here.
 */
export function alreadyRegisteredMail(a: {
  name: string;
  username: string;
  accountNo: number;
  signInLink: string;
  forgotLink: string;
}): MailContent {
  return {
    template: 'already-registered',
    subject: 'You already have an account',
    text: [
      `Dear ${a.name || 'customer'},`,
      '',
      'Someone, perhaps you, asked to register a new account with this e-mail address.',
      `You already have an account (${a.accountNo}): your username is ${a.username}. No new account was created.`,
      '',
      `To sign in: ${a.signInLink}`,
      `If you have forgotten your password: ${a.forgotLink}`,
      '',
      'If this was not you, you can ignore this e-mail.',
    ].join('\n'),
  };
}

// ---- invoices (features/invoices) ------------------------------------------------------------
export function invoiceIssuedMail(a: {
  name: string;
  accountNo: number;
  invoiceNo: string;
  period: string;
  totalPence: number;
  due: string;
}): MailContent {
  return {
    template: 'invoice-issued',
    subject: `Invoice ${a.invoiceNo} for ${a.period}: ${formatPence(a.totalPence)}`,
    text: [
      `Dear ${a.name || 'customer'},`,
      '',
      `Invoice ${a.invoiceNo} for account ${a.accountNo} (${a.period}) has been issued.`,
      `Total: ${formatPence(a.totalPence)} including VAT at 20%. Payment is due by ${a.due}.`,
      '',
      'You can view, download and pay it in the control panel under Invoices.',
    ].join('\n'),
  };
}

// ---- card payments (features/payments) -------------------------------------------------------
export function paymentFailedMail(a: {
  name: string;
  accountNo: number;
  description: string;
  amountPence: number;
  reason: string;
  /** How it was paid (default by card). */
  method?: 'card' | 'paypal';
}): MailContent {
  const paypal = a.method === 'paypal';
  return {
    template: 'payment-failed',
    subject: `Your payment of ${formatPence(a.amountPence)} was unsuccessful`,
    text: [
      `Dear ${a.name || 'customer'},`,
      '',
      `Your ${paypal ? 'PayPal' : 'card'} payment of ${formatPence(a.amountPence)} (${a.description}) for account ${a.accountNo} was unsuccessful${a.reason ? `: ${a.reason}` : '.'}`,
      paypal
        ? 'Nothing has been taken. Please try again choosing another way to pay in PayPal, or contact support if the issue persists.'
        : 'Nothing has been taken from your card. Please try again with another card, or contact support if the issue persists.',
    ].join('\n'),
  };
}

// ---- direct debit (features/direct-debit) -----------------------------------------------------
export function directDebitProblemMail(a: {
  name: string;
  accountNo: number;
  invoiceNo: string;
  amountPence: number;
  reason: string;
  /** Collected, then reversed by the bank (a chargeback); else returned unpaid (ARUDD). */
  chargedBack: boolean;
}): MailContent {
  const amount = formatPence(a.amountPence);
  return {
    template: 'direct-debit-failed',
    subject: a.chargedBack
      ? `Your Direct Debit of ${amount} for invoice ${a.invoiceNo} was reversed`
      : `Your Direct Debit of ${amount} for invoice ${a.invoiceNo} was unsuccessful`,
    text: [
      `Dear ${a.name || 'customer'},`,
      '',
      a.chargedBack
        ? `Your bank reversed the Direct Debit of ${amount} for invoice ${a.invoiceNo} (account ${a.accountNo}): ${a.reason}.`
        : `Your bank returned the Direct Debit of ${amount} for invoice ${a.invoiceNo} (account ${a.accountNo}) unpaid: ${a.reason}. Nothing was taken.`,
      a.chargedBack
        ? 'The amount is owed again and has been debited from your account balance. Please top up by card in the control panel, or contact support.'
        : 'The invoice is still due. Please pay it by card in the control panel (Invoices, Pay Invoice), and check your Direct Debit with your bank.',
    ].join('\n'),
  };
}

/**
 * A number of the account is being ported away: the advice of transfer's links (the /AOT page) —
 * accept and reject, or (no advice needed) the page that says so.
 */
export function adviceOfTransferMail(a: {
  name: string;
  accountNo: number;
  number: string;
  datePorting: string;
  links: { accept: string; reject: string } | { view: string };
  validDays: number;
}): MailContent {
  const asked = 'accept' in a.links;
  return {
    template: 'advice-of-transfer',
    subject: `Advice of transfer: ${a.number} is being ported to another provider`,
    text: [
      `Dear ${a.name || 'customer'},`,
      '',
      `We have been asked to port the telephone number ${a.number} of your account ${a.accountNo} to another provider on ${a.datePorting}.`,
      ...('accept' in a.links
        ? [
            'If you asked for this transfer, accept it; if you did not, reject it and tell us why:',
            '',
            `Accept: ${a.links.accept}`,
            `Reject: ${a.links.reject}`,
          ]
        : ['No advice of transfer is needed from you for this number. Its details:', '', a.links.view]),
      '',
      asked
        ? `These links expire in ${a.validDays} days. If you do not answer, please contact support.`
        : `This link expires in ${a.validDays} days.`,
    ].join('\n'),
  };
}

// ---- voicemail-to-e-mail -------------------------------------------------------------------------

/** A new voicemail, its audio attached (the mailbox's e-mail: spec 3 §3 voicemail settings). */
export function voicemailMail(a: {
  mailbox: string;
  label: string;
  fullname: string;
  callerIdName: string;
  callerIdNumber: string;
  /** 'DD MM YYYY HH:mm:ss', London time. */
  date: string;
  duration: number;
  /** The message is deleted from the mailbox once this mail has been sent (vmDelete). */
  deletedAfter: boolean;
}): MailContent {
  const from =
    [a.callerIdName, a.callerIdNumber && `<${a.callerIdNumber}>`].filter(Boolean).join(' ') || 'an unknown caller';
  return {
    template: 'voicemail',
    subject: `New voicemail for ${a.label} from ${from}`,
    text: [
      `Dear ${a.fullname || 'customer'},`,
      '',
      `There is a new voicemail in mailbox ${a.mailbox} (${a.label}).`,
      `From: ${from}`,
      `Left: ${a.date}`,
      `Length: ${a.duration} seconds`,
      '',
      'The message is attached.',
      a.deletedAfter
        ? 'As this mailbox is set to delete messages once e-mailed, it is no longer in the control panel.'
        : 'You can also play it in the control panel under Voicemail.',
    ].join('\n'),
  };
}
