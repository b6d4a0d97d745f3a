import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** /account-details: the account form and, for the provider's direct customers, Delete Account (spec 1 §2). */
export const accountArea: AreaDefinition = {
  label: AREA_NAMES.account,
  path: '/account-details',
  icon: AccountCircleIcon,
  group: 'Account',
  rules: readRules('account'),
};
