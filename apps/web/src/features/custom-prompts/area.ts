import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import type { AreaDefinition } from '../../platform/areas.ts';

/** Custom prompts (spec 3: /custom-prompts, permission prompts). */
export const customPromptsArea: AreaDefinition = {
  label: 'Custom Prompts',
  path: '/custom-prompts',
  icon: RecordVoiceOverIcon,
  group: 'Features',
  rules: [{ resource: 'prompts', action: 'read' }],
  routes: [
    { path: '', load: () => import('./custom-prompts-list-page.tsx') },
    { path: ':id', load: () => import('./custom-prompts-detail-page.tsx') },
  ],
};
