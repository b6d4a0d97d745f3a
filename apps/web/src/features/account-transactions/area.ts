import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/**
 * /account-transaction: the prepay account's ledger (spec 1 §2). Its sidebar entry is the Balance
 * item, which links here; the area's own entry stays hidden.
 */
export const accountTransactionsArea: AreaDefinition = {
  label: 'Account Transactions',
  path: '/account-transaction',
  group: 'Account',
  rules: readRules('prepay'),
  useVisible: () => false,
};
