import type { AreaPages } from '../../platform/areas.ts';
import { voicemailArea } from './area.ts';

export const voicemailPages: AreaPages = {
  area: voicemailArea,
  routes: [
    { path: '', load: () => import('./voicemail-page.tsx') },
    { path: 'settings/:mailbox', load: () => import('./voicemail-settings-page.tsx') },
    { path: ':mailbox/:id', load: () => import('./voicemail-message-page.tsx') },
  ],
};
