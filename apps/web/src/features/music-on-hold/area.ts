import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import type { AreaDefinition } from '../../platform/areas.ts';

/** Music on hold (spec 3: /music-on-hold, permission musicOnHold). */
export const musicOnHoldArea: AreaDefinition = {
  label: 'Music On Hold',
  path: '/music-on-hold',
  icon: LibraryMusicIcon,
  group: 'Features',
  rules: [{ resource: 'musicOnHold', action: 'read' }],
  routes: [
    { path: '', load: () => import('./music-list-page.tsx') },
    { path: ':id', load: () => import('./music-detail-page.tsx') },
  ],
};
