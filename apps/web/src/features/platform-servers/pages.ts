import type { AreaPages } from '../../platform/areas.ts';
import { platformServersArea } from './area.ts';

export const platformServersPages: AreaPages = {
  area: platformServersArea,
  routes: [{ path: '', load: () => import('./platform-servers-page.tsx') }],
};
