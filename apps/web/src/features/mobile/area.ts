import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** Mobile numbers: retail accounts only; the list uses the callGroups permission (spec 2 §2, §6). */
export const mobileArea: AreaDefinition = {
  label: AREA_NAMES.mobile,
  path: '/mobile',
  icon: PhoneIphoneIcon,
  group: 'Numbers & Devices',
  rules: readRules('retail', 'callGroups'),
  resource: 'mobile',
};
