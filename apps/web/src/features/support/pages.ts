import type { AreaPages } from '../../platform/areas.ts';
import { supportArea } from './area.ts';

export const supportPages: AreaPages = {
  area: supportArea,
  routes: [{ path: '', load: () => import('./support-page.tsx') }],
};
