import SettingsEthernetIcon from '@mui/icons-material/SettingsEthernet';
import type { AreaDefinition } from '../../platform/areas.ts';

/** SIP trunks (spec 2 §2, permission SIPTrunks). */
export const sipTrunksArea: AreaDefinition = {
  label: 'SIP Trunks',
  path: '/sip',
  icon: SettingsEthernetIcon,
  group: 'Numbers & Devices',
  rules: [{ resource: 'SIPTrunks', action: 'read' }],
  routes: [
    { path: '', load: () => import('./sip-trunks-list-page.tsx') },
    { path: ':id', load: () => import('./sip-trunks-detail-page.tsx') },
  ],
};
