import ListAltIcon from '@mui/icons-material/ListAlt';
import type { AreaDefinition } from '../../platform/areas.ts';

export const accessListsArea: AreaDefinition = {
  label: 'Access Lists',
  path: '/access-lists',
  icon: ListAltIcon,
  group: 'Call Routing',
  rules: [{ resource: 'acl', action: 'read' }],
  routes: [
    { path: '', load: () => import('./access-lists-list-page.tsx') },
    { path: ':id', load: () => import('./access-lists-detail-page.tsx') },
  ],
};
