import type { AreaPages } from '../../platform/areas.ts';
import { customersArea } from './area.ts';

export const customersPages: AreaPages = {
  area: customersArea,
  routes: [{ path: '', load: () => import('./customers-page.tsx') }],
};
