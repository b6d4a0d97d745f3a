import { OUTBOX_MESSAGES, type OutboxMail } from '@switchboard/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import OutboxPage from './outbox-page.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const mail: OutboxMail = {
  id: 41,
  accountNo: 30000,
  template: 'voicemail',
  to: 'reception@acmeplumbing.example',
  subject: 'New voicemail from 07700900123',
  text: 'You have a new voicemail.',
  status: 'sandbox',
  created: '29/11/2026 10:15',
  attachments: [{ filename: 'voicemail-20261129T101500.wav', contentType: 'audio/wav', bytes: 48_044 }],
};

describe('/outbox', { timeout: 45_000 }, () => {
  it("shows a mail's attachments (name, type, size) and downloads one; a file gone is said so", async () => {
    const s = fakeServer({ '/mail/outbox': [{ ...mail }, { ...mail, id: 42, subject: 'Welcome', attachments: [] }] });
    let gone = false;
    s.on('GET', /^\/mail\/outbox\/41\/attachments\/0$/, () =>
      gone ? reply(404, { success: false, message: OUTBOX_MESSAGES.attachmentGone }) : 'RIFF',
    );
    const objectUrl = vi.fn(() => 'blob:attachment');
    URL.createObjectURL = objectUrl;
    URL.revokeObjectURL = vi.fn();
    const { user } = renderPanel(<OutboxPage />, { url: '/outbox' });
    const row = await screen.findByRole('row', { name: /New voicemail from 07700900123/ });
    expect(within(row).getByText('1')).toBeTruthy(); // its attachment count
    await user.click(within(row).getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog');
    const table = within(dialog).getByRole('list', { name: 'Attachments' });
    const [item] = within(table).getAllByRole('listitem');
    expect(item?.textContent).toBe('voicemail-20261129T101500.wavaudio/wav · 48.0 KBDownload');
    await user.click(within(table).getByRole('button', { name: 'Download voicemail-20261129T101500.wav' }));
    await vi.waitFor(() => expect(objectUrl).toHaveBeenCalledTimes(1));
    expect(s.sent('GET', '/mail/outbox/41/attachments/0')).toHaveLength(1);
    gone = true;
    await user.click(within(table).getByRole('button', { name: 'Download voicemail-20261129T101500.wav' }));
    expect(await within(dialog).findByText(OUTBOX_MESSAGES.attachmentGone)).toBeTruthy();
    expect(objectUrl).toHaveBeenCalledTimes(1);
  });
});
