/** The account's notifications (spec 1 §7): one query the page and the top bar's badge share. */
import { accountBillingRoutes } from '@switchboard/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../platform/client.ts';

export const notificationsQuery = queryOptions({
  queryKey: ['notifications'],
  queryFn: () => call(accountBillingRoutes.notifications),
  // New events reach the badge without a reload.
  refetchInterval: 60_000,
});

export const markRead = (id: number) => call(accountBillingRoutes.markRead, { params: { id } });
