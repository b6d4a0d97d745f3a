import GroupsIcon from '@mui/icons-material/Groups';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** Call groups and their members (spec 2 §2, permission callGroups). */
export const callGroupsArea: AreaDefinition = {
  label: AREA_NAMES['call-groups'],
  path: '/call-groups',
  icon: GroupsIcon,
  group: 'Call Routing',
  rules: readRules('callGroups'),
};
