import SettingsEthernetIcon from '@mui/icons-material/SettingsEthernet';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** SIP trunks (spec 2 §2, permission SIPTrunks). */
export const sipTrunksArea: AreaDefinition = {
  label: AREA_NAMES['sip-trunks'],
  path: '/sip',
  icon: SettingsEthernetIcon,
  group: 'Numbers & Devices',
  rules: readRules('SIPTrunks'),
};
