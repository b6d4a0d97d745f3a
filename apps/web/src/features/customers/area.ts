import GroupsIcon from '@mui/icons-material/Groups';
import type { AreaDefinition } from '../../app/areas.ts';

/** The wholesale customers page: the accounts below the user's own, with 'Act as customer'. */
export const customersArea: AreaDefinition = {
  label: 'Customers',
  path: '/customers',
  icon: GroupsIcon,
  group: 'Portal',
  rules: [{ resource: 'wholesaleCustomers', action: 'read' }],
  routes: [{ path: '', load: () => import('./customers-page.tsx') }],
};
