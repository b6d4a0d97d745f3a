import type { AreaPages } from '../../platform/areas.ts';
import { accountDetailsArea } from './area.ts';

export const accountDetailsPages: AreaPages = {
  area: accountDetailsArea,
  routes: [{ path: '', load: () => import('./account-details-page.tsx') }],
};
