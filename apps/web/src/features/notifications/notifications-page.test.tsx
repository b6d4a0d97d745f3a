import { MESSAGES, type NotificationRecord } from '@switchboard/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import NotificationsPage from './notifications-page.tsx';

const note = (id: number, read: boolean): NotificationRecord => ({
  notification_id: id,
  notification_title: `Low balance ${id}`,
  notification_message: `Message ${id}`,
  notification_created: '2026-11-20T10:15:00.000Z',
  notification_icon: 'warning',
  notification_color: 'warning',
  notification_read: read,
});

function serve(records: NotificationRecord[]) {
  const server = fakeServer();
  server.on('GET', '/notifications', () => ({
    records,
    totalRecords: records.length,
    unread: records.filter((n) => !n.notification_read).length,
  }));
  return server;
}

describe('/notifications', () => {
  it('says so when there are none', async () => {
    serve([]);
    renderPanel(<NotificationsPage />, { url: '/notifications' });
    expect(await screen.findByText(MESSAGES.noNotifications)).toBeTruthy();
  });

  it('opens ?open={id} and marks an unread one read', async () => {
    const records = [note(2, false), note(1, true)];
    const server = serve(records);
    server.on('PATCH', /^\/notifications\/(\d+)\/read$/, (_req, match) => {
      const found = records.find((n) => n.notification_id === Number(match[1]));
      if (found) found.notification_read = true;
      return { success: true, message: MESSAGES.notificationMarked };
    });
    const { user } = renderPanel(<NotificationsPage />, { url: '/notifications?open=2' });
    expect((await screen.findByRole('button', { name: /Low balance 2/ })).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: /Low balance 1/ }).getAttribute('aria-expanded')).toBe('false');
    // The read one has no Mark as Read; the unread one has.
    expect(screen.getAllByRole('button', { name: 'Mark as Read' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Mark as Read' }));
    expect(await screen.findByText(MESSAGES.notificationMarked)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark as Read' })).toBeNull());
    expect(server.sent('PATCH', '/notifications/2/read')).toHaveLength(1);
  });

  it('says so when marking fails', async () => {
    const server = serve([note(3, false)]);
    server.on('PATCH', '/notifications/3/read', () => reply(404, { success: false, message: 'x' }));
    const { user } = renderPanel(<NotificationsPage />, { url: '/notifications?open=3' });
    await user.click(await screen.findByRole('button', { name: 'Mark as Read' }));
    expect(await screen.findByText(MESSAGES.notificationNotMarked)).toBeTruthy();
  });
});
