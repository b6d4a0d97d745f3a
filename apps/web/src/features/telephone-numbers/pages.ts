import { type AreaPages, listAndRecord } from '../../platform/areas.ts';
import { telephoneNumbersArea } from './area.ts';

export const telephoneNumbersPages: AreaPages = {
  area: telephoneNumbersArea,
  routes: listAndRecord(
    () => import('./telephone-numbers-list-page.tsx'),
    () => import('./telephone-numbers-detail-page.tsx'),
  ),
};
