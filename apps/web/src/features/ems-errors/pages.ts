import type { AreaPages } from '../../platform/areas.ts';
import { emsErrorsArea } from './area.ts';

export const emsErrorsPages: AreaPages = {
  area: emsErrorsArea,
  routes: [{ path: '', load: () => import('./ems-errors-page.tsx') }],
};
