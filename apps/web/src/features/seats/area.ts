import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** Seats: extensions (desk phones and softphones), spec 2 §2, permission seats. */
export const seatsArea: AreaDefinition = {
  label: AREA_NAMES.seats,
  path: '/seats',
  icon: PhoneInTalkIcon,
  group: 'Numbers & Devices',
  rules: readRules('seats'),
};
