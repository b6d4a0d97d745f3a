import VoiceChatIcon from '@mui/icons-material/VoiceChat';
import type { AreaDefinition } from '../../platform/areas.ts';

/** Conference rooms (spec 2 §2, §6: permission conference). */
export const conferencingArea: AreaDefinition = {
  label: 'Conferencing',
  path: '/conferencing',
  icon: VoiceChatIcon,
  group: 'Features',
  rules: [{ resource: 'conference', action: 'read' }],
  routes: [
    { path: '', load: () => import('./conferencing-list-page.tsx') },
    { path: ':id', load: () => import('./conferencing-detail-page.tsx') },
  ],
};
