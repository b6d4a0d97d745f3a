import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import type { AreaDefinition } from '../../platform/areas.ts';

/** The account's control-panel users and their permissions (the users feature, cpUsers). */
export const userManagerArea: AreaDefinition = {
  label: 'User Manager',
  path: '/user-manager',
  icon: ManageAccountsIcon,
  group: 'Account',
  rules: [{ resource: 'cpUsers', action: 'read' }],
  routes: [
    { path: '', load: () => import('./user-manager-list-page.tsx') },
    { path: ':id', load: () => import('./user-detail-page.tsx') },
  ],
};
