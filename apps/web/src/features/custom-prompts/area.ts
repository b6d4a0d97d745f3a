import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, listAndRecord, readRules } from '../../platform/areas.ts';

/** Custom prompts (spec 3: /custom-prompts, permission prompts). */
export const customPromptsArea: AreaDefinition = {
  label: AREA_NAMES.prompts,
  path: '/custom-prompts',
  icon: RecordVoiceOverIcon,
  group: 'Features',
  rules: readRules('prompts'),
  routes: listAndRecord(
    () => import('./custom-prompts-list-page.tsx'),
    () => import('./custom-prompts-detail-page.tsx'),
  ),
};
