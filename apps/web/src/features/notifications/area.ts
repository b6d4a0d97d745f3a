import { lazy } from 'react';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/**
 * /notifications (spec 1 §2, permission notification): reached from the top bar's unread badge,
 * not from the sidebar (breadcrumb base 'notifications').
 */
export const notificationsArea: AreaDefinition = {
  label: 'Notifications',
  path: '/notifications',
  group: 'Account',
  rules: readRules('notification'),
  useVisible: () => false,
  topBar: lazy(async () => ({ default: (await import('./unread-badge.tsx')).UnreadBadge })),
};
