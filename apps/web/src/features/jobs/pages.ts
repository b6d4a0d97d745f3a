import type { AreaPages } from '../../platform/areas.ts';
import { jobsArea } from './area.ts';

export const jobsPages: AreaPages = {
  area: jobsArea,
  routes: [{ path: '', load: () => import('./jobs-page.tsx') }],
};
