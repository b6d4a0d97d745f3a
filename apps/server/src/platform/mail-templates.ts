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
