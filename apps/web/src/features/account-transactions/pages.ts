import type { AreaPages } from '../../platform/areas.ts';
import { accountTransactionsArea } from './area.ts';

export const accountTransactionsPages: AreaPages = {
  area: accountTransactionsArea,
  routes: [{ path: '', load: () => import('./account-transactions-page.tsx') }],
};
