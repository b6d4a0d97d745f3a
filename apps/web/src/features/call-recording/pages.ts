import { type AreaPages, listAndRecord } from '../../platform/areas.ts';
import { callRecordingArea } from './area.ts';

export const callRecordingPages: AreaPages = {
  area: callRecordingArea,
  routes: listAndRecord(
    () => import('./call-recording-list-page.tsx'),
    () => import('./call-recording-detail-page.tsx'),
  ),
};
