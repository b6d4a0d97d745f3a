import ListAltIcon from '@mui/icons-material/ListAlt';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

export const accessListsArea: AreaDefinition = {
  label: AREA_NAMES['access-lists'],
  path: '/access-lists',
  icon: ListAltIcon,
  group: 'Call Routing',
  rules: readRules('acl'),
};
