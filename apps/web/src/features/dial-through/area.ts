import DialpadIcon from '@mui/icons-material/Dialpad';
import type { AreaDefinition } from '../../platform/areas.ts';

/** Dial-through (spec 2 §2, §6: permission dialThrough). */
export const dialThroughArea: AreaDefinition = {
  label: 'Dial Through',
  path: '/dial-through',
  icon: DialpadIcon,
  group: 'Call Routing',
  rules: [{ resource: 'dialThrough', action: 'read' }],
  routes: [
    { path: '', load: () => import('./dial-through-list-page.tsx') },
    { path: ':id', load: () => import('./dial-through-detail-page.tsx') },
  ],
};
