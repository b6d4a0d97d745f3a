import type { AreaPages } from '../../platform/areas.ts';
import { balanceAdjustmentsArea } from './area.ts';

export const balanceAdjustmentsPages: AreaPages = {
  area: balanceAdjustmentsArea,
  routes: [{ path: '', load: () => import('./balance-adjustment-page.tsx') }],
};
