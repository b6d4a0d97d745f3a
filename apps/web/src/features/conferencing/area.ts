import VoiceChatIcon from '@mui/icons-material/VoiceChat';
import { type AreaDefinition, listAndRecord, readRules } from '../../platform/areas.ts';

/** Conference rooms (spec 2 §2, §6: permission conference). */
export const conferencingArea: AreaDefinition = {
  label: 'Conferencing',
  path: '/conferencing',
  icon: VoiceChatIcon,
  group: 'Features',
  rules: readRules('conference'),
  routes: listAndRecord(
    () => import('./conferencing-list-page.tsx'),
    () => import('./conferencing-detail-page.tsx'),
  ),
};
