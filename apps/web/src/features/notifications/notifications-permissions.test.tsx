/** Spec 1 §6 on /notifications: Mark as Read (a change) only with notification update. */
import { can, FEATURES, type NotificationRecord, type PermissionMap } from '@switchboard/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import NotificationsPage from './notifications-page.tsx';

const unread: NotificationRecord = {
  notification_id: 5,
  notification_title: 'Invoice issued',
  notification_message: 'Invoice INV-000005 has been issued.',
  notification_created: '2026-11-01T09:00:00.000Z',
  notification_icon: 'info',
  notification_color: 'info',
  notification_read: false,
};

function renderAs(mask: number) {
  const permissions: PermissionMap = { [String(FEATURES.betaPanel)]: 2, [String(FEATURES.notification)]: mask };
  fakeServer().on('GET', '/notifications', () => ({ records: [unread], totalRecords: 1, unread: 1 }));
  renderPanel(<NotificationsPage />, {
    url: '/notifications?open=5',
    session: { permissions },
    can: (resource, action) => can({ permissions }, resource, action),
  });
}

describe('/notifications (spec 1 §6)', () => {
  it('offers Mark as Read with notification update (read + update: 6)', async () => {
    renderAs(6);
    expect(await screen.findByRole('button', { name: 'Mark as Read' })).toBeTruthy();
  });

  it('shows the notification but no Mark as Read to a user who may only read (2)', async () => {
    renderAs(2);
    expect(await screen.findByText('Invoice INV-000005 has been issued.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as Read' })).toBeNull();
  });
});
