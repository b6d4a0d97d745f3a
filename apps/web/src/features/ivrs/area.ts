import DialpadIcon from '@mui/icons-material/Dialpad';
import type { AreaDefinition } from '../../platform/areas.ts';

/** IVR menus (spec 2 §2: /ivrs and /ivrs/{id}, permission IVR). */
export const ivrsArea: AreaDefinition = {
  label: 'IVRs',
  path: '/ivrs',
  icon: DialpadIcon,
  group: 'Call Routing',
  rules: [{ resource: 'IVR', action: 'read' }],
  routes: [
    { path: '', load: () => import('./ivrs-list-page.tsx') },
    { path: ':id', load: () => import('./ivrs-detail-page.tsx') },
  ],
};
