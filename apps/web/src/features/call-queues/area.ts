import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import type { AreaDefinition } from '../../platform/areas.ts';

/** Call queues and their members (spec 2 §2, permission queues). */
export const callQueuesArea: AreaDefinition = {
  label: 'Call Queues',
  path: '/call-queues',
  icon: SupportAgentIcon,
  group: 'Call Routing',
  rules: [{ resource: 'queues', action: 'read' }],
  routes: [
    { path: '', load: () => import('./call-queues-list-page.tsx') },
    { path: ':id', load: () => import('./call-queues-detail-page.tsx') },
  ],
};
