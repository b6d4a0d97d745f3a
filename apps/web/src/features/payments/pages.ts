import type { AreaPages } from '../../platform/areas.ts';
import { paymentsArea } from './area.ts';

export const paymentsPages: AreaPages = {
  area: paymentsArea,
  routes: [{ path: ':clientSecret', load: () => import('./card-payment-page.tsx') }],
};
