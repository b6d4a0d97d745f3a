import type { ServerArea } from '../../platform/area.ts';
import { accountBillingLists, registerAccountBillingRoutes } from './account-billing.routes.ts';

/** Account money: transactions, adjustments, the balance alert, notifications, the e-mail outbox. */
export const area: ServerArea = {
  name: 'account-billing',
  lists: accountBillingLists,
  routes: registerAccountBillingRoutes,
};
