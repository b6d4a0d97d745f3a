import VoiceChatIcon from '@mui/icons-material/VoiceChat';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** Conference rooms (spec 2 §2, §6: permission conference). */
export const conferencingArea: AreaDefinition = {
  label: AREA_NAMES.conferencing,
  path: '/conferencing',
  icon: VoiceChatIcon,
  group: 'Features',
  rules: readRules('conference'),
};
