import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import { type AreaDefinition, listAndRecord, readRules } from '../../platform/areas.ts';

/** The account's control-panel users and their permissions (the users feature, cpUsers). */
export const userManagerArea: AreaDefinition = {
  label: 'User Manager',
  path: '/user-manager',
  icon: ManageAccountsIcon,
  group: 'Account',
  rules: readRules('cpUsers'),
  routes: listAndRecord(
    () => import('./user-manager-list-page.tsx'),
    () => import('./user-detail-page.tsx'),
  ),
};
