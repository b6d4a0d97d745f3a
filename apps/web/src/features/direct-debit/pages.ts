import type { AreaPages } from '../../platform/areas.ts';
import { directDebitArea } from './area.ts';

export const directDebitPages: AreaPages = {
  area: directDebitArea,
  routes: [{ path: '', load: () => import('./direct-debit-page.tsx') }],
};
