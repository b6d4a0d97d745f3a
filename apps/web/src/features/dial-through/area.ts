import DialpadIcon from '@mui/icons-material/Dialpad';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** Dial-through (spec 2 §2, §6: permission dialThrough). */
export const dialThroughArea: AreaDefinition = {
  label: AREA_NAMES['dial-through'],
  path: '/dial-through',
  icon: DialpadIcon,
  group: 'Call Routing',
  rules: readRules('dialThrough'),
};
