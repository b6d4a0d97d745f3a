import type { AreaPages } from '../../platform/areas.ts';
import { callFlowArea } from './area.ts';

export const callFlowPages: AreaPages = {
  area: callFlowArea,
  routes: [{ path: '', load: () => import('./call-flow-page.tsx') }],
};
