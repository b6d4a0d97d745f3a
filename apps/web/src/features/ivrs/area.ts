import DialpadIcon from '@mui/icons-material/Dialpad';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** IVR menus (spec 2 §2: /ivrs and /ivrs/{id}, permission IVR). */
export const ivrsArea: AreaDefinition = {
  label: AREA_NAMES.ivrs,
  path: '/ivrs',
  icon: DialpadIcon,
  group: 'Call Routing',
  rules: readRules('IVR'),
};
