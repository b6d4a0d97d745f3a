import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import { type AreaDefinition, listAndRecord, readRules } from '../../platform/areas.ts';

/** Seats: extensions (desk phones and softphones), spec 2 §2, permission seats. */
export const seatsArea: AreaDefinition = {
  label: 'Seats',
  path: '/seats',
  icon: PhoneInTalkIcon,
  group: 'Numbers & Devices',
  rules: readRules('seats'),
  routes: listAndRecord(
    () => import('./seats-list-page.tsx'),
    () => import('./seats-detail-page.tsx'),
  ),
};
