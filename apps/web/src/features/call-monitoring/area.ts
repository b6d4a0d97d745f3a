import HeadsetMicIcon from '@mui/icons-material/HeadsetMic';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** Call monitoring per seat (spec 2 §2, permission spy), after Access Lists as the spec's sidebar lists it. */
export const callMonitoringArea: AreaDefinition = {
  label: AREA_NAMES['call-monitoring'],
  path: '/call-monitoring',
  icon: HeadsetMicIcon,
  group: 'Features',
  rules: readRules('spy'),
};
