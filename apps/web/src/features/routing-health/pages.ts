import type { AreaPages } from '../../platform/areas.ts';
import { routingHealthArea } from './area.ts';

export const routingHealthPages: AreaPages = {
  area: routingHealthArea,
  routes: [{ path: '', load: () => import('./routing-health-page.tsx') }],
};
