import type { AreaPages } from '../../platform/areas.ts';
import { accountArea } from './area.ts';

export const accountPages: AreaPages = {
  area: accountArea,
  routes: [{ path: '', load: () => import('./account-page.tsx') }],
};
