import { type AreaPages, listAndRecord } from '../../platform/areas.ts';
import { customPromptsArea } from './area.ts';

export const customPromptsPages: AreaPages = {
  area: customPromptsArea,
  routes: listAndRecord(
    () => import('./custom-prompts-list-page.tsx'),
    () => import('./custom-prompts-detail-page.tsx'),
  ),
};
