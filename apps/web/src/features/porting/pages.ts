import type { AreaPages } from '../../platform/areas.ts';
import { portingArea } from './area.ts';

export const portingPages: AreaPages = {
  area: portingArea,
  routes: [],
  publicRoutes: [{ path: '/AOT', load: () => import('./aot-page.tsx') }],
};
