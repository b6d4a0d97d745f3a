import type { AreaPages } from '../../platform/areas.ts';
import { bundlesArea } from './area.ts';

export const bundlesPages: AreaPages = {
  area: bundlesArea,
  routes: [{ path: '', load: () => import('./bundles-page.tsx') }],
};
