import DialpadIcon from '@mui/icons-material/Dialpad';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** Telephone numbers: the account's allocated numbers (DDIs), spec 2 §2, permission numbers. */
export const telephoneNumbersArea: AreaDefinition = {
  label: AREA_NAMES['telephone-numbers'],
  path: '/telephone-numbers',
  icon: DialpadIcon,
  group: 'Numbers & Devices',
  rules: readRules('numbers'),
};
