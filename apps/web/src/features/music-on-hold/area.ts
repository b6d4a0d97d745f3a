import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** Music on hold (spec 3: /music-on-hold, permission musicOnHold). */
export const musicOnHoldArea: AreaDefinition = {
  label: AREA_NAMES['music-on-hold'],
  path: '/music-on-hold',
  icon: LibraryMusicIcon,
  group: 'Features',
  rules: readRules('musicOnHold'),
};
