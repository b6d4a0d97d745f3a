import { type AreaPages, listAndRecord } from '../../platform/areas.ts';
import { outboundClisArea } from './area.ts';

export const outboundClisPages: AreaPages = {
  area: outboundClisArea,
  routes: listAndRecord(
    () => import('./outbound-clis-list-page.tsx'),
    () => import('./outbound-clis-detail-page.tsx'),
  ),
};
