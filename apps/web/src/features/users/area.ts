import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** The account's control-panel users and their permissions (the users feature, cpUsers). */
export const usersArea: AreaDefinition = {
  label: AREA_NAMES.users,
  path: '/user-manager',
  icon: ManageAccountsIcon,
  group: 'Account',
  rules: readRules('cpUsers'),
};
