import ScheduleIcon from '@mui/icons-material/Schedule';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** Time profiles with their calendar entries (spec 2 §2, permission timeprofile). */
export const timeProfilesArea: AreaDefinition = {
  label: AREA_NAMES['time-profiles'],
  path: '/time-profiles',
  icon: ScheduleIcon,
  group: 'Call Routing',
  rules: readRules('timeprofile'),
};
