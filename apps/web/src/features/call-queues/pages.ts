import { type AreaPages, listAndRecord } from '../../platform/areas.ts';
import { callQueuesArea } from './area.ts';

export const callQueuesPages: AreaPages = {
  area: callQueuesArea,
  routes: listAndRecord(
    () => import('./call-queues-list-page.tsx'),
    () => import('./call-queues-detail-page.tsx'),
  ),
};
