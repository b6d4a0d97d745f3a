import GroupsIcon from '@mui/icons-material/Groups';
import { type AreaDefinition, listAndRecord, readRules } from '../../platform/areas.ts';

/** Pickup groups (spec 2 §2: /pickup-groups and /pickup-groups/{id}, permission pickupGroups). */
export const pickupGroupsArea: AreaDefinition = {
  label: 'Pickup Groups',
  path: '/pickup-groups',
  icon: GroupsIcon,
  group: 'Call Routing',
  rules: readRules('pickupGroups'),
  routes: listAndRecord(
    () => import('./pickup-groups-list-page.tsx'),
    () => import('./pickup-groups-detail-page.tsx'),
  ),
};
