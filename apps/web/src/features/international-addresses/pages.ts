import type { AreaPages } from '../../platform/areas.ts';
import { internationalAddressesArea } from './area.ts';

export const internationalAddressesPages: AreaPages = {
  area: internationalAddressesArea,
  routes: [{ path: '', load: () => import('./international-addresses-page.tsx') }],
};
