import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import type { AreaDefinition } from '../../platform/areas.ts';

/** Mobile numbers: retail accounts only; the list uses the callGroups permission (spec 2 §2, §6). */
export const mobileArea: AreaDefinition = {
  label: 'Mobile Numbers',
  path: '/mobile',
  icon: PhoneIphoneIcon,
  group: 'Numbers & Devices',
  rules: [
    { resource: 'retail', action: 'read' },
    { resource: 'callGroups', action: 'read' },
  ],
  routes: [
    { path: '', load: () => import('./mobile-list-page.tsx') },
    { path: ':id', load: () => import('./mobile-detail-page.tsx') },
  ],
};
