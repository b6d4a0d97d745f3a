import type { AreaPages } from '../../platform/areas.ts';
import { callRecordsArea } from './area.ts';

export const callRecordsPages: AreaPages = {
  area: callRecordsArea,
  routes: [{ path: '', load: () => import('./call-records-page.tsx') }],
};
