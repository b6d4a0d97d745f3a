import { type AreaPages, listAndRecord } from '../../platform/areas.ts';
import { promptsArea } from './area.ts';

export const promptsPages: AreaPages = {
  area: promptsArea,
  routes: listAndRecord(
    () => import('./prompts-list-page.tsx'),
    () => import('./prompts-detail-page.tsx'),
  ),
};
