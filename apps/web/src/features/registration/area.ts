import type { AreaDefinition } from '../../platform/areas.ts';

/**
 * Public pages (spec 1 §2 "Registration"; no session, no idle timer): /registration and its
 * success page, the set-password link's /activate, 'Forgot password?' and the e-mail change link's
 * /confirm-email. No sidebar entry.
 */
export const registrationArea: AreaDefinition = {
  label: 'Registration',
  path: '/registration',
  group: 'Account',
  rules: [],
  useVisible: () => false,
};
