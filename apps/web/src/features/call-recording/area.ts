import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** Call recordings (spec 3 §2 /call-recording, /call-recording/{id}; permission callRecordings). */
export const callRecordingArea: AreaDefinition = {
  label: AREA_NAMES['call-recording'],
  path: '/call-recording',
  icon: GraphicEqIcon,
  group: 'Features',
  rules: readRules('callRecordings'),
};
