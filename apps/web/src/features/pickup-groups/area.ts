import GroupsIcon from '@mui/icons-material/Groups';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** Pickup groups (spec 2 §2: /pickup-groups and /pickup-groups/{id}, permission pickupGroups). */
export const pickupGroupsArea: AreaDefinition = {
  label: AREA_NAMES['pickup-groups'],
  path: '/pickup-groups',
  icon: GroupsIcon,
  group: 'Call Routing',
  rules: readRules('pickupGroups'),
};
