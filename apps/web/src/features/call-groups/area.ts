import GroupsIcon from '@mui/icons-material/Groups';
import type { AreaDefinition } from '../../platform/areas.ts';

/** Call groups and their members (spec 2 §2, permission callGroups). */
export const callGroupsArea: AreaDefinition = {
  label: 'Call Groups',
  path: '/call-groups',
  icon: GroupsIcon,
  group: 'Call Routing',
  rules: [{ resource: 'callGroups', action: 'read' }],
  routes: [
    { path: '', load: () => import('./call-groups-list-page.tsx') },
    { path: ':id', load: () => import('./call-groups-detail-page.tsx') },
  ],
};
