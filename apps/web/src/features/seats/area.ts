import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import type { AreaDefinition } from '../../platform/areas.ts';

/** Seats: extensions (desk phones and softphones), spec 2 §2, permission seats. */
export const seatsArea: AreaDefinition = {
  label: 'Seats',
  path: '/seats',
  icon: PhoneInTalkIcon,
  group: 'Numbers & Devices',
  rules: [{ resource: 'seats', action: 'read' }],
  routes: [
    { path: '', load: () => import('./seats-list-page.tsx') },
    { path: ':id', load: () => import('./seats-detail-page.tsx') },
  ],
};
