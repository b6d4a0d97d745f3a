import type { AreaPages } from '../../platform/areas.ts';
import { tariffArea } from './area.ts';

export const tariffPages: AreaPages = {
  area: tariffArea,
  routes: [
    { path: '', load: () => import('./tariff-page.tsx') },
    { path: ':name/:id', load: () => import('./tariff-document-page.tsx') },
  ],
};
