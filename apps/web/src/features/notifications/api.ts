/** The notifications page's calls; the list's query, shared with the top bar's badge, is in query.ts. */
import { accountBillingRoutes } from '@switchboard/domain';
import { call } from '../../platform/client.ts';

export { notificationsQuery } from './query.ts';

export const markRead = (id: number) => call(accountBillingRoutes.markRead, { params: { id } });
