import type { AreaPages } from '../../platform/areas.ts';
import { auditArea } from './area.ts';

export const auditPages: AreaPages = {
  area: auditArea,
  routes: [{ path: '', load: () => import('./audit-page.tsx') }],
};
