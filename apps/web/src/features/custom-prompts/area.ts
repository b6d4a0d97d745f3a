import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import { type AreaDefinition, listAndRecord, readRules } from '../../platform/areas.ts';

/** Custom prompts (spec 3: /custom-prompts, permission prompts). */
export const customPromptsArea: AreaDefinition = {
  label: 'Custom Prompts',
  path: '/custom-prompts',
  icon: RecordVoiceOverIcon,
  group: 'Features',
  rules: readRules('prompts'),
  routes: listAndRecord(
    () => import('./custom-prompts-list-page.tsx'),
    () => import('./custom-prompts-detail-page.tsx'),
  ),
};
