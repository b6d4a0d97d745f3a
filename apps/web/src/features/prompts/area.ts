import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** Custom prompts (spec 3: /custom-prompts, permission prompts). */
export const promptsArea: AreaDefinition = {
  label: AREA_NAMES.prompts,
  path: '/custom-prompts',
  icon: RecordVoiceOverIcon,
  group: 'Features',
  rules: readRules('prompts'),
};
