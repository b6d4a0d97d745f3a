import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import { type AreaDefinition, listAndRecord, readRules } from '../../platform/areas.ts';

/** Music on hold (spec 3: /music-on-hold, permission musicOnHold). */
export const musicOnHoldArea: AreaDefinition = {
  label: 'Music On Hold',
  path: '/music-on-hold',
  icon: LibraryMusicIcon,
  group: 'Features',
  rules: readRules('musicOnHold'),
  routes: listAndRecord(
    () => import('./music-list-page.tsx'),
    () => import('./music-detail-page.tsx'),
  ),
};
