import GroupsIcon from '@mui/icons-material/Groups';
import type { AreaDefinition } from '../../platform/areas.ts';

/** Pickup groups (spec 2 §2: /pickup-groups and /pickup-groups/{id}, permission pickupGroups). */
export const pickupGroupsArea: AreaDefinition = {
  label: 'Pickup Groups',
  path: '/pickup-groups',
  icon: GroupsIcon,
  group: 'Call Routing',
  rules: [{ resource: 'pickupGroups', action: 'read' }],
  routes: [
    { path: '', load: () => import('./pickup-groups-list-page.tsx') },
    { path: ':id', load: () => import('./pickup-groups-detail-page.tsx') },
  ],
};
