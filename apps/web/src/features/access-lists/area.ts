import ListAltIcon from '@mui/icons-material/ListAlt';
import { type AreaDefinition, listAndRecord, readRules } from '../../platform/areas.ts';

export const accessListsArea: AreaDefinition = {
  label: 'Access Lists',
  path: '/access-lists',
  icon: ListAltIcon,
  group: 'Call Routing',
  rules: readRules('acl'),
  routes: listAndRecord(
    () => import('./access-lists-list-page.tsx'),
    () => import('./access-lists-detail-page.tsx'),
  ),
};
