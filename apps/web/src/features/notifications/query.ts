/**
 * The account's notifications (spec 1 §7): one query the page and the top bar's badge share. The
 * badge is on every page from the first load, so the query goes through the fetch wrapper, typed by
 * the contract (a type-only import: no schema, no zod on the way to the dashboard).
 */
import type { accountBillingRoutes, RouteReply } from '@switchboard/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../platform/api.ts';

type NotificationsRoute = typeof accountBillingRoutes.notifications;
/** The contract's path, checked against it by its type. */
const path: NotificationsRoute['path'] = '/notifications';

export const notificationsQuery = queryOptions({
  queryKey: ['notifications'],
  queryFn: () => api.get<RouteReply<NotificationsRoute>>(path),
  // New events reach the badge without a reload.
  refetchInterval: 60_000,
});
