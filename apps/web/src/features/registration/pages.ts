import type { AreaPages } from '../../platform/areas.ts';
import { registrationArea } from './area.ts';

export const registrationPages: AreaPages = {
  area: registrationArea,
  routes: [],
  publicRoutes: [
    { path: '/registration', load: () => import('./registration-page.tsx') },
    { path: '/registration/success', load: () => import('./registration-success-page.tsx') },
    { path: '/activate', load: () => import('./activate-page.tsx') },
    { path: '/forgot-password', load: () => import('./forgot-password-page.tsx') },
    { path: '/confirm-email', load: () => import('./confirm-email-page.tsx') },
  ],
};
