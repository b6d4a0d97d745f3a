import type { AreaDefinition } from '../../platform/areas.ts';

/**
 * /payment/:clientSecret: the card form a top-up or an invoice's payment goes to (the sandbox
 * provider's, behaving as Stripe's test cards do); it returns to the page the payment came from
 * with redirect_status. Not in the sidebar: reached from Top Up and Pay Invoice.
 */
export const paymentsArea: AreaDefinition = {
  label: 'Card Payment',
  path: '/payment',
  group: 'Account',
  rules: [{ resource: 'account', action: 'update' }],
  useVisible: () => false,
};
