import SmsIcon from '@mui/icons-material/Sms';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** SMS (spec 3 §2 /sms, /sms/{id}; permission mobile, §6). */
export const smsArea: AreaDefinition = {
  label: AREA_NAMES.sms,
  path: '/sms',
  icon: SmsIcon,
  group: 'Numbers & Devices',
  rules: readRules('mobile'),
};
