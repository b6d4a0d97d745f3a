import type { AreaPages } from '../../platform/areas.ts';
import { outboxArea } from './area.ts';

export const outboxPages: AreaPages = {
  area: outboxArea,
  routes: [{ path: '', load: () => import('./outbox-page.tsx') }],
};
