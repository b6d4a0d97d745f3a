import PhoneForwardedIcon from '@mui/icons-material/PhoneForwarded';
import type { AreaDefinition } from '../../platform/areas.ts';

/** NTS: external forwarding destinations (spec 2 §2: /nts and /nts/{id}, permission externalExt). */
export const ntsArea: AreaDefinition = {
  label: 'NTS',
  path: '/nts',
  icon: PhoneForwardedIcon,
  group: 'Call Routing',
  rules: [{ resource: 'externalExt', action: 'read' }],
  routes: [
    { path: '', load: () => import('./nts-list-page.tsx') },
    { path: ':id', load: () => import('./nts-detail-page.tsx') },
  ],
};
